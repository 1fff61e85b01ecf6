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
