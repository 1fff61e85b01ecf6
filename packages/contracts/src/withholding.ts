import { z } from 'zod';
import { Id, MonthSchema } from './common';
import { PageQuery } from './paging';

/**
 * The lecture-fee withholding list (screen lectureFeeWithholding, docs/decisions/050): per lecturer and calendar
 * month what the company paid before tax, the individual income tax it withheld and what it paid after it, for the
 * monthly IIT filing. ID numbers are masked (`maskIdNumber`).
 */
export const SearchWithholdingBody = PageQuery.extend({
  /** One month (YYYY-MM); none: every month, newest first. */
  Month: MonthSchema.optional(),
  HCPID: Id.optional(),
});
export type SearchWithholdingBody = z.infer<typeof SearchWithholdingBody>;
export const ExportWithholdingBody = SearchWithholdingBody.omit({ PageIndex: true, PageSize: true });
export type ExportWithholdingBody = z.infer<typeof ExportWithholdingBody>;

export const WithholdingRow = z.object({
  /** The lecturer's month as the company keeps it. */
  WithholdingID: z.number().int(),
  Month: z.string(),
  HCPID: z.number().int(),
  HCPCode: z.string(),
  /** The lecturer's name in Chinese, as the tax bureau registers it, in every language. */
  Name: z.string(),
  /** The resident ID number, masked to its last four characters; null when none is kept. */
  IDNumber: z.string().nullable(),
  /** How many fees of the month the amounts sum. */
  Fees: z.number().int(),
  Gross: z.string(),
  Tax: z.string(),
  Net: z.string(),
});
export type WithholdingRow = z.infer<typeof WithholdingRow>;
