import { z } from 'zod';
import { DateOnly, Id, OptionalDateOnly, Version } from './common';
import { StartStop } from './fin-common';
import { PageQuery } from './paging';

/** Fund permission: which employees or teams may charge which cost centres and internal orders beyond their own. */
export const GRANTEE_KINDS = ['employee', 'team'] as const;
export const TARGET_KINDS = ['cost_centre', 'internal_order'] as const;
export const GranteeKind = z.enum(GRANTEE_KINDS);
export const TargetKind = z.enum(TARGET_KINDS);
export type TargetKind = z.infer<typeof TargetKind>;

export const SearchFundsPermissionBody = PageQuery.extend({
  /** Code or name of the employee or team granted. */
  Grantee: z.string().trim().max(100).optional(),
  EmployeeID: Id.optional(),
  TeamID: Id.optional(),
  CostCenterID: Id.optional(),
  InternalOrderID: Id.optional(),
  GranteeKind: GranteeKind.optional(),
  TargetKind: TargetKind.optional(),
  /** Only grants valid on this day. */
  ActiveOn: DateOnly.optional(),
});
export type SearchFundsPermissionBody = z.infer<typeof SearchFundsPermissionBody>;

export const FundsPermissionRow = z.object({
  FundsPermissionID: Id,
  GranteeKind: GranteeKind,
  EmployeeID: Id.nullable(),
  EmployeeCode: z.string().nullable(),
  EmployeeName: z.string().nullable(),
  TeamID: Id.nullable(),
  TeamCode: z.string().nullable(),
  TeamName: z.string().nullable(),
  TargetKind: TargetKind,
  CostCenterID: Id.nullable(),
  CostCenterCode: z.string().nullable(),
  CostCenterName: z.string().nullable(),
  InternalOrderID: Id.nullable(),
  InternalOrderCode: z.string().nullable(),
  InternalOrderName: z.string().nullable(),
  TargetStatus: StartStop,
  ValidFrom: z.string().nullable(),
  ValidTo: z.string().nullable(),
  Remark: z.string().nullable(),
  /** Valid today. */
  Active: z.boolean(),
  Version: Version,
  CreatedAt: z.string(),
});
export type FundsPermissionRow = z.infer<typeof FundsPermissionRow>;

/** Exactly one grantee (employee or team) and exactly one target (cost centre or internal order). */
export const SaveFundsPermissionBody = z.object({
  FundsPermissionID: Id.optional(),
  Version: Version.optional(),
  EmployeeID: Id.nullish(),
  TeamID: Id.nullish(),
  CostCenterID: Id.nullish(),
  InternalOrderID: Id.nullish(),
  ValidFrom: OptionalDateOnly,
  ValidTo: OptionalDateOnly,
  Remark: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(200).nullish()),
});
export type SaveFundsPermissionBody = z.infer<typeof SaveFundsPermissionBody>;

export const CHARGE_REASONS = ['own_team', 'default', 'granted_employee', 'granted_team', 'via_cost_centre'] as const;
export const ChargeReason = z.object({
  Reason: z.enum(CHARGE_REASONS),
  /** The team, grant validity or cost centre behind the reason, in the user's language. */
  Detail: z.string(),
});
export const ChargeableRow = z.object({
  Kind: TargetKind,
  ID: Id,
  Code: z.string(),
  Name: z.string(),
  Status: StartStop,
  /** Started and valid on the day asked: a new document may choose it. */
  Choosable: z.boolean(),
  Reasons: z.array(ChargeReason),
});
export type ChargeableRow = z.infer<typeof ChargeableRow>;

export const QueryFundsPermissionBody = PageQuery.extend({
  /** The person asked about; the signed-in user when absent. */
  EmployeeID: Id.optional(),
  EmployeeCode: z.string().trim().max(40).optional(),
  OnDate: DateOnly.optional(),
  Kind: TargetKind.optional(),
  Keyword: z.string().trim().max(100).optional(),
});
export type QueryFundsPermissionBody = z.infer<typeof QueryFundsPermissionBody>;

export const QueryFundsPermissionResult = z.object({
  Total: z.number().int(),
  Rows: z.array(ChargeableRow),
  Employee: z
    .object({
      EmployeeID: Id,
      EmployeeCode: z.string(),
      EmployeeName: z.string(),
      TeamName: z.string().nullable(),
    })
    .nullable(),
});

/** The signed-in user's own choosable cost centres and internal orders (document pickers). */
export const SearchChargeableBody = PageQuery.extend({
  Kind: TargetKind.optional(),
  Keyword: z.string().trim().max(100).optional(),
  OnDate: DateOnly.optional(),
});
