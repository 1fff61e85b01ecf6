import { z } from 'zod';

/** Body of every list call: 1-based page, default 20 rows, at most 500. */
export const PageQuery = z.object({
  PageIndex: z.coerce.number().int().min(1).default(1),
  PageSize: z.coerce.number().int().min(1).max(500).default(20),
  SortField: z.string().max(64).optional(),
  SortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * One page of a list. Lists that can hold a year of a company's documents stop counting at a cap: `TotalCapped`
 * says there are more than `Total` rows, and the pager shows "10,000+".
 */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ Total: z.number().int(), TotalCapped: z.boolean().optional(), Rows: z.array(row) });
}
export type Page<T> = { Total: number; TotalCapped?: boolean; Rows: T[] };

/** Fields the web client adds to every body; authority comes from the token alone. */
export const Enrichment = z.object({
  UserID: z.union([z.string(), z.number()]).optional(),
  CompanyID: z.union([z.string(), z.number()]).optional(),
  ProxyId: z.union([z.string(), z.number()]).nullish(),
  Language: z.string().max(10).optional(),
});

export const Ok = z.object({ Success: z.literal(true) });
export type Ok = z.infer<typeof Ok>;

/** Answer of an Excel import: the whole file was applied, in one transaction. */
export const ImportResult = z.object({
  Imported: z.number().int(),
  Created: z.number().int(),
  Updated: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResult>;
