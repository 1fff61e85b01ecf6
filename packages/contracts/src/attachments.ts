import { z } from 'zod';
import { Id } from './common';

/** What a document's file is (invoice, receipt, agreement, sign-in sheet, photo, other). */
export const ATTACHMENT_KINDS = ['invoice', 'receipt', 'agreement', 'sign_in_sheet', 'photo', 'other'] as const;
export const AttachmentKind = z.enum(ATTACHMENT_KINDS);
export type AttachmentKind = z.infer<typeof AttachmentKind>;

/** A content type the server accepts, found from the file's bytes; the extensions are what a file chooser offers. */
export interface AcceptedType {
  mimeType: string;
  extensions: readonly string[];
  image: boolean;
}

/** Every type an attachment may have. The server decides from the content, never from the name. */
export const ACCEPTED_TYPES: readonly AcceptedType[] = [
  { mimeType: 'image/jpeg', extensions: ['.jpg', '.jpeg'], image: true },
  { mimeType: 'image/png', extensions: ['.png'], image: true },
  { mimeType: 'image/gif', extensions: ['.gif'], image: true },
  { mimeType: 'image/webp', extensions: ['.webp'], image: true },
  { mimeType: 'image/bmp', extensions: ['.bmp'], image: true },
  { mimeType: 'application/pdf', extensions: ['.pdf'], image: false },
  { mimeType: 'application/ofd', extensions: ['.ofd'], image: false },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['.xlsx'],
    image: false,
  },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
    image: false,
  },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['.pptx'],
    image: false,
  },
  { mimeType: 'application/vnd.ms-excel', extensions: ['.xls'], image: false },
  { mimeType: 'application/msword', extensions: ['.doc'], image: false },
];

/** Types the browser can show inline: images and PDF. */
export function previewable(mimeType: string): boolean {
  return mimeType === 'application/pdf' || ACCEPTED_TYPES.some((t) => t.image && t.mimeType === mimeType);
}

export const FileTypeList = z.object({
  Kinds: z.array(z.object({ Kind: AttachmentKind, KindName: z.string() })),
  AcceptedTypes: z.array(z.object({ MimeType: z.string(), Extensions: z.array(z.string()), IsImage: z.boolean() })),
  /** The largest file accepted, in bytes. */
  MaxBytes: z.number().int(),
});
export type FileTypeList = z.infer<typeof FileTypeList>;

export const AttachmentRow = z.object({
  ID: Id,
  DocumentID: Id,
  Kind: AttachmentKind,
  KindName: z.string(),
  FileName: z.string(),
  MimeType: z.string(),
  Size: z.number().int(),
  UploadedByName: z.string(),
  UploadedAt: z.string(),
  IsImage: z.boolean(),
  /** The user may remove it now (the document is theirs and still editable). */
  CanRemove: z.boolean(),
});
export type AttachmentRow = z.infer<typeof AttachmentRow>;

export const AttachmentList = z.object({
  Rows: z.array(AttachmentRow),
  /** Whether the user may add and remove files of this document now. */
  Editable: z.boolean(),
});
export type AttachmentList = z.infer<typeof AttachmentList>;

export const DocumentFilesBody = z.object({ DocumentID: Id });
export const AttachmentIdBody = z.object({ ID: Id });

/** The text fields of the SaveFile form, sent before the file. */
export const SaveFileFields = z.object({
  DocumentID: Id,
  Kind: AttachmentKind.default('other'),
  /** A file of one goods receipt of the apply rather than of the document itself. */
  GoodsReceiptID: Id.optional(),
});
export type SaveFileFields = z.infer<typeof SaveFileFields>;

/** A picture taken in the browser (phone camera, signature pad) as a data URL or bare base64. */
export const Base64ImageBody = z.object({
  DocumentID: Id,
  Kind: AttachmentKind.default('photo'),
  FileName: z.string().trim().min(1).max(200),
  Data: z.string().min(1),
});
export type Base64ImageBody = z.infer<typeof Base64ImageBody>;
