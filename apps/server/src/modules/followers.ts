import { budgetFollower } from './budgets/budget-ledger.service';
import { tmcFollower } from './cards/tmc/tmc.service';
import { withholdingFollower } from './documents/customers/withholding.service';
import { invoiceFollower } from './documents/invoices/invoice.service';
import { type DocumentFollower, registerFollowers } from './documents/lifecycle/followers';
import { quotaFollower } from './quotas/usage.service';
import { summaryFollower } from './reports/summary/summary.service';

/**
 * The modules that follow a document's change of state, in the order the lifecycle runs them inside its transaction
 * (documents/lifecycle/followers.ts), each in one stage:
 * - after the work, before the document row is written: the fapiao's claims first (a fapiao another live document
 *   holds refuses the change before anything else is written), then budgets before quotas (the order in which the
 *   limit checks take their locks, so two documents never wait on each other), then the lecture fees' monthly
 *   withholding (its month rows locked after the quotas', decision 050), then the TMC tickets;
 * - after the write: the report summaries, last, since their rows are shared by many documents and each stays
 *   locked from there to the commit only (decision 039).
 */
export const DOCUMENT_FOLLOWERS: readonly DocumentFollower<unknown>[] = [
  invoiceFollower,
  budgetFollower,
  quotaFollower,
  withholdingFollower,
  tmcFollower,
  summaryFollower,
];

/**
 * Registers the followers with the lifecycle: called where the app is built (`registerModules`) and where the seed
 * runs without an app (the test template, the demo snapshot, the scale generator), so no transition runs without
 * them; a transition before this refuses to run.
 */
export function registerDocumentFollowers(): void {
  registerFollowers(DOCUMENT_FOLLOWERS);
}
