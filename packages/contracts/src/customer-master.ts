import { z } from 'zod';
import { Id, MasterCode, Name, Text, Version } from './common';
import { CustomerKind } from './customers';
import { MasterKeyword, MasterStatusFilter } from './expense-masterdata';
import { PageQuery } from './paging';

/** The customer master screens: HCOs (clinical-trial ones a filtered view), HCPs and representatives' coverage. */

const Optional = (max: number) => Text(max).nullish();

export const HcoRow = z.object({
  ID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  /** The hospital grade code (3A: 三级甲等 …). */
  Level: z.string().nullable(),
  City: z.string().nullable(),
  CityZH: z.string().nullable(),
  CityEN: z.string().nullable(),
  IsClinicalTrial: z.boolean(),
  Active: z.boolean(),
  HCPCount: z.number().int(),
  Version,
});
export type HcoRow = z.infer<typeof HcoRow>;

export const SearchHcoMasterBody = PageQuery.extend({
  Keyword: MasterKeyword,
  /** true: clinical-trial HCOs only; false: the others; none: all. */
  ClinicalTrial: z.boolean().optional(),
  Status: MasterStatusFilter.optional(),
  /** Just these (a picker naming the current value). */
  HCOIDs: z.array(Id).max(500).optional(),
});
export type SearchHcoMasterBody = z.infer<typeof SearchHcoMasterBody>;

export const SaveHcoBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  Level: Optional(40),
  CityZH: Optional(100),
  CityEN: Optional(100),
  IsClinicalTrial: z.boolean().default(false),
});
export type SaveHcoBody = z.infer<typeof SaveHcoBody>;

export const HcpRow = z.object({
  ID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  HCOID: Id.nullable(),
  HCOCode: z.string().nullable(),
  HCOName: z.string().nullable(),
  Title: z.string().nullable(),
  TitleZH: z.string().nullable(),
  TitleEN: z.string().nullable(),
  Department: z.string().nullable(),
  /** The identity document number a lecturer's withheld tax is filed under, always masked (decision 050). */
  IDNumber: z.string().nullable(),
  Active: z.boolean(),
  Version,
});
export type HcpRow = z.infer<typeof HcpRow>;

export const SearchHcpMasterBody = PageQuery.extend({
  Keyword: MasterKeyword,
  HCOID: Id.optional(),
  Status: MasterStatusFilter.optional(),
});
export type SearchHcpMasterBody = z.infer<typeof SearchHcpMasterBody>;

export const SaveHcpBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  HCOID: Id.nullish(),
  TitleZH: Optional(100),
  TitleEN: Optional(100),
  Department: Optional(100),
  /** A new identity document number; absent or empty keeps the one on file (it is never shown unmasked). */
  IDNumber: z.string().trim().max(30).optional(),
});
export type SaveHcpBody = z.infer<typeof SaveHcpBody>;

export const CoverageRow = z.object({
  ID: Id,
  EmployeeID: Id,
  EmployeeCode: z.string(),
  EmployeeName: z.string(),
  Kind: CustomerKind,
  CustomerID: Id,
  CustomerCode: z.string(),
  CustomerName: z.string(),
  /** HCP: its hospital. */
  HCOName: z.string().nullable(),
  CustomerActive: z.boolean(),
});
export type CoverageRow = z.infer<typeof CoverageRow>;

export const SearchCoverageMasterBody = PageQuery.extend({
  Keyword: MasterKeyword,
  EmployeeID: Id.optional(),
  Kind: CustomerKind.optional(),
});
export type SearchCoverageMasterBody = z.infer<typeof SearchCoverageMasterBody>;

export const AddCoverageBody = z.object({
  EmployeeID: Id,
  Kind: CustomerKind,
  CustomerIDs: z.array(Id).min(1).max(200),
});
export type AddCoverageBody = z.infer<typeof AddCoverageBody>;
