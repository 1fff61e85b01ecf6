import { z } from 'zod';
import { AttachmentRow } from './attachments';
import { DateOnly, Id, IdList, Money, RequiredText, Text, Version } from './common';

/** Evidence an HCP activity's apply needs after the event (DESIGN §11): a sign-in sheet and photos, maybe an agreement. */
export const EVIDENCE_KINDS = ['sign_in_sheet', 'photo', 'agreement'] as const;
/** Evidence is complete with at least one file of each of these kinds. */
export const REQUIRED_EVIDENCE_KINDS = ['sign_in_sheet', 'photo'] as const;

/** An apply's block for overdue evidence, as the document screen shows it. */
export const ApplyBlockInfo = z.object({
  /** The event day the evidence was due after, and the last day it was due. */
  EventDate: z.string(),
  DueDate: z.string(),
  BlockedAt: z.string(),
  /** The applicant's unlock reason, waiting for their manager, if given. */
  UnlockReason: z.string().nullable(),
  ReasonAt: z.string().nullable(),
  /** The kinds of evidence still missing. */
  MissingKinds: z.array(z.enum(EVIDENCE_KINDS)),
  /** The user may upload evidence, remove it, or give an unlock reason (the apply is theirs). */
  CanRequest: z.boolean(),
  /** The user may accept the unlock reason (the applicant's line manager, or an administrator). */
  CanAccept: z.boolean(),
});
export type ApplyBlockInfo = z.infer<typeof ApplyBlockInfo>;

/** The applicant asks to release their blocked apply: with complete evidence at once, else with a reason. */
export const ApplyUnblockBody = z.object({
  ID: Id,
  Version,
  Reason: Text(1000).optional(),
});
export type ApplyUnblockBody = z.infer<typeof ApplyUnblockBody>;

export const ApplyDocumentBody = z.object({ DocumentID: Id });
export type ApplyDocumentBody = z.infer<typeof ApplyDocumentBody>;

export const MilestoneRow = z.object({
  ID: Id,
  DocumentID: Id,
  Name: z.string(),
  PlannedDate: z.string(),
  Amount: Money,
  /** What the goods receipts on this milestone add up to. */
  ReceivedAmount: Money,
  ReceiptCount: z.number().int(),
  Version,
});
export type MilestoneRow = z.infer<typeof MilestoneRow>;

export const MilestoneList = z.object({
  Rows: z.array(MilestoneRow),
  /** The apply's total, which the milestones together may not exceed. */
  ApplyAmount: Money,
  PlannedAmount: Money,
  /** The user may add, change and remove milestones now. */
  Editable: z.boolean(),
});
export type MilestoneList = z.infer<typeof MilestoneList>;

export const SaveMilestoneBody = z.object({
  DocumentID: Id,
  ID: Id.optional(),
  Version: Version.optional(),
  Name: RequiredText(200),
  PlannedDate: DateOnly,
  Amount: Money,
});
export type SaveMilestoneBody = z.infer<typeof SaveMilestoneBody>;

export const RowVersionBody = z.object({ ID: Id, Version });
export type RowVersionBody = z.infer<typeof RowVersionBody>;

export const GRRow = z.object({
  ID: Id,
  DocumentID: Id,
  DocNo: z.string(),
  MilestoneID: Id.nullable(),
  MilestoneName: z.string().nullable(),
  GRDate: z.string(),
  /** yyyy-MM of the receipt date. */
  Month: z.string(),
  Amount: Money,
  Description: z.string().nullable(),
  /** The claim (deputy) that pays for it, if any. */
  ClaimID: Id.nullable(),
  ClaimNo: z.string().nullable(),
  FileCount: z.number().int(),
  Version,
});
export type GRRow = z.infer<typeof GRRow>;

export const GRList = z.object({
  Rows: z.array(GRRow),
  TotalAmount: Money,
  /** The user may add, change and remove receipts (on an apply) or relations (on a claim) now. */
  Editable: z.boolean(),
});
export type GRList = z.infer<typeof GRList>;

export const GRData = GRRow.extend({ Files: z.array(AttachmentRow), Editable: z.boolean() });
export type GRData = z.infer<typeof GRData>;

export const GRIdBody = z.object({ ID: Id });

export const SaveGRBody = z.object({
  DocumentID: Id,
  ID: Id.optional(),
  Version: Version.optional(),
  MilestoneID: Id.nullish(),
  GRDate: DateOnly,
  Amount: Money,
  Description: Text(500).nullish(),
});
export type SaveGRBody = z.infer<typeof SaveGRBody>;

/** A claim (deputy) relates goods receipts of its apply, or lets them go. */
export const GRRelationBody = z.object({ DocumentID: Id, GRIDs: IdList });
export type GRRelationBody = z.infer<typeof GRRelationBody>;

export const GRByMilestone = z.object({
  Rows: z.array(
    z.object({
      MilestoneID: Id.nullable(),
      Name: z.string().nullable(),
      PlannedDate: z.string().nullable(),
      PlannedAmount: Money.nullable(),
      ReceivedAmount: Money,
      Receipts: z.array(GRRow),
    }),
  ),
});
export type GRByMilestone = z.infer<typeof GRByMilestone>;

export const GRByMonth = z.object({
  Rows: z.array(z.object({ Month: z.string(), ReceivedAmount: Money, Receipts: z.array(GRRow) })),
});
export type GRByMonth = z.infer<typeof GRByMonth>;
