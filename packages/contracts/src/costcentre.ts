import { z } from 'zod';
import { Id, MasterCode, Money, Name, OptionalDateOnly, Version } from './common';
import { BoolFlag, DocumentType, PercentString, StartStop } from './fin-common';
import { PageQuery } from './paging';

/** Kinds of cost centre; the ledger configuration maps GL accounts by kind. */
export const COST_CENTRE_TYPES = ['sales', 'marketing', 'medical', 'admin', 'rd'] as const;
export const CostCentreType = z.enum(COST_CENTRE_TYPES);
export type CostCentreType = z.infer<typeof CostCentreType>;

export const CostCenterFilters = z.object({
  /** Code, SAP code or either name. */
  Keyword: z.string().trim().max(100).optional(),
  CostCenterCode: z.string().trim().max(40).optional(),
  Name: z.string().trim().max(200).optional(),
  SapCode: z.string().trim().max(40).optional(),
  Status: StartStop.optional(),
  Type: CostCentreType.optional(),
  OwnerTeamID: Id.optional(),
  /** Cost centres this person heads. */
  HeadID: Id.optional(),
  HasHead: BoolFlag.optional(),
  /** Only those a new document may choose: started and valid today. */
  Choosable: BoolFlag.optional(),
  CostCenterIDs: z.array(Id).max(100).optional(),
});
export const SearchCostCenterBody = PageQuery.extend(CostCenterFilters.shape);
export type SearchCostCenterBody = z.infer<typeof SearchCostCenterBody>;
export type CostCenterFilters = z.infer<typeof CostCenterFilters>;

export const CostCenterRow = z.object({
  CostCenterID: Id,
  CostCenterCode: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  SapCode: z.string().nullable(),
  /** The SAP profit centre (PRCTR) its postings carry, when set. */
  ProfitCenter: z.string().nullable(),
  Type: z.string(),
  OwnerTeamID: Id.nullable(),
  OwnerTeamCode: z.string().nullable(),
  OwnerTeamName: z.string().nullable(),
  Status: StartStop,
  ValidFrom: z.string().nullable(),
  ValidTo: z.string().nullable(),
  /** Heads in approval order, in the user's language. */
  Heads: z.string(),
  HeadCount: z.number().int(),
  Choosable: z.boolean(),
  Version: Version,
  UpdatedAt: z.string(),
});
export type CostCenterRow = z.infer<typeof CostCenterRow>;

export const CostCenterHead = z.object({
  HeadID: Id,
  EmployeeID: Id,
  EmployeeCode: z.string(),
  EmployeeName: z.string(),
  TeamName: z.string().nullable(),
  EmployeeStatus: z.string(),
  Seq: z.number().int(),
  AmountLimit: z.string().nullable(),
});
export type CostCenterHead = z.infer<typeof CostCenterHead>;

export const CostCenterAllot = z.object({
  AllotID: Id,
  TargetCostCenterID: Id,
  TargetCode: z.string(),
  TargetName: z.string(),
  TargetStatus: StartStop,
  Percent: z.string(),
});
export type CostCenterAllot = z.infer<typeof CostCenterAllot>;

export const CostCenterFormOrder = z.object({
  FormOrderID: Id,
  DocType: DocumentType,
  Seq: z.number().int(),
  EmployeeID: Id,
  EmployeeCode: z.string(),
  EmployeeName: z.string(),
});
export type CostCenterFormOrder = z.infer<typeof CostCenterFormOrder>;

/** A cost centre with its heads, allotments and form orders (LoadRecord, and the answer of every part change). */
export const CostCenterDetail = CostCenterRow.extend({
  HeadList: z.array(CostCenterHead),
  Allotments: z.array(CostCenterAllot),
  AllotTotal: z.string(),
  AllotRest: z.string(),
  FormOrders: z.array(CostCenterFormOrder),
});
export type CostCenterDetail = z.infer<typeof CostCenterDetail>;

export const CostCenterIdBody = z.object({ CostCenterID: Id });

export const SaveCostCenterBody = z.object({
  CostCenterID: Id.optional(),
  /** The version the user saw; required when updating. */
  Version: Version.optional(),
  CostCenterCode: MasterCode,
  NameZH: Name,
  NameEN: Name,
  SapCode: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(40).nullish()),
  /** The SAP profit centre (PRCTR): up to ten letters or digits. */
  ProfitCenter: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,10}$/)
      .nullish(),
  ),
  Type: CostCentreType,
  OwnerTeamID: Id.nullish(),
  ValidFrom: OptionalDateOnly,
  ValidTo: OptionalDateOnly,
  /** When given, the heads become exactly these people in this order. */
  HeadIDs: z.array(Id).max(20).optional(),
});
export type SaveCostCenterBody = z.infer<typeof SaveCostCenterBody>;

/** Every change of a part names the cost centre and the version the user saw. */
const Part = z.object({ CostCenterID: Id, Version: Version });

export const SaveAllotBody = Part.extend({
  AllotID: Id.optional(),
  TargetCostCenterID: Id,
  Percent: PercentString,
});
export type SaveAllotBody = z.infer<typeof SaveAllotBody>;
export const DeleteAllotBody = Part.extend({ AllotIDs: z.array(Id).min(1).max(100) });
export const SearchRestAllotBody = z.object({ CostCenterID: Id, ExcludeAllotID: Id.optional() });
export const RestAllotResult = z.object({ CostCenterID: Id, Allotted: z.string(), Rest: z.string() });

export const SaveHeadBody = Part.extend({
  HeadID: Id.optional(),
  EmployeeID: Id,
  AmountLimit: z.preprocess((v) => (v === '' ? null : v), Money.nullish()),
});
export type SaveHeadBody = z.infer<typeof SaveHeadBody>;
export const DeleteHeadBody = Part.extend({ HeadIDs: z.array(Id).min(1).max(20) });
export const SaveOrderHeadBody = Part.extend({ HeadIDs: z.array(Id).min(1).max(20) });

export const SelectFormOrderListBody = z.object({ CostCenterID: Id, DocType: DocumentType });
export const SearchFormOrderBody = z.object({ CostCenterID: Id, DocType: DocumentType.optional() });
export const SaveFormOrderBody = Part.extend({ DocType: DocumentType, EmployeeIDs: z.array(Id).min(1).max(20) });
export type SaveFormOrderBody = z.infer<typeof SaveFormOrderBody>;
export const DeleteFormOrderBody = Part.extend({ FormOrderIDs: z.array(Id).min(1).max(60) });

export const SearchHaveHeadBody = PageQuery.extend({ EmployeeID: Id.optional(), HasHead: BoolFlag.optional() });

export const LoadRelSapCodeBody = z.object({ Keyword: z.string().trim().max(40).optional() });
export const CostCenterBrief = z.object({
  CostCenterID: Id,
  CostCenterCode: z.string(),
  Name: z.string(),
  Status: StartStop,
});
export const RelSapCodes = z.object({
  Rows: z.array(z.object({ SapCode: z.string(), CostCenters: z.array(CostCenterBrief) })),
});

export const LoadOwnerTeamBody = z
  .object({ CostCenterID: Id.optional(), TeamID: Id.optional() })
  .refine((b) => (b.CostCenterID === undefined) !== (b.TeamID === undefined), {
    message: 'give CostCenterID or TeamID',
    path: ['CostCenterID'],
  });
export const OwnerTeam = z.object({
  TeamID: Id,
  TeamCode: z.string(),
  TeamName: z.string(),
  /** From the root down to the team, in the user's language. */
  Path: z.string(),
  HeadName: z.string().nullable(),
  MemberCount: z.number().int(),
  CostCenters: z.array(CostCenterBrief),
});
export const OwnerTeamResult = z.object({ Team: OwnerTeam.nullable() });

export const SearchCostCenterHistoryBody = PageQuery.extend({ CostCenterID: Id });
export const CostCenterChange = z.object({ Field: z.string(), Before: z.string(), After: z.string() });
export const CostCenterHistoryRow = z.object({
  HistoryID: Id,
  Action: z.string(),
  ActorName: z.string().nullable(),
  At: z.string(),
  Changes: z.array(CostCenterChange),
});
export type CostCenterHistoryRow = z.infer<typeof CostCenterHistoryRow>;

export const ExportCostCenterBody = CostCenterFilters.extend({
  SortField: PageQuery.shape.SortField,
  SortOrder: PageQuery.shape.SortOrder,
});
