import { z } from 'zod';
import { Id, MasterCode, Name, OptionalDateOnly, Version } from './common';
import { BoolFlag, DocumentType, StartStop } from './fin-common';
import { PageQuery } from './paging';

const Sort = { SortField: PageQuery.shape.SortField, SortOrder: PageQuery.shape.SortOrder };

/* ---------- Internal orders (/api/InsideOrder/) ---------- */

export const InternalOrderFilters = z.object({
  Keyword: z.string().trim().max(100).optional(),
  InternalOrderCode: z.string().trim().max(40).optional(),
  Name: z.string().trim().max(200).optional(),
  Status: StartStop.optional(),
  CostCenterID: Id.optional(),
  /** Only those a new document may choose: started, valid today, on a started cost centre. */
  Choosable: BoolFlag.optional(),
  InternalOrderIDs: z.array(Id).max(100).optional(),
});
export type InternalOrderFilters = z.infer<typeof InternalOrderFilters>;
export const SearchInternalOrderBody = PageQuery.extend(InternalOrderFilters.shape);
export type SearchInternalOrderBody = z.infer<typeof SearchInternalOrderBody>;
export const ExportInternalOrderBody = InternalOrderFilters.extend(Sort);

export const InternalOrderRow = z.object({
  InternalOrderID: Id,
  InternalOrderCode: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  CostCenterID: Id.nullable(),
  CostCenterCode: z.string().nullable(),
  CostCenterName: z.string().nullable(),
  Status: StartStop,
  ValidFrom: z.string().nullable(),
  ValidTo: z.string().nullable(),
  Choosable: z.boolean(),
  Version: Version,
  UpdatedAt: z.string(),
});
export type InternalOrderRow = z.infer<typeof InternalOrderRow>;

export const SaveInternalOrderBody = z.object({
  InternalOrderID: Id.optional(),
  Version: Version.optional(),
  InternalOrderCode: MasterCode,
  NameZH: Name,
  NameEN: Name,
  CostCenterID: Id.nullish(),
  ValidFrom: OptionalDateOnly,
  ValidTo: OptionalDateOnly,
});
export type SaveInternalOrderBody = z.infer<typeof SaveInternalOrderBody>;

/* ---------- Ledger (main) expenses (/api/MainExpense/) ---------- */

export const MainExpenseFilters = z.object({
  Keyword: z.string().trim().max(100).optional(),
  MainExpenseCode: z.string().trim().max(40).optional(),
  Name: z.string().trim().max(200).optional(),
  GLAccount: z.string().trim().max(20).optional(),
  Status: StartStop.optional(),
  MainExpenseIDs: z.array(Id).max(100).optional(),
});
export const SearchMainExpenseBody = PageQuery.extend(MainExpenseFilters.shape);
export type SearchMainExpenseBody = z.infer<typeof SearchMainExpenseBody>;

export const MainExpenseRow = z.object({
  MainExpenseID: Id,
  MainExpenseCode: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  GLAccount: z.string(),
  Status: StartStop,
  /** How many expense-item configurations post to this ledger expense. */
  ItemConfigCount: z.number().int(),
  Version: Version,
});
export type MainExpenseRow = z.infer<typeof MainExpenseRow>;

export const MainExpenseItemUse = z.object({
  ConfigID: Id,
  ExpenseItemCode: z.string(),
  ExpenseItemName: z.string(),
  DocType: DocumentType,
  CostCenterType: z.string().nullable(),
  ProductID: Id.nullable(),
});
export const MainExpenseDetail = MainExpenseRow.extend({ ItemConfigs: z.array(MainExpenseItemUse) });
export type MainExpenseDetail = z.infer<typeof MainExpenseDetail>;

export const MainExpenseIdBody = z.object({ MainExpenseID: Id });

export const SaveMainExpenseBody = z.object({
  MainExpenseID: Id.optional(),
  Version: Version.optional(),
  MainExpenseCode: MasterCode,
  NameZH: Name,
  NameEN: Name,
  /** The GL account number in SAP: digits only. */
  GLAccount: z
    .string()
    .trim()
    .regex(/^\d{4,20}$/),
});
export type SaveMainExpenseBody = z.infer<typeof SaveMainExpenseBody>;
