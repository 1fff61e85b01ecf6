import { z } from 'zod';
import { DateOnly, Id, Money, Version } from './common';
import { PageQuery } from './paging';

export const ProxyKind = z.enum(['fill_in', 'approve']);
export type ProxyKind = z.infer<typeof ProxyKind>;

export const ProxyGrant = z.object({
  ID: Id,
  PrincipalID: Id,
  PrincipalCode: z.string(),
  PrincipalName: z.string(),
  ProxyUserID: Id,
  ProxyUserCode: z.string(),
  ProxyUserName: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  /** active (today within the dates), future, lapsed (past the end) or freed (ended early). */
  Status: z.enum(['active', 'future', 'lapsed', 'freed']),
  Remark: z.string().nullable(),
  Version: Version,
});
export type ProxyGrant = z.infer<typeof ProxyGrant>;

export const SearchProxyBody = PageQuery.extend({
  /** granted: grants I gave; received: grants given to me. */
  Direction: z.enum(['granted', 'received']).default('granted'),
  Status: z.enum(['active', 'future', 'lapsed', 'freed']).optional(),
  Keyword: z.string().trim().max(100).optional(),
});
export type SearchProxyBody = z.infer<typeof SearchProxyBody>;

export const SaveProxyBody = z
  .object({
    ID: Id.optional(),
    /** Administrators may grant for someone else; everyone else grants for themselves. */
    PrincipalID: Id.optional(),
    ProxyUserID: Id,
    StartDate: DateOnly,
    EndDate: DateOnly,
    Remark: z.string().trim().max(500).nullish(),
    Version: Version.optional(),
  })
  .refine((v) => v.StartDate <= v.EndDate, { path: ['EndDate'], message: 'proxy.end_before_start' });
export type SaveProxyBody = z.infer<typeof SaveProxyBody>;

export const ProxyIdBody = z.object({ ID: Id });

/** Someone the signed-in user may act for today. */
export const Principal = z.object({
  ProxyId: Id,
  Code: z.string(),
  Name: z.string(),
  Kinds: z.array(ProxyKind),
  EndDate: z.string(),
});
export type Principal = z.infer<typeof Principal>;
export const MyProxies = z.object({ Rows: z.array(Principal) });
export const IsProxyResult = z.object({ IsProxy: z.boolean(), Count: z.number().int() });

export const STEP_KINDS = [
  'responsible_confirm',
  'line_manager',
  'cost_centre_head',
  'approval_limit_chain',
  'role',
  'person',
  'special_approver',
] as const;
export const StepKind = z.enum(STEP_KINDS);

export const WorkflowDetail = z.object({
  ID: Id.optional(),
  Seq: z.number().int().min(1),
  StepKind,
  RoleCode: z.string().trim().max(40).nullish(),
  PersonID: Id.nullish(),
  PersonName: z.string().nullish(),
  MinAmount: Money.nullish(),
  MaxAmount: Money.nullish(),
  ExpenseItemIDs: z.array(Id).max(200).nullish(),
  HcpOnly: z.boolean().default(false),
  OverseasOnly: z.boolean().default(false),
  NameZH: z.string().trim().min(1).max(100),
  NameEN: z.string().trim().min(1).max(100),
});
export type WorkflowDetail = z.infer<typeof WorkflowDetail>;

export const WorkflowHeader = z.object({
  ID: Id.optional(),
  Code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_.-]+$/),
  DocType: z.enum(['apply', 'loan', 'deputy']),
  ExpenseTypeID: Id.nullish(),
  NameZH: z.string().trim().min(1).max(200),
  NameEN: z.string().trim().min(1).max(200),
  Active: z.boolean().default(true),
  /** Off: documents on this route must be approved one by one (approve-all refuses them). */
  AllowBatchApprove: z.boolean().default(true),
  Version: Version.optional(),
});

export const WorkflowRow = z.object({
  ID: Id,
  Code: z.string(),
  DocType: z.string(),
  ExpenseTypeID: Id.nullable(),
  ExpenseTypeName: z.string().nullable(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  Active: z.boolean(),
  AllowBatchApprove: z.boolean(),
  StepCount: z.number().int(),
  Version: Version,
});
export type WorkflowRow = z.infer<typeof WorkflowRow>;

export const SearchWorkflowBody = PageQuery.extend({
  DocType: z.enum(['apply', 'loan', 'deputy']).optional(),
  Keyword: z.string().trim().max(100).optional(),
  Active: z.boolean().optional(),
});
/** Saves a route template and its ordered steps together (the steps given replace the old ones). */
export const SaveWorkflowBody = z.object({ Workflow: WorkflowHeader, Details: z.array(WorkflowDetail).min(1).max(30) });
export const WorkflowWithDetails = z.object({ Workflow: WorkflowRow, Details: z.array(WorkflowDetail) });
export const WorkflowIdBody = z.object({ WorkflowID: Id });

/** Every call that moves a document sends the Version it loaded (DESIGN §5); a stale one answers 409. */
export const SubmitBody = z.object({
  ID: Id,
  Version,
  /**
   * The applicant has seen the budgets and caps the document would exceed under warn control and goes on;
   * without it such a submit answers 409 `limits.confirm_needed`, each warning in `errors`.
   */
  ConfirmLimitWarnings: z.boolean().optional(),
});
export const ApproveBody = z.object({
  ID: Id,
  /** The version the approver saw; a document changed since answers 409. */
  Version,
  /** true approves the current step, false rejects (a comment is then required). */
  Pass: z.boolean(),
  Comment: z.string().trim().max(1000).nullish(),
});
export const ConfirmBody = z.object({
  ID: Id,
  Version,
  Accept: z.boolean(),
  Comment: z.string().trim().max(1000).nullish(),
  /** As on submit: the applicant goes on past the warnings of budgets and caps. */
  ConfirmLimitWarnings: z.boolean().optional(),
});

export const RouteStep = z.object({
  ID: Id,
  Round: z.number().int(),
  Seq: z.number().int(),
  StepKind: z.string(),
  StepName: z.string(),
  ApproverID: Id,
  ApproverName: z.string(),
  Status: z.string(),
  ActedByID: Id.nullable(),
  ActedByName: z.string().nullable(),
  ActedAt: z.string().nullable(),
  PendingSince: z.string().nullable(),
  Comment: z.string().nullable(),
  ReasonKey: z.string(),
});
export type RouteStep = z.infer<typeof RouteStep>;
export const RouteView = z.object({ Rows: z.array(RouteStep) });
export type RouteView = z.infer<typeof RouteView>;
export const RoutePreview = z.object({
  Rows: z.array(
    z.object({
      Seq: z.number().int(),
      StepKind: z.string(),
      StepName: z.string(),
      ApproverID: Id,
      ApproverName: z.string(),
      Auto: z.boolean(),
      ReasonKey: z.string(),
    }),
  ),
});

export type RoutePreview = z.infer<typeof RoutePreview>;

export const PendingQuery = PageQuery.extend({
  DocType: z.enum(['apply', 'loan', 'deputy']).optional(),
  Keyword: z.string().trim().max(100).optional(),
});
export const PendingRow = z.object({
  ID: Id,
  DocNo: z.string(),
  DocType: z.enum(['apply', 'loan', 'deputy']),
  ApplicantName: z.string(),
  ExpenseTypeName: z.string().nullable(),
  Currency: z.string(),
  TotalAmount: z.string(),
  TotalAmountCNY: z.string(),
  Reason: z.string().nullable(),
  StepName: z.string(),
  ForApproverID: Id.nullable(),
  PendingSince: z.string().nullable(),
  Version,
  /** Whether approve-all may take this document (the company's and its route's AllowBatchApprove). */
  BatchApprovable: z.boolean(),
  /** The document's team. */
  TeamName: z.string().nullable(),
  /** Whom the user approves for here, when it is not the user (approval proxy). */
  ForApproverName: z.string().nullable(),
  /** Whole days the step has been pending. */
  PendingDays: z.number().int().nullable(),
  /** Pending longer than the technical parameter ApprovalOverdueDays. */
  Overdue: z.boolean(),
  /** Days past the overdue limit (0 when not overdue). */
  OverdueDays: z.number().int(),
  /** Files attached to the document, and fapiao entered on it: what the approver has to look at. */
  Attachments: z.number().int(),
  Fapiao: z.number().int(),
});
export type PendingRow = z.infer<typeof PendingRow>;

/* ---------- reassigning approvers ---------- */

export const ChangeApproveBody = z.object({
  /** The document whose pending step is reassigned. */
  ID: Id,
  Version,
  NewApproverID: Id,
  Comment: z.string().trim().max(1000).nullish(),
});
export const ChangeApproveResult = z.object({
  ID: Id,
  ApproverID: Id,
  OriginalApproverID: Id,
  Version: Version,
});

export const SearchPendingByApproverBody = PageQuery.extend({ ApproverID: Id });
/** A pending or waiting step of an in-flight document held by one person. */
export const HeldStepRow = z.object({
  StepID: Id,
  DocumentID: Id,
  DocNo: z.string(),
  DocType: z.enum(['apply', 'loan', 'deputy']),
  DocStatus: z.string(),
  ApplicantID: Id,
  ApplicantName: z.string(),
  TotalAmountCNY: z.string(),
  StepName: z.string(),
  StepStatus: z.enum(['pending', 'waiting']),
  PendingSince: z.string().nullable(),
});
export type HeldStepRow = z.infer<typeof HeldStepRow>;

export const ChangeApproversBody = z
  .object({
    FromApproverID: Id,
    ToApproverID: Id,
    /** Only these documents; none: every in-flight document of the person. */
    DocumentIDs: z.array(Id).max(1000).optional(),
  })
  .refine((v) => v.FromApproverID !== v.ToApproverID, { path: ['ToApproverID'], message: 'workflow.same_person' });

/** A document left unchanged, and why (a language key). */
export const SkippedDocument = z.object({ ID: Id, DocNo: z.string(), ReasonKey: z.string() });
export type SkippedDocument = z.infer<typeof SkippedDocument>;
/** Documents changed, and those left unchanged with the reason. */
export const ChangeApproversResult = z.object({ Changed: z.number().int(), Skipped: z.array(SkippedDocument) });
export type ChangeApproversResult = z.infer<typeof ChangeApproversResult>;

/* ---------- programme managers (cost-centre heads) ---------- */

export const SearchHeadsByPersonBody = PageQuery.extend({ EmployeeID: Id });
export const HeadOfRow = z.object({
  CostCenterID: Id,
  CostCenterCode: z.string(),
  CostCenterName: z.string(),
  Status: z.string(),
  Seq: z.number().int(),
  HeadCount: z.number().int(),
  AmountLimit: z.string().nullable(),
  /** Pending or waiting cost-centre-head steps of in-flight documents of this cost centre held by the person. */
  OpenSteps: z.number().int(),
});
export type HeadOfRow = z.infer<typeof HeadOfRow>;

export const ChangeProgramManagerBody = z
  .object({
    FromEmployeeID: Id,
    ToEmployeeID: Id,
    CostCenterIDs: z.array(Id).max(1000).optional(),
    /** Also hand over the person's pending and waiting cost-centre-head steps of in-flight documents. */
    AlsoPendingSteps: z.boolean().default(false),
  })
  .refine((v) => v.FromEmployeeID !== v.ToEmployeeID, { path: ['ToEmployeeID'], message: 'workflow.same_person' });
/** Cost centres changed, those left unchanged with the reason, and documents whose steps were handed over. */
export const ChangeProgramManagerResult = z.object({
  Changed: z.number().int(),
  Skipped: z.array(z.object({ ID: Id, CostCenterCode: z.string(), ReasonKey: z.string() })),
  DocumentsChanged: z.number().int(),
  DocumentsSkipped: z.array(SkippedDocument),
});
export type ChangeProgramManagerResult = z.infer<typeof ChangeProgramManagerResult>;

/* ---------- approve centre ---------- */

export const OverApprovalQuery = z.object({
  accountId: Id,
  typeFlag: z.enum(['apply', 'loan', 'deputy', 'all']).default('all'),
});
export const OverApprovalResult = z.object({
  IsOver: z.boolean(),
  Count: z.number().int(),
  OverdueDays: z.number().int(),
  Rows: z.array(
    z.object({
      ID: Id,
      DocNo: z.string(),
      DocType: z.enum(['apply', 'loan', 'deputy']),
      PendingSince: z.string(),
      Days: z.number().int(),
    }),
  ),
});
export const CompanyFlag = z.object({
  CompanyID: Id,
  CompanyCode: z.string(),
  ApprovalOverdueDays: z.number().int(),
  AllowBatchApprove: z.boolean(),
  RequireRejectComment: z.boolean(),
});
export const PendingTeams = z.object({
  Rows: z.array(z.object({ TeamID: Id.nullable(), TeamName: z.string(), Count: z.number().int() })),
});
export const UnlockReasonBody = z.object({
  ID: Id,
  Version,
  Reason: z.string().trim().min(1).max(1000),
});
