import { z } from 'zod';
import { Id } from './common';
import { Month, Year } from './fin-common';
import { PageQuery } from './paging';

const Sort = { SortField: PageQuery.shape.SortField, SortOrder: PageQuery.shape.SortOrder };

/* ---------- Mapping of outside (legacy or SAP) cost-centre codes to ours ---------- */

export const CostCenterMappingFilters = z.object({
  SourceCode: z.string().trim().max(40).optional(),
  CostCenterID: Id.optional(),
  Keyword: z.string().trim().max(100).optional(),
});
export const GetCostCenterMappingBody = PageQuery.extend(CostCenterMappingFilters.shape);
export type GetCostCenterMappingBody = z.infer<typeof GetCostCenterMappingBody>;
export const ExportCostCenterMappingBody = CostCenterMappingFilters.extend(Sort);

export const CostCenterMappingRow = z.object({
  MappingID: Id,
  SourceCode: z.string(),
  CostCenterID: Id,
  CostCenterCode: z.string(),
  CostCenterName: z.string(),
  CostCenterStatus: z.string(),
  Description: z.string().nullable(),
});
export type CostCenterMappingRow = z.infer<typeof CostCenterMappingRow>;

/* ---------- Year-to-date amounts entered by hand ---------- */

export const YTDManualFilters = z.object({
  Year: Year.optional(),
  Month: Month.optional(),
  CostCenterID: Id.optional(),
  LedgerExpenseCode: z.string().trim().max(40).optional(),
});
export const GetYTDManualBody = PageQuery.extend(YTDManualFilters.shape);
export type GetYTDManualBody = z.infer<typeof GetYTDManualBody>;
export const ExportYTDManualBody = YTDManualFilters.extend(Sort);

export const YTDManualRow = z.object({
  YTDManualID: Id,
  Year: z.number().int(),
  Month: z.number().int(),
  CostCenterID: Id,
  CostCenterCode: z.string(),
  CostCenterName: z.string(),
  LedgerExpenseCode: z.string(),
  LedgerExpenseName: z.string().nullable(),
  Amount: z.string(),
  Remark: z.string().nullable(),
});
export type YTDManualRow = z.infer<typeof YTDManualRow>;

/** Totals of the rows the filters select, so a screen can show the year-to-date sum. */
export const YTDManualPage = z.object({ Total: z.number().int(), Rows: z.array(YTDManualRow), Amount: z.string() });
