import { z } from 'zod';
import { Id, IdList, MasterCode, Name, Version } from './common';
import { BoolFilter } from './org-common';
import { PageQuery } from './paging';

export const TeamRow = z.object({
  TeamID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  ParentID: Id.nullable(),
  ParentName: z.string().nullable(),
  BU: z.string().nullable(),
  IsEVM: z.boolean(),
  IsSupportFunction: z.boolean(),
  TherapeuticAreaID: Id.nullable(),
  TherapeuticAreaName: z.string().nullable(),
  Active: z.boolean(),
  Sort: z.number().int(),
  MemberCount: z.number().int(),
  Version: Version,
});
export type TeamRow = z.infer<typeof TeamRow>;

export const GetTeamListBody = PageQuery.extend({
  Keyword: z.string().trim().max(100).optional(),
  ParentID: Id.optional(),
  IsEVM: BoolFilter.optional(),
  IsSupportFunction: BoolFilter.optional(),
  TherapeuticAreaID: Id.optional(),
  Active: BoolFilter.optional(),
});
export type GetTeamListBody = z.infer<typeof GetTeamListBody>;

export const TeamIdBody = z.object({ TeamID: Id });

export const TeamInfo = TeamRow.extend({
  /** The team's ancestors from the root down, then the team itself. */
  Path: z.array(z.object({ TeamID: Id, Code: z.string(), Name: z.string() })),
  ChildCount: z.number().int(),
});
export type TeamInfo = z.infer<typeof TeamInfo>;

export const SaveTeamBody = z.object({
  TeamID: Id.optional(),
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  ParentID: Id.nullish(),
  BU: z.string().trim().max(40).nullish(),
  IsEVM: z.boolean().default(false),
  IsSupportFunction: z.boolean().default(false),
  TherapeuticAreaID: Id.nullish(),
  Active: z.boolean().default(true),
  Sort: z.number().int().min(0).max(100000).default(0),
  /** Required when updating. */
  Version: Version.optional(),
});
export type SaveTeamBody = z.infer<typeof SaveTeamBody>;

export const GetTeamIsEVMBody = z.object({ TeamID: Id.optional() });
export const TeamIsEVM = z.object({ TeamID: Id, IsEVM: z.boolean() });

export const TeamOption = z.object({ TeamID: Id, Code: z.string(), Name: z.string() });
export type TeamOption = z.infer<typeof TeamOption>;

/** Teams whose data the signed-in user may see through their roles. */
export const TeamAuth = z.object({ WholeCompany: z.boolean(), Rows: z.array(TeamOption) });

export const ChooseEmployeeTeamBody = z.object({ EmployeeID: Id.optional() });
export const EmployeeTeams = z.object({
  Rows: z.array(TeamOption.extend({ IsHome: z.boolean() })),
});

export const SetTeamSupportFunctionBody = z.object({ TeamIDs: IdList, IsSupportFunction: z.boolean() });

export const TherapeuticAreaRow = z.object({
  TherapeuticAreaID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  Active: z.boolean(),
  Sort: z.number().int(),
  TeamCount: z.number().int(),
  Version: Version,
});
export type TherapeuticAreaRow = z.infer<typeof TherapeuticAreaRow>;

export const SearchTherapeuticAreaBody = PageQuery.extend({
  Keyword: z.string().trim().max(100).optional(),
  Active: BoolFilter.optional(),
});
export type SearchTherapeuticAreaBody = z.infer<typeof SearchTherapeuticAreaBody>;

export const SaveTherapeuticAreaBody = z.object({
  TherapeuticAreaID: Id.optional(),
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  Active: z.boolean().default(true),
  Sort: z.number().int().min(0).max(100000).default(0),
  Version: Version.optional(),
});
export type SaveTherapeuticAreaBody = z.infer<typeof SaveTherapeuticAreaBody>;
