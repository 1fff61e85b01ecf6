import { z } from 'zod';
import { Id, Version } from './common';

/** Shared field rules of the finance master data (cost centres, internal orders, ledger expenses, settings). */

/** Cost centres, internal orders and ledger expenses are started and stopped, never deleted once used. */
export const START_STOP = ['started', 'stopped'] as const;
export const StartStop = z.enum(START_STOP);
export type StartStop = z.infer<typeof StartStop>;

export const DOCUMENT_TYPES = ['apply', 'loan', 'deputy'] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;

/** A percentage with up to two decimals, above 0 and at most 100. */
export const PercentString = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Number(v) <= 100, {
    message: 'not a percentage',
  });

/** A yes/no filter; from the URL it arrives as text. */
export const BoolFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const Year = z.coerce.number().int().min(2000).max(2100);
export const Month = z.coerce.number().int().min(1).max(12);

/** Starting or stopping rows: each with the version the user saw. */
export const StartStopBody = z.object({
  Items: z
    .array(z.object({ ID: Id, Version: Version }))
    .min(1)
    .max(500),
});
export type StartStopBody = z.infer<typeof StartStopBody>;

/** Answer of a start, stop or delete: how many rows changed. */
export const ChangedResult = z.object({ Success: z.literal(true), Changed: z.number().int() });
export type ChangedResult = z.infer<typeof ChangedResult>;
