import type { Db } from '../../../core/db';
import type { LockedDocument } from '../../documents/lifecycle/transition';
import * as repo from './summary.repository';

export { rebuildSummaries } from './summary.repository';

const NO_SPEND: repo.SpendCells = { json: '[]', periods: '[]', empty: true };

/** What some documents contributed to the report summaries before a change: taken under their row locks. */
export interface SummaryBefore {
  docs: readonly LockedDocument[];
  spend: repo.SpendCells;
  /** The decided steps' cells; none for a document that has none. */
  decisions: string;
}

const spendCounted = (d: { docType: string; status: string }) =>
  repo.SPEND_TYPES.includes(d.docType) && repo.SPEND_STATES.includes(d.status);

/**
 * Reads what the locked documents contribute to the summaries now, before the change's work (which may replace
 * their lines). Documents whose lines no spend report counts are not read.
 */
export async function summaryBefore(tx: Db, docs: readonly LockedDocument[]): Promise<SummaryBefore> {
  const counted = docs.filter(spendCounted).map((d) => d.id);
  const spend = counted.length ? await repo.spendCellsOf(tx, counted) : NO_SPEND;
  const decisions = docs.length
    ? await repo.decisionCellsOf(
        tx,
        docs.map((d) => d.id),
      )
    : '[]';
  return { docs, spend, decisions };
}

/** Nothing before: a document being created. */
export const NOTHING_BEFORE: SummaryBefore = { docs: [], spend: NO_SPEND, decisions: '[]' };

/**
 * The report summaries follow the documents (decision 039): after a change, in its transaction, each summary gets
 * what the documents contribute now (`after`: their type and state now; a deleted document is left out) less what
 * they did before. The spend summary is only touched when a document's lines counted before or may count now.
 */
export async function followSummaries(
  tx: Db,
  before: SummaryBefore,
  after: readonly { id: number; docType: string; status: string }[],
): Promise<void> {
  const ids = [...new Set([...before.docs.map((d) => d.id), ...after.map((d) => d.id)])];
  if (ids.length === 0) return;
  const spendIds = after.filter(spendCounted).map((d) => d.id);
  if (!before.spend.empty || spendIds.length) await repo.addSpend(tx, spendIds, before.spend);
  await repo.addDocuments(tx, before.docs, ids);
  await repo.addDecisions(tx, ids, before.decisions);
}
