import type { DocType } from '@ems/contracts';
import type { Db } from '../../core/db';
import type { LockedDocument } from '../documents/lifecycle/document.lock';

/** When a document's spend is held against the budgets and caps it touches (DESIGN §11). */
export type LimitStage = 'submit' | 'approve';

/** One budget or cap a document would exceed: its limit status says whether that refuses or only warns. */
export interface LimitFinding {
  kind: 'budget' | 'quota';
  level: 'warn' | 'block';
  /** The error code naming what is exceeded, e.g. `limits.budget_exceeded`; its message takes `params`. */
  code: string;
  /** What the message names: the budget or the HCP/HCO, the amount available, asked for and missing. */
  params: Record<string, string | number>;
}

/**
 * A check of one kind of limit, run inside the transition's transaction after the document row is locked. It locks
 * the rows it reads (in a fixed order, so two documents never wait on each other) and, when the stage holds or
 * consumes spend, writes that in the same transaction, so concurrent submits never overspend a blocked limit.
 */
export type LimitChecker = (tx: Db, d: LockedDocument, stage: LimitStage) => Promise<LimitFinding[]>;

/**
 * A form's content before it is saved, as the limit preview measures it (decision 065): what the save would store,
 * read by the documents module (`documents/form/draft.service.ts`) and measured by each limit's own previewer with
 * the arithmetic of its checker. Amounts of lines in the document's currency and in CNY.
 */
export interface DraftDocument {
  companyId: number;
  /** The saved document the form edits, whose own holds are not counted twice; null before its first save. */
  documentId: number | null;
  docType: DocType;
  /** Whose spend it is: an employee's own cap (quota kind `employee`) counts it. */
  applicantId: number;
  costCentreId: number | null;
  /** A reimbursement's approved apply, whose reservation covers the claim first. */
  applyId: number | null;
  lines: DraftLine[];
  /** The saved document's apportionment: a line's own shares, or the document's (no line). */
  shares: { lineNo: number | null; costCentreId: number; productId: number | null; percent: string }[];
}

export interface DraftLine {
  /** From 1, as the save numbers the lines it keeps. */
  lineNo: number;
  expenseItemId: number | null;
  /** The item is spent abroad: its spend counts against the item's overseas cap. */
  overseas: boolean;
  productId: number | null;
  expenseDate: string | null;
  amount: string | null;
  fxRate: string | null;
  amountCny: string | null;
  /** The HCP/HCO attendees of a line whose item involves HCP, in the order chosen (the per-head split's order). */
  attendees: { kind: 'hcp' | 'hco'; subjectId: number }[];
}
