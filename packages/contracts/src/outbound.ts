import { z } from 'zod';
import { Id } from './common';
import { ErpCallRow } from './finance-posting';
import { PageQuery } from './paging';

/** Calls to systems outside (mail, EVM, later ERP and bank), as the interface log lists them. */
export const OUTBOUND_QUEUES = ['mail', 'evm', 'erp', 'bank', 'bank_status', 'invoice'] as const;
export const OUTBOUND_STATES = ['queued', 'active', 'retry', 'done', 'failed'] as const;

export const OutboundJobRow = z.object({
  ID: z.number().int(),
  Queue: z.string(),
  State: z.enum(OUTBOUND_STATES),
  Attempts: z.number().int(),
  LastError: z.string().nullable(),
  RequestID: z.string().nullable(),
  CreatedAt: z.string(),
  CompletedAt: z.string().nullable(),
  /** An ERP call's requests and responses, newest first (the RFC log proper); absent for other interfaces. */
  ErpCalls: z.array(ErpCallRow).optional(),
});
export type OutboundJobRow = z.infer<typeof OutboundJobRow>;

export const SearchOutboundJobBody = PageQuery.extend({
  Queue: z.enum(OUTBOUND_QUEUES).optional(),
  State: z.enum(OUTBOUND_STATES).optional(),
});
export type SearchOutboundJobBody = z.infer<typeof SearchOutboundJobBody>;

export const RetryOutboundJobBody = z.object({ ID: Id });
