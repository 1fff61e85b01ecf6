import {
  AttachmentIdBody,
  AttachmentList,
  AttachmentRow,
  Base64ImageBody,
  DocumentFilesBody,
  FileTypeList,
  Ok,
  SaveFileFields,
} from '@ems/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context';
import { AppError, forbidden } from '../../../core/errors';
import { currentUser, post, type SessionUser } from '../../../core/http';
import { cultureOf } from '../../../core/i18n';
import { MAX_UPLOAD_BYTES, type Upload, uploadedFile } from '../../../core/import';
import { formFields } from '../../../core/problem';
import { actingKinds } from '../../workflow/proxy/proxy.service';
import { DOCUMENT_READERS } from '../lifecycle/document.policy';
import * as attachments from './attachment.service';

const tags = ['attachments'];
/** Adding and removing files is part of filling in documents. */
const FILL_IN = 'personalExpense';

/** Content-Disposition with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The uploaded file and its form fields; a file over the limit is refused with the limit named. */
async function receive(req: FastifyRequest): Promise<Upload> {
  try {
    const upload = await uploadedFile(req);
    if (upload.fields.Language) req.culture = cultureOf(upload.fields.Language, req.headers['accept-language']);
    return upload;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'attachment.too_large', { max: MAX_UPLOAD_BYTES / 1024 / 1024 });
    throw err;
  }
}

/**
 * A form's UserID, CompanyID and ProxyId follow the rules a JSON body's do: they must match the token, and acting
 * for someone needs a proxy grant in force today.
 */
async function formIdentity(ctx: AppContext, user: SessionUser, fields: Record<string, string>): Promise<void> {
  const { UserID, CompanyID, ProxyId } = fields;
  if ((UserID && UserID !== String(user.userId)) || (CompanyID && CompanyID !== String(user.companyId)))
    throw forbidden('auth.identity_mismatch');
  if (!ProxyId || ProxyId === String(user.userId)) return;
  const principalId = Number(ProxyId);
  const kinds = Number.isInteger(principalId) && principalId > 0 ? await actingKinds(ctx.db, user, principalId) : [];
  if (kinds.length === 0) throw new AppError(403, 'auth.proxy_not_allowed');
  user.actingFor = { principalId, kinds };
}

function noStore(reply: FastifyReply, contentType: string, size: number | undefined, dispositionValue: string) {
  reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', dispositionValue)
    .header('Cache-Control', 'private, no-store');
  if (size !== undefined) reply.header('Content-Length', size);
  return reply;
}

export async function attachmentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = '/api/UploadAttachment';
  post(
    app,
    `${base}/SearchFileType`,
    {
      permission: [...DOCUMENT_READERS],
      summary: 'Attachment kinds, accepted content types and the size limit',
      tags,
      response: FileTypeList,
    },
    async (req) => attachments.fileTypes(ctx.messages, req.culture),
  );
  post(
    app,
    `${base}/SearchAttachmentList`,
    {
      permission: [...DOCUMENT_READERS],
      summary: "A document's files, and whether the user may change them now",
      tags,
      body: DocumentFilesBody,
      response: AttachmentList,
    },
    async (req) => attachments.list(ctx, currentUser(req), req.body.DocumentID, req.culture),
  );
  post(
    app,
    `${base}/SaveFile`,
    {
      permission: FILL_IN,
      summary: 'Add a file to an editable document (multipart: DocumentID, Kind, one file of at most 30 MB)',
      tags,
      multipart: true,
      response: AttachmentRow,
    },
    async (req) => {
      const user = currentUser(req);
      const upload = await receive(req);
      await formIdentity(ctx, user, upload.fields);
      const fields = formFields(SaveFileFields, upload.fields);
      return attachments.save(
        ctx,
        user,
        {
          documentId: fields.DocumentID,
          kind: fields.Kind,
          goodsReceiptId: fields.GoodsReceiptID,
          fileName: upload.fileName,
          data: upload.data,
        },
        req.culture,
        String(req.id),
      );
    },
  );
  post(
    app,
    `${base}/Base64StringToImage`,
    {
      permission: FILL_IN,
      summary: 'Add a picture sent as a data URL or base64 (phone camera, signature) to an editable document',
      tags,
      body: Base64ImageBody,
      response: AttachmentRow,
      // Base64 is a third larger than the picture it carries.
      bodyLimit: Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024,
    },
    async (req) => attachments.saveBase64(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );
  post(
    app,
    `${base}/RemoveFile`,
    {
      permission: FILL_IN,
      summary: 'Remove a file of an editable document',
      tags,
      body: AttachmentIdBody,
      response: Ok,
    },
    async (req) => {
      await attachments.remove(ctx, currentUser(req), req.body.ID, String(req.id));
      return { Success: true as const };
    },
  );
  post(
    app,
    `${base}/GetImageFromFile`,
    {
      permission: [...DOCUMENT_READERS],
      summary: 'A picture or PDF, inline, for preview',
      tags,
      body: AttachmentIdBody,
    },
    async (req, reply) => {
      const { file, stream } = await attachments.open(ctx, currentUser(req), req.body.ID, 'preview');
      return noStore(reply, file.mimeType, file.size, disposition('inline', file.fileName)).send(stream);
    },
  );
  post(
    app,
    `${base}/DownloadFile`,
    { permission: [...DOCUMENT_READERS], summary: 'One file as a download', tags, body: AttachmentIdBody },
    async (req, reply) => {
      const { file, stream } = await attachments.open(ctx, currentUser(req), req.body.ID, 'download');
      return noStore(reply, file.mimeType, file.size, disposition('attachment', file.fileName)).send(stream);
    },
  );
  post(
    app,
    `${base}/DownloadOrder`,
    {
      permission: [...DOCUMENT_READERS],
      summary: "All of a document's files as one ZIP archive named after the document number",
      tags,
      body: DocumentFilesBody,
    },
    async (req, reply) => {
      const { fileName, stream } = await attachments.archive(ctx, currentUser(req), req.body.DocumentID);
      return noStore(reply, 'application/zip', undefined, disposition('attachment', fileName)).send(stream);
    },
  );
}
