import { z } from 'zod';
import { DeleteByIdsBody, Id, IdList, MasterCode, Money, Name, Version } from './common';

export { DeleteByIdsBody };

import { PageQuery } from './paging';

/** Shared shapes of the expense master data: types, items, sub-items and their setups per document type. */

export const EXPENSE_DOC_TYPES = ['apply', 'loan', 'deputy'] as const;
export const ExpenseDocType = z.enum(EXPENSE_DOC_TYPES);
export type ExpenseDocType = z.infer<typeof ExpenseDocType>;

export const EXPENSE_CATEGORIES = [
  'lecture_fee',
  'hcp_meal',
  'meeting',
  'travel',
  'air_ticket',
  'ride_hailing',
  'clinical_trial',
  'phone',
  'office',
  'advance',
  'other',
] as const;
export const ExpenseCategory = z.enum(EXPENSE_CATEGORIES);
export type ExpenseCategory = z.infer<typeof ExpenseCategory>;

/** Filter on the active flag of master rows. */
export const MasterStatusFilter = z.enum(['active', 'inactive']);

// Schemas other schemas build on stay on one line: the web build marks them pure by that shape (build/pureContracts).
export const MasterKeyword = z.string().trim().max(100).optional();

export interface ExpenseTypeNode {
  ID: number;
  DocType: ExpenseDocType;
  Code: string;
  Name: string;
  NameZH: string;
  NameEN: string;
  ParentID: number | null;
  Active: boolean;
  Restricted: boolean;
  Sort: number;
  ItemCount: number;
  Version: number;
  Children: ExpenseTypeNode[];
}
/** One expense type without its sub-types: the answer of Insert and Update. */
export const ExpenseTypeRecord = z.object({
  ID: Id,
  DocType: ExpenseDocType,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  ParentID: Id.nullable(),
  Active: z.boolean(),
  Restricted: z.boolean(),
  Sort: z.number().int(),
  ItemCount: z.number().int(),
  Version: Version,
});
export type ExpenseTypeRecord = z.infer<typeof ExpenseTypeRecord>;
export const ExpenseTypeNode: z.ZodType<ExpenseTypeNode> = z.lazy(() =>
  ExpenseTypeRecord.extend({ Children: z.array(ExpenseTypeNode) }),
);
export const ExpenseTypeTree = z.object({ Rows: z.array(ExpenseTypeNode) });

export const SearchExpenseTypeBody = z.object({ DocType: ExpenseDocType, Keyword: MasterKeyword });
export const SearchExpenseTypeAllBody = z.object({
  DocType: ExpenseDocType.optional(),
  IncludeInactive: z.boolean().optional(),
});
export const ExpenseTypeListBody = z.object({ IncludeInactive: z.boolean().optional() });

export const InsertExpenseTypeBody = z.object({
  ParentID: Id.nullish(),
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  Active: z.boolean().default(true),
  Restricted: z.boolean().default(false),
  Sort: z.number().int().min(0).max(9999).default(0),
});
export type InsertExpenseTypeBody = z.infer<typeof InsertExpenseTypeBody>;

export const UpdateExpenseTypeBody = z.object({
  ID: Id,
  Version: Version,
  ParentID: Id.nullish(),
  NameZH: Name,
  NameEN: Name,
  Active: z.boolean(),
  Restricted: z.boolean().default(false),
  Sort: z.number().int().min(0).max(9999).default(0),
});
export type UpdateExpenseTypeBody = z.infer<typeof UpdateExpenseTypeBody>;

export const ExpenseItemRow = z.object({
  ID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  Category: ExpenseCategory,
  InvolvesHCP: z.boolean(),
  Overseas: z.boolean(),
  SpecialApproverID: z.number().int().nullable(),
  /** Shown in the list; absent in a save's answer. */
  SpecialApproverName: z.string().nullable().optional(),
  NeedsInvoice: z.boolean(),
  /** A fapiao made out to a person (个人) is evidence for this item's lines (e.g. a rail e-ticket in the traveller's name). */
  PersonalBuyerAllowed: z.boolean(),
  MaxAmount: z.string().nullable(),
  Active: z.boolean(),
  Sort: z.number().int(),
  SubItemCount: z.number().int(),
  Version: Version,
});
export type ExpenseItemRow = z.infer<typeof ExpenseItemRow>;

export const SearchExpenseItemAllBody = PageQuery.extend({
  Keyword: MasterKeyword,
  Category: ExpenseCategory.optional(),
  Status: MasterStatusFilter.optional(),
  InvolvesHCP: z.boolean().optional(),
});
export type SearchExpenseItemAllBody = z.infer<typeof SearchExpenseItemAllBody>;

export const SaveExpenseItemBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  Category: ExpenseCategory,
  InvolvesHCP: z.boolean().default(false),
  Overseas: z.boolean().default(false),
  SpecialApproverID: Id.nullish(),
  NeedsInvoice: z.boolean().default(true),
  PersonalBuyerAllowed: z.boolean().default(false),
  MaxAmount: Money.nullish(),
  Active: z.boolean().default(true),
  Sort: z.number().int().min(0).max(9999).default(0),
});
export type SaveExpenseItemBody = z.infer<typeof SaveExpenseItemBody>;

/** The items an employee may choose on a document line. */
export const ExpenseItemOption = z.object({
  ID: Id,
  Code: z.string(),
  Name: z.string(),
  Category: ExpenseCategory,
  InvolvesHCP: z.boolean(),
  Overseas: z.boolean(),
  NeedsInvoice: z.boolean(),
  MaxAmount: z.string().nullable(),
});
export const ExpenseItemOptions = z.object({ Rows: z.array(ExpenseItemOption) });
export const SearchExpenseItemBody = z.object({ ExpenseTypeID: Id });
export const SearchExpenseItemSponsorBody = z.object({
  DocType: ExpenseDocType.optional(),
  ExpenseTypeID: Id.optional(),
});

export const SubExpenseItemRow = z.object({
  ID: Id,
  ExpenseItemID: Id,
  ExpenseItemCode: z.string(),
  ExpenseItemName: z.string(),
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  Active: z.boolean(),
  Sort: z.number().int(),
  Version: Version,
});
export type SubExpenseItemRow = z.infer<typeof SubExpenseItemRow>;
export const SearchSubExpenseItemListBody = PageQuery.extend({
  ExpenseItemID: Id.optional(),
  Keyword: MasterKeyword,
  Status: MasterStatusFilter.optional(),
});
export type SearchSubExpenseItemListBody = z.infer<typeof SearchSubExpenseItemListBody>;
export const SearchSubExpenseItemBody = z.object({ ExpenseItemID: Id });
export const SubExpenseItemOption = z.object({ ID: Id, Code: z.string(), Name: z.string() });
export const SubExpenseItemOptions = z.object({ Rows: z.array(SubExpenseItemOption) });

export const InsertSubExpenseItemBody = z.object({
  ExpenseItemID: Id,
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  Active: z.boolean().default(true),
  Sort: z.number().int().min(0).max(9999).default(0),
});
export type InsertSubExpenseItemBody = z.infer<typeof InsertSubExpenseItemBody>;
export const SaveSubExpenseItemBody = z.object({
  ID: Id,
  Version: Version,
  NameZH: Name,
  NameEN: Name,
  Active: z.boolean(),
  Sort: z.number().int().min(0).max(9999).default(0),
});
export type SaveSubExpenseItemBody = z.infer<typeof SaveSubExpenseItemBody>;

/** Items offered (selected) or not offered by one expense type, in the setups per document type. */
export const TypeItemListBody = PageQuery.extend({ ExpenseTypeID: Id, Keyword: MasterKeyword });
export type TypeItemListBody = z.infer<typeof TypeItemListBody>;
export const TypeItemRelationBody = z.object({
  ExpenseTypeID: Id,
  ExpenseItemIDs: IdList,
});
export type TypeItemRelationBody = z.infer<typeof TypeItemRelationBody>;

/** Employees allowed to use a restricted apply type. */
export const AuthorityListBody = PageQuery.extend({ ExpenseTypeID: Id, Keyword: MasterKeyword });
export type AuthorityListBody = z.infer<typeof AuthorityListBody>;
export const AuthorityAssignBody = z.object({
  ExpenseTypeID: Id,
  EmployeeIDs: IdList,
});
export type AuthorityAssignBody = z.infer<typeof AuthorityAssignBody>;

export const ExpenseTypeTeamRow = z.object({
  Key: z.string(),
  ExpenseTypeID: Id,
  DocType: ExpenseDocType,
  ExpenseTypeCode: z.string(),
  ExpenseTypeName: z.string(),
  TeamID: Id,
  TeamCode: z.string(),
  TeamName: z.string(),
});
export type ExpenseTypeTeamRow = z.infer<typeof ExpenseTypeTeamRow>;
export const SearchExpenseTypeTeamBody = PageQuery.extend({
  DocType: ExpenseDocType.optional(),
  ExpenseTypeID: Id.optional(),
  TeamID: Id.optional(),
  Keyword: MasterKeyword,
});
export type SearchExpenseTypeTeamBody = z.infer<typeof SearchExpenseTypeTeamBody>;
export const SaveExpenseTypeTeamBody = z.object({
  ExpenseTypeID: Id,
  TeamIDs: IdList,
});
export const DeleteExpenseTypeTeamBody = z.object({
  Items: z
    .array(z.object({ ExpenseTypeID: Id, TeamID: Id }))
    .min(1)
    .max(500),
});
