import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import {
  ACCEPTED_TYPES,
  ATTACHMENT_KINDS,
  type AttachmentKind,
  type AttachmentList,
  type AttachmentRow,
  type Base64ImageBody,
  type Culture,
  EVIDENCE_KINDS,
  type FileTypeList,
  previewable,
} from '@ems/contracts';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, badRequest, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName, type Messages } from '../../../core/i18n';
import { MAX_UPLOAD_BYTES } from '../../../core/import';
import { audit } from '../../audit/audit.service';
import { receiptFilesOpen } from '../applies/receipts.service';
import { visible } from '../document.service';
import { lockDocument } from '../lifecycle/document.lock';
import { allowedActions, type DocFacts, isOwner } from '../lifecycle/document.policy';
import { type ArchiveEntry, uniqueNames, zipStream } from './attachment.archive';
import * as repo from './attachment.repository';
import { sniff } from './attachment.sniff';
import { AttachmentStore } from './attachment.storage';

type Stored = NonNullable<Awaited<ReturnType<typeof repo.findById>>>;
type Found = Awaited<ReturnType<typeof visible>>;

const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;
const IMAGE_TYPES = new Set(ACCEPTED_TYPES.filter((t) => t.image).map((t) => t.mimeType));
const EXTENSION = new Map(ACCEPTED_TYPES.map((t) => [t.mimeType, t.extensions[0]!]));

const kindName = (messages: Messages, kind: string, culture: Culture) => messages.t(`attachment.kind.${kind}`, culture);

/** The attachment kinds in the caller's language, the accepted types and the size limit. */
export function fileTypes(messages: Messages, culture: Culture): FileTypeList {
  return {
    Kinds: ATTACHMENT_KINDS.map((k) => ({ Kind: k, KindName: kindName(messages, k, culture) })),
    AcceptedTypes: ACCEPTED_TYPES.map((t) => ({
      MimeType: t.mimeType,
      Extensions: [...t.extensions],
      IsImage: t.image,
    })),
    MaxBytes: MAX_UPLOAD_BYTES,
  };
}

/** Files may change while the document may be edited: by its owner, in draft or returned. */
function mayEdit(user: SessionUser, d: DocFacts): boolean {
  return allowedActions(user, d, false).includes('edit');
}

function assertEditable(user: SessionUser, d: DocFacts): void {
  if (!isOwner(user, d)) throw refused('attachment.not_owner');
  if (!mayEdit(user, d)) throw refused('attachment.document_locked');
}

/** A file name as it may be stored and sent back: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string, mimeType: string): string {
  const base = [...basename(name.replaceAll('\\', '/'))]
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127 && c !== '"')
    .join('')
    .trim();
  const fallback = `file${EXTENSION.get(mimeType) ?? ''}`;
  const cleaned = base === '' || base === '.' || base === '..' ? fallback : base;
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 255 - ext.length) + ext;
}

function toRow(
  messages: Messages,
  culture: Culture,
  r: Awaited<ReturnType<typeof repo.listOf>>[number],
  editable: boolean,
): AttachmentRow {
  return {
    ID: r.a.id,
    DocumentID: r.a.documentId,
    Kind: r.a.kind as AttachmentKind,
    KindName: kindName(messages, r.a.kind, culture),
    FileName: r.a.fileName,
    MimeType: r.a.mimeType,
    Size: r.a.size,
    UploadedByName: localName(culture, r.uploaderZh, r.uploaderEn),
    UploadedAt: r.a.uploadedAt.toISOString(),
    IsImage: IMAGE_TYPES.has(r.a.mimeType),
    CanRemove: editable,
  };
}

/** A document's files, for anyone who may see the document. */
export async function list(
  ctx: AppContext,
  user: SessionUser,
  documentId: number,
  culture: Culture,
): Promise<AttachmentList> {
  const found = await visible(ctx.db, user, documentId);
  const editable = mayEdit(user, found.d);
  const rows = await repo.listOf(ctx.db, documentId);
  return { Rows: rows.map((r) => toRow(ctx.messages, culture, r, editable)), Editable: editable };
}

export interface NewFile {
  documentId: number;
  kind: AttachmentKind;
  fileName: string;
  data: Buffer;
  /** A file of one goods receipt of the apply. */
  goodsReceiptId?: number | undefined;
}

const EVIDENCE = new Set<string>(EVIDENCE_KINDS);

/**
 * Where a new file goes: a document's own files while it may be edited; evidence of an approved apply, which its
 * owner uploads after the event (DESIGN §11); a goods receipt's files while the apply takes receipts.
 */
function targetOf(d: DocFacts, file: NewFile): 'document' | 'evidence' | 'receipt' {
  if (file.goodsReceiptId) return 'receipt';
  return d.docType === 'apply' && d.status === 'approved' && EVIDENCE.has(file.kind) ? 'evidence' : 'document';
}

/** Checked before the bytes are stored and again under the document's lock. */
async function assertMayAdd(db: Db | null, user: SessionUser, d: DocFacts, file: NewFile) {
  const target = targetOf(d, file);
  if (target === 'document') return assertEditable(user, d);
  if (!isOwner(user, d)) throw refused('attachment.not_owner');
  if (target === 'evidence' && d.status !== 'approved') throw refused('attachment.document_locked');
  if (target === 'receipt' && db) await receiptFilesOpen(db, user, file.goodsReceiptId!, file.documentId);
}

/**
 * Stores a file of an editable document: checks the size and the content's type, writes the bytes, then inserts
 * the row and its audit in one transaction (the written file is removed again if that fails).
 */
export async function save(
  ctx: AppContext,
  user: SessionUser,
  file: NewFile,
  culture: Culture,
  requestId: string,
  onlyImages = false,
): Promise<AttachmentRow> {
  const found = await visible(ctx.db, user, file.documentId);
  await assertMayAdd(null, user, found.d, file);
  if (file.data.length === 0) throw badRequest('attachment.empty');
  if (file.data.length > MAX_UPLOAD_BYTES) throw new AppError(413, 'attachment.too_large', { max: MAX_MB });
  const type = await sniff(file.data);
  if (!type.accepted) throw new AppError(415, 'attachment.type_refused', { type: type.detected });
  if (onlyImages && !IMAGE_TYPES.has(type.mimeType))
    throw new AppError(415, 'attachment.image_required', { type: type.mimeType });

  const store = new AttachmentStore(ctx.config.dataDir);
  const { key, sha256 } = await store.put(file.data);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      // The document's lock: no submit slips between the edit check and the file's row.
      const locked = await lockDocument(tx, file.documentId);
      if (!locked) throw notFound();
      await assertMayAdd(tx, user, { ...found.d, status: locked.status }, file);
      const row = await repo.insert(tx, {
        documentId: file.documentId,
        goodsReceiptId: file.goodsReceiptId ?? null,
        kind: file.kind,
        fileName: cleanFileName(file.fileName, type.mimeType),
        mimeType: type.mimeType,
        size: file.data.length,
        sha256,
        storageKey: key,
        uploadedBy: user.userId,
      });
      await audit(tx, {
        companyId: user.companyId,
        actorId: user.userId,
        principalId: found.d.applicantId,
        action: 'upload',
        entity: 'attachment',
        entityId: row.id,
        detail: {
          documentId: file.documentId,
          goodsReceiptId: file.goodsReceiptId,
          kind: file.kind,
          fileName: row.fileName,
          size: row.size,
          sha256,
        },
        requestId,
      });
      return row.id;
    });
    const rows = await repo.listOf(ctx.db, file.documentId, file.goodsReceiptId);
    return toRow(ctx.messages, culture, rows.find((r) => r.a.id === id)!, targetOf(found.d, file) !== 'evidence');
  } catch (err) {
    await store.remove(key);
    throw err;
  }
}

const DATA_URL = /^data:([\w.+/-]+)?(;[\w=-]+)*;base64,/;

/** A picture sent as a data URL or bare base64 (phone camera, signature): decoded, checked and stored like an upload. */
export async function saveBase64(
  ctx: AppContext,
  user: SessionUser,
  body: Base64ImageBody,
  culture: Culture,
  requestId: string,
): Promise<AttachmentRow> {
  const text = body.Data.replace(DATA_URL, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text) || text.length % 4 === 1)
    throw new AppError(400, 'validation.failed', undefined, [{ field: 'Data', code: 'attachment.base64_invalid' }]);
  const data = Buffer.from(text, 'base64');
  const type = await sniff(data);
  const name =
    body.FileName.includes('.') || !type.accepted ? body.FileName : body.FileName + EXTENSION.get(type.mimeType);
  return save(
    ctx,
    user,
    { documentId: body.DocumentID, kind: body.Kind, fileName: name, data },
    culture,
    requestId,
    true,
  );
}

/** A goods receipt's files; `editable` says whether the user may remove them now. */
export async function receiptFiles(
  ctx: AppContext,
  documentId: number,
  goodsReceiptId: number,
  culture: Culture,
  editable: boolean,
): Promise<AttachmentRow[]> {
  const rows = await repo.listOf(ctx.db, documentId, goodsReceiptId);
  return rows.map((r) => toRow(ctx.messages, culture, r, editable));
}

/** Which files a removal is for, and what it checks under the document's lock (status as locked). */
export interface RemovalRule {
  /** Whether the call deals with this file at all; any other is "not found". */
  owns: (file: Stored, d: Found['d']) => boolean;
  check: (tx: Db, file: Stored, d: Found['d']) => unknown;
}

/**
 * Removes one file: found, its document visible, the rule's check under the document's lock; the row and its audit
 * in one transaction, then the bytes.
 */
export async function removeFile(ctx: AppContext, user: SessionUser, id: number, requestId: string, rule: RemovalRule) {
  const file = await repo.findById(ctx.db, id);
  if (!file) throw notFound();
  const found = await visible(ctx.db, user, file.documentId);
  if (!rule.owns(file, found.d)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const locked = await lockDocument(tx, file.documentId);
    if (!locked) throw notFound();
    await rule.check(tx, file, { ...found.d, status: locked.status });
    await repo.remove(tx, id);
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      principalId: found.d.applicantId,
      action: 'remove',
      entity: 'attachment',
      entityId: id,
      detail: {
        documentId: file.documentId,
        goodsReceiptId: file.goodsReceiptId,
        kind: file.kind,
        fileName: file.fileName,
        sha256: file.sha256,
      },
      requestId,
    });
  });
  await new AttachmentStore(ctx.config.dataDir).remove(file.storageKey);
}

/** DeleteGRFile: removes a file of a goods receipt the apply's owner may still change. */
export function removeReceiptFile(ctx: AppContext, user: SessionUser, id: number, requestId: string) {
  return removeFile(ctx, user, id, requestId, {
    owns: (file) => file.goodsReceiptId !== null,
    check: (tx, file) => receiptFilesOpen(tx, user, file.goodsReceiptId!, file.documentId),
  });
}

/** Removes a file of an editable document. */
export function remove(ctx: AppContext, user: SessionUser, id: number, requestId: string): Promise<void> {
  return removeFile(ctx, user, id, requestId, {
    owns: (file) => file.goodsReceiptId === null,
    check: (_tx, _file, d) => assertEditable(user, d),
  });
}

/** One file the user may see, opened for streaming. */
export async function open(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  purpose: 'preview' | 'download',
): Promise<{ file: Stored; stream: Readable }> {
  const file = await repo.findById(ctx.db, id);
  if (!file) throw notFound();
  await visible(ctx.db, user, file.documentId);
  if (purpose === 'preview' && !previewable(file.mimeType)) throw refused('attachment.no_preview');
  try {
    return { file, stream: await new AttachmentStore(ctx.config.dataDir).open(file.storageKey) };
  } catch {
    throw notFound('attachment.file_missing');
  }
}

/** Every file of a document as one ZIP archive named after the document number. */
export async function archive(
  ctx: AppContext,
  user: SessionUser,
  documentId: number,
): Promise<{ fileName: string; stream: Readable }> {
  const found = await visible(ctx.db, user, documentId);
  const rows = await repo.listOf(ctx.db, documentId);
  if (rows.length === 0) throw refused('attachment.none');
  const store = new AttachmentStore(ctx.config.dataDir);
  for (const r of rows) if (!(await store.exists(r.a.storageKey))) throw notFound('attachment.file_missing');
  const names = uniqueNames(rows.map((r) => r.a.fileName));
  const entries: ArchiveEntry[] = rows.map((r, i) => ({
    name: names[i]!,
    modified: r.a.uploadedAt,
    open: () => store.open(r.a.storageKey),
  }));
  return { fileName: `${found.d.docNo}.zip`, stream: zipStream(entries) };
}

/** How many files a document has (the printed sheet shows it). */
export function countOf(db: Db, documentId: number): Promise<number> {
  return repo.countOf(db, documentId);
}
