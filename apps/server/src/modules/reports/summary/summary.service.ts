import type { Db } from '../../../core/db';
import type { LockedDocument } from '../../documents/lifecycle/document.lock';
import type { DocumentFollower } from '../../documents/lifecycle/followers';
import * as repo from './summary.repository';

export { rebuildSummaries } from './summary.repository';

/** What some documents contributed to the report summaries before a change: taken under their row locks. */
export interface SummaryBefore {
  docs: readonly LockedDocument[];
  /** The spend cells of the documents whose lines were counted, and the decided steps' cells. */
  cells: repo.Cells;
}

const spendCounted = (d: { docType: string; status: string }) =>
  repo.SPEND_TYPES.includes(d.docType) && repo.SPEND_STATES.includes(d.status);

/**
 * Reads what the locked documents contribute to the summaries now, before the change's work (which may replace
 * their lines), in one statement. Documents whose lines no spend report counts are not read for the spend summaries,
 * and documents never submitted (round 0: steps are only made at submit, in the round it starts) not for the
 * decision summary.
 */
export async function summaryBefore(tx: Db, docs: readonly LockedDocument[]): Promise<SummaryBefore> {
  const cells = await repo.cellsOf(
    tx,
    docs.filter(spendCounted).map((d) => d.id),
    docs.filter((d) => d.round > 0).map((d) => d.id),
  );
  return { docs, cells };
}

/** Nothing before: a document being created. */
export const NOTHING_BEFORE: SummaryBefore = { docs: [], cells: repo.NO_CELLS };

/**
 * The report summaries follow the documents (decision 039): after a change, in its transaction, each summary gets
 * what the documents contribute now (`after`: their type and state now; a deleted document is left out) less what
 * they did before, in one statement. The spend summaries are only touched when a document's lines counted before or
 * may count now.
 */
export async function followSummaries(
  tx: Db,
  before: SummaryBefore,
  after: readonly { id: number; docType: string; status: string }[],
): Promise<void> {
  const ids = [...new Set([...before.docs.map((d) => d.id), ...after.map((d) => d.id)])];
  if (ids.length === 0) return;
  const spendIds = after.filter(spendCounted).map((d) => d.id);
  await repo.addSummaries(tx, {
    ids,
    spendIds: before.cells.spend !== '[]' || spendIds.length ? spendIds : null,
    documents: before.docs,
    before: before.cells,
  });
}

/**
 * The summaries' follower of the lifecycle (`modules/followers.ts`): reads what the documents contribute before the
 * action's work, adds the difference last, after the document's own rows (their rows are shared by many documents,
 * each locked from there to the commit only).
 */
export const summaryFollower: DocumentFollower<SummaryBefore> = {
  name: 'summaries',
  after: 'write',
  before: summaryBefore,
  follow(tx, change, before) {
    const { to } = change;
    return followSummaries(
      tx,
      before,
      to === 'deleted' ? [] : change.docs.map((d) => ({ id: d.id, docType: d.docType, status: to })),
    );
  },
};
