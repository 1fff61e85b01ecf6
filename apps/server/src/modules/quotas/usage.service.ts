import type { DocState } from '@ems/contracts';
import { type QuotaKind, splitPerHead } from '@ems/contracts';
import { Decimal } from 'decimal.js';
import type { Db } from '../../core/db';
import type { LockedDocument } from '../documents/lifecycle/document.lock';
import type { DocumentFollower } from '../documents/lifecycle/followers';
import type { LimitFinding, LimitStage } from '../limits/limit-checker';
import { measureQuotas, sumUses } from './quota-measure';
import * as repo from './usage.repository';
import { addYearUse, type YearDelta } from './year-usage.repository';

/** A document's use summed per subject, item, year and month; nothing of zero. */
export async function documentUses(tx: Db, documentId: number): Promise<repo.Use[]> {
  const uses = await repo.usesOf(tx, documentId);
  const clinical = await repo.clinicalOf(tx, documentId);
  if (clinical.hcoIds.length && clinical.day) {
    const shares = splitPerHead(clinical.total, clinical.hcoIds.length);
    const year = Number(clinical.day.slice(0, 4));
    const month = Number(clinical.day.slice(5, 7));
    for (const [i, hcoId] of clinical.hcoIds.entries())
      uses.push({ kind: 'clinical_hco', subjectId: hcoId, expenseItemId: 0, year, month, amount: shares[i]! });
  }
  return sumUses(uses);
}

/**
 * What a document's ledger rows add to the year rows (`sign` -1: what their release takes off): each row's amount on
 * its item's row (not item 0, which no report filters on) and on the row over every item; and the document once on
 * each of those rows, whatever the months and items behind it.
 */
export function yearDeltas(
  rows: (Omit<repo.Use, 'month'> & { state: 'held' | 'consumed' })[],
  sign: 1 | -1,
): YearDelta[] {
  const deltas = new Map<string, YearDelta>();
  for (const r of rows) {
    for (const expenseItemId of r.expenseItemId === 0 ? [null] : [r.expenseItemId, null]) {
      const k = `${r.kind}:${r.year}:${expenseItemId}:${r.subjectId}`;
      const d = deltas.get(k) ?? {
        kind: r.kind,
        year: r.year,
        subjectId: r.subjectId,
        expenseItemId,
        held: '0',
        consumed: '0',
        documents: sign,
      };
      d[r.state] = new Decimal(d[r.state]).plus(new Decimal(r.amount).times(sign)).toFixed(2);
      deltas.set(k, d);
    }
  }
  return [...deltas.values()];
}

/** Takes the document's live use off the usage and year rows and marks its ledger rows released. */
async function releaseRows(
  tx: Db,
  d: Pick<LockedDocument, 'companyId'>,
  rows: Awaited<ReturnType<typeof repo.liveRowsOf>>,
) {
  for (const r of rows)
    await repo.addUsage(tx, d.companyId, r, r.state === 'consumed' ? 'consumed' : 'held', `-${r.amount}`);
  await addYearUse(
    tx,
    d.companyId,
    yearDeltas(
      rows.map((r) => ({ ...r, state: r.state === 'consumed' ? 'consumed' : 'held' })),
      -1,
    ),
  );
  await repo.releaseLedger(
    tx,
    rows.map((r) => r.id),
  );
}

/**
 * The quota check (a `LimitChecker`, DESIGN §11). Under the row locks of the controlling quotas the document's
 * subjects have (taken in id order), each quota's use on other documents plus the document's is compared with its
 * yearly amount and any monthly cap (`measureQuotas`, which the limit preview shares: the document's own earlier use
 * is not counted twice), the document's earlier use is released and, for a deputy, the use is written again: held at
 * submit, consumed at final approval, in this transaction. An apply is checked against what is used and holds nothing
 * (the deputy that claims it does); a loan names no subjects.
 */
export async function quotaChecker(tx: Db, d: LockedDocument, stage: LimitStage): Promise<LimitFinding[]> {
  if (d.docType === 'loan') return [];
  const uses = await documentUses(tx, d.id);
  const live = await repo.liveRowsOf(tx, d.id);
  const locked = await repo.lockQuotas(tx, d.companyId, [...uses, ...live]);
  const measured = await measureQuotas(tx, locked, uses, live);
  if (live.length) await releaseRows(tx, d, live);
  const findings: LimitFinding[] = [];
  for (const { quota: q, over: c } of measured) {
    if (!c) continue;
    const name = (await repo.subjectNames(tx, q.kind, [q.subjectId])).get(q.subjectId);
    findings.push({
      kind: 'quota',
      level: q.limitStatus === 2 ? 'block' : 'warn',
      code: `quota.exceeded.${q.kind}`,
      params: {
        subjectCode: name?.code ?? String(q.subjectId),
        nameZh: name?.nameZh ?? '',
        nameEn: name?.nameEn ?? '',
        period: c.period,
        cap: c.cap.toFixed(2),
        available: c.available.toFixed(2),
        requested: c.need.toFixed(2),
        shortfall: c.need.minus(c.available).toFixed(2),
      },
    });
  }
  if (d.docType === 'deputy') await hold(tx, d, uses, stage === 'approve' ? 'consumed' : 'held');
  return findings;
}

async function hold(tx: Db, d: LockedDocument, uses: repo.Use[], state: 'held' | 'consumed') {
  for (const u of uses) await repo.addUsage(tx, d.companyId, u, state, u.amount);
  await addYearUse(
    tx,
    d.companyId,
    yearDeltas(
      uses.map((u) => ({ ...u, state })),
      1,
    ),
  );
  await repo.insertLedger(
    tx,
    uses.map((u) => ({ ...u, companyId: d.companyId, documentId: d.id, state })),
  );
}

/** States after which a document no longer uses anything: its holds and consumption are released. */
const RELEASING = new Set<DocState | 'deleted'>(['draft', 'returned', 'cancelled', 'deleted']);

/** Called by the quotas' follower of the lifecycle with the state a document is moving to. */
export async function followQuotaState(tx: Db, d: Pick<LockedDocument, 'id' | 'companyId'>, to: DocState | 'deleted') {
  if (!RELEASING.has(to)) return;
  const live = await repo.liveRowsOf(tx, d.id);
  if (live.length === 0) return;
  await repo.lockQuotas(tx, d.companyId, live);
  await releaseRows(tx, d, live);
}

/** The quotas' follower of the lifecycle (`modules/followers.ts`): a returned, cancelled or deleted document uses nothing. */
export const quotaFollower: DocumentFollower = {
  name: 'quotas',
  after: 'work',
  async follow(tx, change) {
    for (const d of change.docs) await followQuotaState(tx, d, change.to);
  },
};

export { rebuildYearUsage } from './year-usage.repository';
export type { QuotaKind };
