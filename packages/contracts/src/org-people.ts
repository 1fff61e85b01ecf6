import { z } from 'zod';
import { BankAccountName, CnapsCode } from './bank';
import { BankName, Id, MasterCode, Money, Name, Version } from './common';
import { BoolFilter, EmployeeStatusEnum } from './org-common';
import { PageQuery } from './paging';
import { isMaskedAccount } from './pipl';

export const Username = z
  .string()
  .trim()
  .min(3)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.@-]*$/);
const Email = z.string().trim().max(200).email();
const Mobile = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{5,28}$/);
/** Digits; or the mask a masked export or list showed, sent back unchanged (the stored number is kept). */
const BankAccount = z
  .string()
  .trim()
  .transform((v) => (isMaskedAccount(v) ? v : v.replace(/\s+/g, '')))
  .pipe(z.string().refine((v) => /^\d{8,32}$/.test(v) || isMaskedAccount(v)));

export const EmployeeRow = z.object({
  EmployeeID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  Email: z.string().nullable(),
  Mobile: z.string().nullable(),
  TeamID: Id.nullable(),
  TeamName: z.string().nullable(),
  LineManagerID: Id.nullable(),
  LineManagerName: z.string().nullable(),
  Status: EmployeeStatusEnum,
  ApprovalLimit: z.string().nullable(),
  Username: z.string().nullable(),
  Version: Version,
});
export type EmployeeRow = z.infer<typeof EmployeeRow>;

const EmployeeFilters = z.object({
  Keyword: z.string().trim().max(100).optional(),
  TeamID: Id.optional(),
  /** With TeamID: the people of its sub-teams too. */
  IncludeSubTeams: BoolFilter.optional(),
  Status: EmployeeStatusEnum.optional(),
  LineManagerID: Id.optional(),
  HasAccount: BoolFilter.optional(),
});
export const SearchEmployeeBody = PageQuery.extend(EmployeeFilters.shape);
export type SearchEmployeeBody = z.infer<typeof SearchEmployeeBody>;
export const ExportEmployeeBody = EmployeeFilters.extend({
  SortField: z.string().max(64).optional(),
  SortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type ExportEmployeeBody = z.infer<typeof ExportEmployeeBody>;

export const EmployeeIdBody = z.object({ EmployeeID: Id });

export const EmployeeCompanyRelation = z.object({
  CompanyID: Id,
  CompanyName: z.string(),
  TeamID: Id.nullable(),
  TeamName: z.string().nullable(),
  IsDefault: z.boolean(),
});

/** One employee as the editor needs it. */
export const EmployeeRecord = z.object({
  EmployeeID: Id,
  Code: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  Email: z.string().nullable(),
  Mobile: z.string().nullable(),
  TeamID: Id.nullable(),
  TeamName: z.string().nullable(),
  LineManagerID: Id.nullable(),
  LineManagerName: z.string().nullable(),
  BankName: z.string().nullable(),
  BankAccount: z.string().nullable(),
  /** The holder's name as the bank registered it; null: the Chinese name. */
  BankAccountName: z.string().nullable(),
  /** The CNAPS code of the account's branch (联行号) and the branch's name from the directory. */
  BankCnaps: z.string().nullable(),
  BankBranch: z.string().nullable(),
  Language: z.string(),
  Status: EmployeeStatusEnum,
  ApprovalLimit: z.string().nullable(),
  Username: z.string().nullable(),
  Companies: z.array(EmployeeCompanyRelation),
  Version: Version,
});
export type EmployeeRecord = z.infer<typeof EmployeeRecord>;

export const SaveEmployeeBody = z.object({
  EmployeeID: Id.optional(),
  Code: MasterCode,
  NameZH: Name.max(100),
  NameEN: Name.max(100),
  Email: Email.nullish(),
  Mobile: Mobile.nullish(),
  TeamID: Id,
  LineManagerID: Id.nullish(),
  BankName: BankName.nullish(),
  BankAccount: BankAccount.nullish(),
  BankAccountName: BankAccountName.nullish(),
  /** The branch's CNAPS code, from the bank-branch directory (docs/decisions/047). */
  BankCnaps: CnapsCode.nullish(),
  Language: z.enum(['zh-CN', 'en-GB']).default('zh-CN'),
  /** The sign-in account; left out, the person is master data only (approver, payee) and cannot sign in. */
  Username: Username.nullish(),
  Version: Version.optional(),
});
export type SaveEmployeeBody = z.infer<typeof SaveEmployeeBody>;
export const SaveEmployeeResult = z.object({
  EmployeeID: Id,
  Version: Version,
  /** Given once when a sign-in account is created; the person must change it at first sign-in. */
  TemporaryPassword: z.string().nullable(),
});

export const UpdateEmployeeStatusBody = z.object({
  EmployeeID: Id,
  Status: EmployeeStatusEnum,
  Reason: z.string().trim().min(1).max(500),
  Version,
});
export type UpdateEmployeeStatusBody = z.infer<typeof UpdateEmployeeStatusBody>;

/** Changes only the fields given (a transfer to another team or manager, new contact or bank details). */
export const UpdateEmployeeInfoBody = z.object({
  EmployeeID: Id,
  Version,
  TeamID: Id.optional(),
  LineManagerID: Id.nullish(),
  Email: Email.nullish(),
  Mobile: Mobile.nullish(),
  BankName: BankName.nullish(),
  BankAccount: BankAccount.nullish(),
  BankAccountName: BankAccountName.nullish(),
  /** The branch's CNAPS code, from the bank-branch directory (docs/decisions/047). */
  BankCnaps: CnapsCode.nullish(),
});
export type UpdateEmployeeInfoBody = z.infer<typeof UpdateEmployeeInfoBody>;
export const EmployeeVersion = z.object({
  EmployeeID: Id,
  Status: z.string(),
  Version: Version,
});

export const SaveEmployeeTeamRelationBody = z.object({
  EmployeeID: Id,
  /** The other companies the person may sign in to, with their team there; replaces the list. */
  Relations: z.array(z.object({ CompanyID: Id, TeamID: Id.nullish(), IsDefault: z.boolean().default(false) })).max(20),
});
export type SaveEmployeeTeamRelationBody = z.infer<typeof SaveEmployeeTeamRelationBody>;

export const EmployeeInfo = z.object({
  EmployeeID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  Email: z.string().nullable(),
  Mobile: z.string().nullable(),
  CompanyName: z.string(),
  TeamName: z.string().nullable(),
  LineManagerName: z.string().nullable(),
  Status: EmployeeStatusEnum,
  ApprovalLimit: z.string().nullable(),
  Username: z.string().nullable(),
  LastLoginAt: z.string().nullable(),
  DirectReports: z.number().int(),
  Roles: z.array(z.object({ RoleID: Id, RoleName: z.string(), TeamName: z.string().nullable() })),
  Companies: z.array(EmployeeCompanyRelation),
  StatusHistory: z.array(
    z.object({
      FromStatus: z.string(),
      ToStatus: z.string(),
      Reason: z.string(),
      ActorName: z.string().nullable(),
      At: z.string(),
    }),
  ),
});
export type EmployeeInfo = z.infer<typeof EmployeeInfo>;

export const SearchEmployeeApproveLimitBody = PageQuery.extend({
  Keyword: z.string().trim().max(100).optional(),
  TeamID: Id.optional(),
  /** Only people who have a limit set. */
  OnlyWithLimit: BoolFilter.optional(),
});
export type SearchEmployeeApproveLimitBody = z.infer<typeof SearchEmployeeApproveLimitBody>;
export const ApproveLimitRow = z.object({
  EmployeeID: Id,
  Code: z.string(),
  Name: z.string(),
  TeamName: z.string().nullable(),
  ApprovalLimit: z.string().nullable(),
  Version: Version,
});
export const SaveEmployeeApproveLimitBody = z.object({
  EmployeeID: Id,
  /** Up to this amount the person's approval suffices; null removes the limit (they approve no amount alone). */
  ApprovalLimit: Money.nullable(),
  Version,
});
export type SaveEmployeeApproveLimitBody = z.infer<typeof SaveEmployeeApproveLimitBody>;

export const CompanyInfo = z.object({
  CompanyID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  SapCode: z.string().nullable(),
  Currency: z.string(),
});
export const SSCDeputyResult = z.object({ IsSSCDeputy: z.boolean() });

const blank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/** One row of a people import (the export's layout); every cell is text as read from the sheet. */
export const EmployeeImportRow = z.object({
  Code: MasterCode,
  NameZH: Name.max(100),
  NameEN: Name.max(100),
  TeamCode: MasterCode,
  LineManagerCode: blank(MasterCode.optional()),
  Email: blank(Email.optional()),
  Mobile: blank(Mobile.optional()),
  BankName: blank(BankName.optional()),
  BankAccount: blank(BankAccount.optional()),
  BankAccountName: blank(BankAccountName.optional()),
  BankCnaps: blank(CnapsCode.optional()),
  Language: blank(z.enum(['zh-CN', 'en-GB']).optional()),
  Username: blank(Username.optional()),
  ApprovalLimit: blank(Money.optional()),
});
export type EmployeeImportRow = z.infer<typeof EmployeeImportRow>;
