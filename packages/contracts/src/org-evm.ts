import { z } from 'zod';
import { Id, IdList, MasterCode, Name, Version } from './common';
import { PageQuery } from './paging';

export const EVM_RELATION_STATUS = ['new', 'changed', 'queued', 'sent', 'deleting', 'failed'] as const;

export const EvmRelationRow = z.object({
  ID: Id,
  TeamID: Id,
  TeamCode: z.string(),
  TeamName: z.string(),
  EvmCode: z.string(),
  EvmName: z.string(),
  Remark: z.string().nullable(),
  Status: z.enum(EVM_RELATION_STATUS),
  SendCount: z.number().int(),
  SentAt: z.string().nullable(),
  LastError: z.string().nullable(),
  Version: Version,
});
export type EvmRelationRow = z.infer<typeof EvmRelationRow>;

export const SearchEvmRelationBody = PageQuery.extend({
  Keyword: z.string().trim().max(100).optional(),
  TeamID: Id.optional(),
  Status: z.enum(EVM_RELATION_STATUS).optional(),
});
export type SearchEvmRelationBody = z.infer<typeof SearchEvmRelationBody>;

export const SaveEvmRelationBody = z.object({
  TeamID: Id,
  EvmCode: MasterCode,
  EvmName: Name,
  Remark: z.string().trim().max(500).nullish(),
});
export type SaveEvmRelationBody = z.infer<typeof SaveEvmRelationBody>;
export const UpdateEvmRelationBody = SaveEvmRelationBody.extend({ ID: Id, Version });
export type UpdateEvmRelationBody = z.infer<typeof UpdateEvmRelationBody>;

export const EvmRelationIdsBody = z.object({ IDs: IdList });
/** What happened to each relation sent. */
export const EvmSendResult = z.object({
  Rows: z.array(
    z.object({
      ID: Id,
      Status: z.enum(EVM_RELATION_STATUS),
      Reference: z.string().nullable(),
      Error: z.string().nullable(),
    }),
  ),
});
