import { z } from 'zod';
import { CnapsCode } from './bank';
import { BankName, DateOnly, Id, MasterCode, Name, Version } from './common';
import { ExpenseCategory, ExpenseDocType, MasterKeyword, MasterStatusFilter } from './expense-masterdata';
import { PageQuery } from './paging';

/** Products and BUs, providers and the PO white list, the GL mapping of items, named lookups and master-data names. */

// Products and business units (ProductConfig, ProductConfigBU)

export const ProductBuRow = z.object({
  ID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  TeamID: Id.nullable(),
  TeamCode: z.string().nullable(),
  TeamName: z.string().nullable(),
  Active: z.boolean(),
  ProductCount: z.number().int(),
  Version: Version,
});
export type ProductBuRow = z.infer<typeof ProductBuRow>;
export const SearchProductBuBody = PageQuery.extend({ Keyword: MasterKeyword, Status: MasterStatusFilter.optional() });
export type SearchProductBuBody = z.infer<typeof SearchProductBuBody>;
export const SaveProductBuBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  TeamID: Id.nullish(),
  Active: z.boolean().default(true),
});
export type SaveProductBuBody = z.infer<typeof SaveProductBuBody>;

export const ProductRow = z.object({
  ID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  BuID: Id.nullable(),
  BuCode: z.string().nullable(),
  BuName: z.string().nullable(),
  SapCode: z.string().nullable(),
  Active: z.boolean(),
  Version: Version,
});
export type ProductRow = z.infer<typeof ProductRow>;
export const SearchProductBody = PageQuery.extend({
  Keyword: MasterKeyword,
  BuID: Id.optional(),
  Status: MasterStatusFilter.optional(),
});
export type SearchProductBody = z.infer<typeof SearchProductBody>;
export const SaveProductBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  BuID: Id.nullish(),
  SapCode: z.string().trim().max(40).nullish(),
  Active: z.boolean().default(true),
});
export type SaveProductBody = z.infer<typeof SaveProductBody>;

// Providers (vendor master) and the PO white list

export const PROVIDER_CATEGORIES = [
  'hotel',
  'travel_agency',
  'conference',
  'hospital_research',
  'airline',
  'catering',
  'other',
] as const;
export const ProviderCategory = z.enum(PROVIDER_CATEGORIES);
export type ProviderCategory = z.infer<typeof ProviderCategory>;

export const ProviderRow = z.object({
  ID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  TaxNo: z.string().nullable(),
  BankName: z.string().nullable(),
  BankAccount: z.string().nullable(),
  BankCnaps: z.string().nullable(),
  BankBranch: z.string().nullable(),
  Category: z.string().nullable(),
  Active: z.boolean(),
  OnPOWhiteList: z.boolean(),
  Version: Version,
});
export type ProviderRow = z.infer<typeof ProviderRow>;
export const SearchProviderBody = PageQuery.extend({
  Code: MasterKeyword,
  Name: MasterKeyword,
  TaxNo: MasterKeyword,
  BankAccount: MasterKeyword,
  Category: ProviderCategory.optional(),
  Status: MasterStatusFilter.optional(),
});
export type SearchProviderBody = z.infer<typeof SearchProviderBody>;
export const GetProviderListBody = PageQuery.extend({ Keyword: MasterKeyword, Category: ProviderCategory.optional() });
export type GetProviderListBody = z.infer<typeof GetProviderListBody>;
export const GetProviderInfoBody = z.object({ ProviderID: Id });
export const SaveProviderBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  /** Unified social credit code (18) or an older tax number (15–20 letters and digits). */
  TaxNo: z
    .string()
    .trim()
    .regex(/^[0-9A-Z]{15,20}$/)
    .nullish(),
  BankName: BankName.nullish(),
  // Digits; or the list's mask sent back unchanged, which keeps the stored number.
  BankAccount: z
    .string()
    .trim()
    .regex(/^(\d{8,32}|\*{4}( \*{4} \d{4})?)$/)
    .nullish(),
  /** The branch's CNAPS code, from the bank-branch directory (docs/decisions/047). */
  BankCnaps: CnapsCode.nullish(),
  Category: ProviderCategory,
  Active: z.boolean().default(true),
});
export type SaveProviderBody = z.infer<typeof SaveProviderBody>;

export const POWhiteListRow = z.object({
  ID: Id,
  ProviderID: Id,
  ProviderCode: z.string(),
  ProviderName: z.string(),
  TaxNo: z.string().nullable(),
  Reason: z.string().nullable(),
  ValidTo: z.string().nullable(),
  Expired: z.boolean(),
  CreatedAt: z.string(),
  Version: Version,
});
export type POWhiteListRow = z.infer<typeof POWhiteListRow>;
export const SearchPOWhiteListBody = PageQuery.extend({
  Keyword: MasterKeyword,
  Validity: z.enum(['valid', 'expired']).optional(),
});
export type SearchPOWhiteListBody = z.infer<typeof SearchPOWhiteListBody>;
export const SavePOWhiteListBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  ProviderID: Id,
  Reason: z.string().trim().min(1).max(200),
  ValidTo: DateOnly.nullish(),
});
export type SavePOWhiteListBody = z.infer<typeof SavePOWhiteListBody>;

// GL mapping of expense items (MainExpenseItemConfig)

export const ItemConfigRow = z.object({
  ID: Id,
  ExpenseItemID: Id,
  ExpenseItemCode: z.string(),
  ExpenseItemName: z.string(),
  DocType: ExpenseDocType,
  CostCenterType: z.string().nullable(),
  ProductID: Id.nullable(),
  ProductCode: z.string().nullable(),
  ProductName: z.string().nullable(),
  LedgerExpenseID: Id,
  LedgerExpenseCode: z.string(),
  LedgerExpenseName: z.string(),
  GLAccount: z.string(),
  LedgerExpenseStatus: z.string(),
  Version: Version,
});
export type ItemConfigRow = z.infer<typeof ItemConfigRow>;
export const SearchItemConfigBody = PageQuery.extend({
  Keyword: MasterKeyword,
  ExpenseItemID: Id.optional(),
  DocType: ExpenseDocType.optional(),
  LedgerExpenseID: Id.optional(),
  CostCenterType: z.string().trim().max(30).optional(),
  ProductID: Id.optional(),
});
export type SearchItemConfigBody = z.infer<typeof SearchItemConfigBody>;
export const SaveItemConfigBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  ExpenseItemID: Id,
  DocType: ExpenseDocType,
  CostCenterType: z
    .string()
    .trim()
    .max(30)
    .regex(/^[a-z][a-z0-9_]*$/)
    .nullish(),
  ProductID: Id.nullish(),
  LedgerExpenseID: Id,
});
export type SaveItemConfigBody = z.infer<typeof SaveItemConfigBody>;
export const ItemConfigLookupBody = z.object({
  Keyword: MasterKeyword,
  DocType: ExpenseDocType.optional(),
  BuID: Id.optional(),
});
export type ItemConfigLookupBody = z.infer<typeof ItemConfigLookupBody>;
/** A choice in a picker: ledger expenses, products, items, cost-centre types. */
export const MasterOption = z.object({
  Value: z.union([z.number().int(), z.string()]),
  Code: z.string().nullable(),
  Label: z.string(),
  /** A second line: a GL account, a BU, a category, how many cost centres have the type. */
  Extra: z.string().nullable(),
});
export type MasterOption = z.infer<typeof MasterOption>;
export const MasterOptions = z.object({ Rows: z.array(MasterOption) });

// Named lookups (GetCommonSql): a fixed list of names, each with its own parameters; never SQL from the client.

export const COMMON_LOOKUPS = [
  'ExpenseCategories',
  'ExpenseTypesByDocType',
  'ExpenseItemsByType',
  'ExpenseItemsByCategory',
  'SubExpenseItems',
  'ProductBUs',
  'Products',
  'Providers',
  'ProviderCategories',
  'StartedLedgerExpenses',
  'CostCentreTypes',
] as const;
export const CommonLookupName = z.enum(COMMON_LOOKUPS);
export type CommonLookupName = z.infer<typeof CommonLookupName>;
export const GetCommonSqlBody = z
  .object({
    Name: CommonLookupName,
    Params: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
    UserID: z.union([z.string(), z.number()]).optional(),
    CompanyID: z.union([z.string(), z.number()]).optional(),
    ProxyId: z.union([z.string(), z.number()]).nullish(),
    Language: z.string().max(10).optional(),
  })
  .strict();
export type GetCommonSqlBody = z.infer<typeof GetCommonSqlBody>;
export const CommonLookupParams = {
  ExpenseCategories: z.object({}).strict(),
  ExpenseTypesByDocType: z.object({ DocType: ExpenseDocType }).strict(),
  ExpenseItemsByType: z.object({ ExpenseTypeID: Id }).strict(),
  ExpenseItemsByCategory: z.object({ Category: ExpenseCategory }).strict(),
  SubExpenseItems: z.object({ ExpenseItemID: Id }).strict(),
  ProductBUs: z.object({}).strict(),
  Products: z.object({ BuID: Id.optional() }).strict(),
  Providers: z.object({ Category: ProviderCategory.optional(), Keyword: MasterKeyword }).strict(),
  ProviderCategories: z.object({}).strict(),
  StartedLedgerExpenses: z.object({ Keyword: MasterKeyword }).strict(),
  CostCentreTypes: z.object({}).strict(),
} satisfies Record<CommonLookupName, z.ZodType>;

// Names of master data in both languages (MasterDataLanuage)

export const MASTER_NAME_KINDS = [
  'cost_centre',
  'internal_order',
  'ledger_expense',
  'expense_type',
  'expense_item',
  'expense_sub_item',
  'product',
  'product_bu',
  'provider',
  'team',
] as const;
export const MasterNameKind = z.enum(MASTER_NAME_KINDS);
export type MasterNameKind = z.infer<typeof MasterNameKind>;
export const MasterNameRow = z.object({
  Key: z.string(),
  Kind: MasterNameKind,
  ID: Id,
  Code: z.string(),
  /** What the record belongs to: the document type of an expense type, the item of a sub-item. */
  Owner: z.string().nullable(),
  NameZH: z.string(),
  NameEN: z.string(),
  Active: z.boolean(),
  Version: Version,
});
export type MasterNameRow = z.infer<typeof MasterNameRow>;
export const SearchMasterNameBody = PageQuery.extend({
  Kind: MasterNameKind,
  Keyword: MasterKeyword,
  /** Only names whose English is missing or still the Chinese text. */
  Untranslated: z.enum(['yes']).optional(),
});
export type SearchMasterNameBody = z.infer<typeof SearchMasterNameBody>;
export const SaveMasterNameBody = z.object({
  Kind: MasterNameKind,
  ID: Id,
  Version: Version,
  NameZH: Name,
  NameEN: Name,
});
export type SaveMasterNameBody = z.infer<typeof SaveMasterNameBody>;
