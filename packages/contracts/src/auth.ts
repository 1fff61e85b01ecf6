import { z } from 'zod';
import { BankAccountName, CnapsCode } from './bank';
import { BankName, Id, Version } from './common';

/** Form fields of POST /api/auth/Token. */
export const TokenForm = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(200),
    CompanyID: Id.optional(),
  }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(10).max(200) }),
]);
export type TokenForm = z.infer<typeof TokenForm>;

/** Kept whole by the web client as UserInfo. */
export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  refresh_expires_in: z.number().int(),
  UserID: Id,
  UserCode: z.string(),
  UserName: z.string(),
  UserNameZH: z.string(),
  UserNameEN: z.string(),
  Account: z.string(),
  CompanyID: Id,
  CompanyCode: z.string(),
  CompanyName: z.string(),
  CompanyNameZH: z.string(),
  CompanyNameEN: z.string(),
  teamID: Id.nullable(),
  TeamName: z.string().nullable(),
  MustChangePassword: z.boolean(),
  IsAdmin: z.boolean(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const CompanyOption = z.object({
  CompanyID: Id,
  CompanyCode: z.string(),
  CompanyName: z.string(),
  CompanyNameZH: z.string(),
  CompanyNameEN: z.string(),
  IsDefault: z.boolean(),
});
export const GetCompanyListBody = z.object({ UserName: z.string().trim().min(1).max(100) });
export const CompanyList = z.object({ Rows: z.array(CompanyOption) });

export const ShiftCompanyBody = z.object({ TargetCompanyID: Id });

export const Announcement = z.object({
  ID: Id,
  Title: z.string(),
  Content: z.string(),
  PublishDate: z.string(),
});
/** Public start-up information for the login page and the shell. */
export const IndexResult = z.object({
  AppName: z.string(),
  AppVersion: z.string(),
  LanguageVersion: z.string(),
  Cultures: z.array(z.string()),
  Announcements: z.array(Announcement),
  SsoEnabled: z.boolean(),
  /** Idle time before the client returns to login (2 hours; shorter only in test mode). */
  IdleTimeoutMs: z.number().int(),
  IdleCheckIntervalMs: z.number().int(),
  /** Usage analytics tracker address (site id 11), null while not configured. */
  AnalyticsUrl: z.string().nullable(),
});

export const DefaultInfo = z.object({
  UserID: Id,
  UserCode: z.string(),
  UserName: z.string(),
  UserNameZH: z.string(),
  UserNameEN: z.string(),
  Account: z.string(),
  Email: z.string().nullable(),
  Mobile: z.string().nullable(),
  CompanyID: Id,
  CompanyName: z.string(),
  TeamID: Id.nullable(),
  TeamName: z.string().nullable(),
  LineManagerName: z.string().nullable(),
  BankName: z.string().nullable(),
  BankAccount: z.string().nullable(),
  /** The holder's name as the bank registered it; null: the Chinese name. */
  BankAccountName: z.string().nullable(),
  /** The CNAPS code of the account's branch (联行号) and the branch's name from the directory. */
  BankCnaps: z.string().nullable(),
  BankBranch: z.string().nullable(),
  DefaultCostCenterID: Id.nullable(),
  DefaultCostCenterCode: z.string().nullable(),
  DefaultCostCenterName: z.string().nullable(),
  Status: z.string(),
  Language: z.string(),
  MustChangePassword: z.boolean(),
  Functions: z.array(z.string()),
  Version: Version,
});
export type DefaultInfo = z.infer<typeof DefaultInfo>;

export const ModifyPersonalInfoBody = z.object({
  Email: z.string().trim().email().max(200).nullable().optional(),
  Mobile: z
    .string()
    .trim()
    .regex(/^[0-9+\- ]{5,20}$/)
    .nullable()
    .optional(),
  BankName: BankName.nullable().optional(),
  BankAccount: z
    .string()
    .trim()
    .regex(/^[0-9 ]{8,32}$/)
    .nullable()
    .optional(),
  BankAccountName: BankAccountName.nullable().optional(),
  /** The branch's CNAPS code, from the bank-branch directory (docs/decisions/047). */
  BankCnaps: CnapsCode.nullable().optional(),
  Language: z.enum(['zh-CN', 'en-GB']).optional(),
  /** The default cost centre, one of those the user may charge (the expense pages need one). */
  DefaultCostCenterID: Id.optional(),
  Version: Version,
});

/** At least 8 characters with a letter and a digit. */
export const PasswordRule = z
  .string()
  .min(8)
  .max(100)
  .regex(/[A-Za-z]/)
  .regex(/[0-9]/);
export const ModifyPasswordBody = z.object({ OldPassword: z.string().min(1).max(200), NewPassword: PasswordRule });
export const ResetPasswordBody = z.object({ TargetUserID: Id });
export const ResetPasswordResult = z.object({ TemporaryPassword: z.string() });

export const MenuItem = z.object({
  FunctionCode: z.string(),
  Path: z.string(),
  LabelKey: z.string(),
  Sort: z.number().int(),
});
export const MenuGroup = z.object({ Group: z.string(), LabelKey: z.string(), Items: z.array(MenuItem) });
export const MenuResult = z.object({ Groups: z.array(MenuGroup), Functions: z.array(z.string()) });
export type MenuResult = z.infer<typeof MenuResult>;

export const MasterInfo = z.object({
  Companies: z.array(CompanyOption),
  Currencies: z.array(z.object({ Code: z.string(), Name: z.string() })),
  Cultures: z.array(z.object({ Code: z.string(), Name: z.string() })),
  Parameters: z.record(z.string(), z.string()),
});

export const AuthorizeBody = z.object({ FunctionCode: z.string().max(100) });
export const AuthorizeResult = z.object({ Authorized: z.boolean() });

export const JwtLoginBody = z.object({
  Token: z.string().min(10).max(8000),
  CompanyID: Id.optional(),
});
export const JwtLoginRefreshBody = z.object({ refresh_token: z.string().min(10).max(200) });
export const OpenApiTokenBody = z.object({
  ClientId: z.string().min(1).max(100),
  ClientSecret: z.string().min(1).max(200),
  Scope: z.string().max(500).optional(),
});
export const OpenApiTokenResult = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
