import type { FileTypeList } from '@ems/contracts';

export type FileRules = Pick<FileTypeList, 'AcceptedTypes' | 'MaxBytes'>;

/** Why a chosen file will not be sent: a language key (the server's own error texts) and its parameters. */
export interface Refusal {
  key: string;
  params?: Record<string, string | number>;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * The checks made before uploading, so a user is not kept waiting for a file the server would refuse anyway:
 * not empty, not over the limit, and a name or browser type of an accepted kind. The server still decides the
 * type from the content.
 */
export function checkFile(file: { name: string; size: number; type: string }, rules: FileRules): Refusal | null {
  if (file.size === 0) return { key: 'error.attachment.empty' };
  if (file.size > rules.MaxBytes)
    return { key: 'error.attachment.too_large', params: { max: megabytes(rules.MaxBytes) } };
  const ext = extensionOf(file.name);
  const known = rules.AcceptedTypes.some(
    (t) => t.Extensions.includes(ext) || (file.type !== '' && t.MimeType === file.type),
  );
  if (!known) return { key: 'error.attachment.type_refused', params: { type: ext || file.type || '?' } };
  return null;
}

/** The `accept` attribute of the file chooser: every accepted extension and content type. */
export function acceptAttribute(rules: FileRules): string {
  return rules.AcceptedTypes.flatMap((t) => [...t.Extensions, t.MimeType]).join(',');
}

export function megabytes(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

/** A file size for people: 512 B, 3.4 KB, 12.5 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Types the browser shows itself: pictures in the viewer, PDF in a tab. */
export function viewKind(mimeType: string): 'image' | 'pdf' | null {
  if (mimeType === 'application/pdf') return 'pdf';
  return mimeType.startsWith('image/') ? 'image' : null;
}
