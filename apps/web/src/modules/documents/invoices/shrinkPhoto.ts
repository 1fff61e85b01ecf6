/** The longest side a photo is sent at: a fapiao's QR code stays a few pixels a module, and the upload stays small. */
export const PHOTO_MAX_SIDE = 2000;

/**
 * A phone photo made smaller before it is uploaded: a 12-megapixel camera photo is 3–5 MB, slow on a train's
 * connection, and the server's reading of it takes over a second. JPEG and PNG photos longer than `PHOTO_MAX_SIDE`
 * are redrawn at that size as JPEG; anything else (PDF, OFD, XML, a small picture) goes as it is, as does a photo
 * the browser cannot draw.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!/^image\/(jpeg|png)$/.test(file.type) || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) {
      bitmap.close();
      return file;
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    return blob ? new File([blob], file.name.replace(/\.\w+$/, '.jpg'), { type: 'image/jpeg' }) : file;
  } catch {
    return file;
  }
}
