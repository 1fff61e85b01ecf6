import { z } from 'zod';
import { Id, IdList, MasterCode, Name, Version } from './common';
import { BoolFilter } from './org-common';
import { PageQuery } from './paging';
import { MENU_GROUPS } from './screens';

export const RoleRow = z.object({
  RoleID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  Description: z.string().nullable(),
  IsAdmin: z.boolean(),
  TeamAuthority: z.boolean(),
  Active: z.boolean(),
  FunctionCount: z.number().int(),
  EmployeeCount: z.number().int(),
  Version: Version,
});
export type RoleRow = z.infer<typeof RoleRow>;

export const SearchRoleListBody = PageQuery.extend({
  Keyword: z.string().trim().max(100).optional(),
  Active: BoolFilter.optional(),
});
export type SearchRoleListBody = z.infer<typeof SearchRoleListBody>;

export const RoleIdBody = z.object({ RoleID: Id });
export const RoleFunctions = z.object({ RoleID: Id, FunctionCodes: z.array(z.string()) });

/** The functions a role may hold, grouped by menu group, with the role's own ticked. */
export const SearchRoleFunctionBody = z.object({ RoleID: Id.optional() });
export const RoleFunctionOption = z.object({
  FunctionCode: z.string(),
  Group: z.enum(MENU_GROUPS).nullable(),
  LabelKey: z.string(),
  Path: z.string().nullable(),
  Checked: z.boolean(),
});
export type RoleFunctionOption = z.infer<typeof RoleFunctionOption>;

export const SearchRoleEmployeeListBody = PageQuery.extend({
  RoleID: Id,
  Keyword: z.string().trim().max(100).optional(),
});
export type SearchRoleEmployeeListBody = z.infer<typeof SearchRoleEmployeeListBody>;

/** People to add to a role: the company's people, without those who already hold it for the whole company. */
export const SearchRoleCandidateBody = PageQuery.extend({
  RoleID: Id.optional(),
  Keyword: z.string().trim().max(100).optional(),
  TeamID: Id.optional(),
});
export type SearchRoleCandidateBody = z.infer<typeof SearchRoleCandidateBody>;

export const EmployeeRoleTeamRow = z.object({
  ID: Id,
  EmployeeID: Id,
  EmployeeCode: z.string(),
  EmployeeName: z.string(),
  HomeTeamName: z.string().nullable(),
  Status: z.string(),
  RoleID: Id,
  RoleCode: z.string(),
  RoleName: z.string(),
  /** The team whose data the role covers; null is the whole company. */
  TeamID: Id.nullable(),
  TeamName: z.string().nullable(),
});
export type EmployeeRoleTeamRow = z.infer<typeof EmployeeRoleTeamRow>;

export const SearchEmployeeRoleTeamBody = PageQuery.extend({
  Keyword: z.string().trim().max(100).optional(),
  EmployeeID: Id.optional(),
  RoleID: Id.optional(),
  TeamID: Id.optional(),
});
export type SearchEmployeeRoleTeamBody = z.infer<typeof SearchEmployeeRoleTeamBody>;

export const ReportCodes = z.array(z.string().trim().min(1).max(80)).max(200);
export const RoleReportOption = z.object({ ReportCode: z.string(), LabelKey: z.string(), Checked: z.boolean() });
export const SaveRoleReportBody = z.object({ RoleID: Id, ReportCodes, Version });
export const RoleVersion = z.object({ RoleID: Id, Version: Version });
export const UserReports = z.object({
  Rows: z.array(z.object({ ReportCode: z.string(), LabelKey: z.string(), Path: z.string() })),
});

export const InsertEmployeeRoleTeamBody = z.object({
  RoleID: Id,
  EmployeeIDs: IdList,
  /** Left out or null: the role covers the whole company. */
  TeamID: Id.nullish(),
});
export type InsertEmployeeRoleTeamBody = z.infer<typeof InsertEmployeeRoleTeamBody>;
export const InsertedCount = z.object({ Inserted: z.number().int() });

export const SearchCompanyTeamBody = z.object({
  /** Another company the signed-in user belongs to; the signed-in company when left out. */
  TargetCompanyID: Id.optional(),
  Keyword: z.string().trim().max(100).optional(),
});

export const SaveRoleAndFunctionBody = z.object({
  RoleID: Id.optional(),
  Code: MasterCode,
  NameZH: Name.max(100),
  NameEN: Name.max(100),
  Description: z.string().trim().max(500).nullish(),
  /** Holders see the data of the team the role is given for (the whole company without a team). */
  TeamAuthority: z.boolean().default(false),
  Active: z.boolean().default(true),
  FunctionCodes: z.array(z.string().trim().min(1).max(80)).max(500),
  /** Given, the role's reports are replaced in the same transaction. */
  ReportCodes: ReportCodes.optional(),
  Version: Version.optional(),
});
export type SaveRoleAndFunctionBody = z.infer<typeof SaveRoleAndFunctionBody>;

export const RoleOption = z.object({
  RoleID: Id,
  Code: z.string(),
  Name: z.string(),
  IsAdmin: z.boolean(),
  Active: z.boolean(),
});
export type RoleOption = z.infer<typeof RoleOption>;
