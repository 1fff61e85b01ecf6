import { z } from 'zod';
import { Id, RequiredText, Text } from './common';
import { DocState, DocType } from './documents';
import { PageQuery } from './paging';
import { PreviewData } from './preview';

/** What the post centre's list shows: documents awaiting their paper, or the clerk's open intake batch. */
export const POST_CENTRE_VIEWS = ['awaiting', 'batch'] as const;

export const SearchPostCenterBody = PageQuery.extend({
  View: z.enum(POST_CENTRE_VIEWS).default('awaiting'),
  Keyword: Text(100).optional(),
  DocType: z.enum(['loan', 'deputy']).optional(),
});
export type SearchPostCenterBody = z.infer<typeof SearchPostCenterBody>;

export const PostCenterRow = z.object({
  ID: Id,
  DocNo: z.string(),
  DocType,
  Status: DocState,
  ApplicantCode: z.string(),
  ApplicantName: z.string(),
  TeamName: z.string().nullable(),
  Currency: z.string(),
  TotalAmount: z.string(),
  TotalAmountCNY: z.string(),
  Reason: z.string().nullable(),
  ApprovedAt: z.string().nullable(),
  /** When the paper was scanned into the batch; null while awaiting. */
  ReceivedAt: z.string().nullable(),
  Version: z.number().int(),
});
export type PostCenterRow = z.infer<typeof PostCenterRow>;

/** The open intake batch of the signed-in clerk: what "return all" and "delete all" act on. */
export const PostBatch = z.object({
  BatchID: Id.nullable(),
  OpenedAt: z.string().nullable(),
  Count: z.number().int(),
});
export type PostBatch = z.infer<typeof PostBatch>;

export const PostCenterPage = z.object({
  Total: z.number().int(),
  TotalCapped: z.boolean().optional(),
  Rows: z.array(PostCenterRow),
  Batch: PostBatch,
});
export type PostCenterPage = z.infer<typeof PostCenterPage>;

/** A document number as the barcode scanner types it, or as a person keys it in. */
export const PostCenterReceiveBody = z.object({ DocNo: RequiredText(40) });
export type PostCenterReceiveBody = z.infer<typeof PostCenterReceiveBody>;

export const PostCenterReceived = z.object({ Row: PostCenterRow, Batch: PostBatch });
export type PostCenterReceived = z.infer<typeof PostCenterReceived>;

/** Return all: the owners get their documents back, with the reason. */
export const PostCenterReturnAllBody = z.object({ BatchID: Id, Reason: RequiredText(500) });
export type PostCenterReturnAllBody = z.infer<typeof PostCenterReturnAllBody>;
/** One open batch of the clerk: delete all (the scans were a mistake) or close it (hand it on). */
export const PostBatchBody = z.object({ BatchID: Id });
export type PostBatchBody = z.infer<typeof PostBatchBody>;
export const PostCenterBatchResult = z.object({ Count: z.number().int(), Batch: PostBatch });
export type PostCenterBatchResult = z.infer<typeof PostCenterBatchResult>;

/** A read-only link to one document or one file, signed and expiring, that opens without signing in. */
export const ShareLinkBody = z.object({
  ID: Id,
  /** How long the link works, in hours; a week unless asked. */
  Hours: z.coerce.number().int().min(1).max(720).optional(),
});
export type ShareLinkBody = z.infer<typeof ShareLinkBody>;
export const ShareLink = z.object({ Url: z.string(), Token: z.string(), ExpiresAt: z.string() });
export type ShareLink = z.infer<typeof ShareLink>;

export const SharedTokenBody = z.object({ Token: RequiredText(2000) });
export type SharedTokenBody = z.infer<typeof SharedTokenBody>;
export const SharedDocument = z.object({
  Document: PreviewData,
  Files: z.array(
    z.object({ ID: Id, FileName: z.string(), MimeType: z.string(), Size: z.number().int(), Token: z.string() }),
  ),
  ExpiresAt: z.string(),
});
export type SharedDocument = z.infer<typeof SharedDocument>;
