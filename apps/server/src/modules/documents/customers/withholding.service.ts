import {
  compareMoney,
  type DocState,
  type ExportWithholdingBody,
  maskIdNumber,
  type Page,
  type SearchWithholdingBody,
  subMoney,
  type WithholdingRow,
  withholdInMonth,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { Db } from '../../../core/db';
import { type AppError, refused } from '../../../core/errors';
import type { LockedDocument } from '../lifecycle/document.lock';
import type { DocumentFollower } from '../lifecycle/followers';
import * as repo from './withholding.repository';

/**
 * The individual income tax withheld on lecture fees (docs/decisions/050). Income a company pays one lecturer in one
 * calendar month (of the meeting) is one occasion of labour remuneration: when a claim carrying a fee enters
 * approval, the fee joins its lecturer's month under the month's row lock and the tax withheld on it is the tax on
 * the month's total less what the month had withheld already. A claim that goes back (returned, withdrawn, cancelled,
 * deleted) takes its fees and their tax out of the month again; the other fees of the month keep the tax fixed on
 * them, and the month's next fee makes up any difference.
 */

/** States in which a document's fees hold no withholding (the quotas release in the same states). */
const RELEASING = new Set<DocState | 'deleted'>(['draft', 'returned', 'cancelled', 'deleted']);

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const keyOf = (k: repo.MonthKey) => `${k.hcpId}|${k.month}`;

/**
 * Why a claim's lecture fees cannot go into approval: each lecture-fee line must be matched to a lecturer agreement
 * whose fee before tax is the line's CNY amount (what the company spends and books), and each agreement to a line,
 * one to one. An apply plans a meeting, pays nothing and its amounts are estimates: it is not matched.
 */
export async function lectureFeeProblem(
  db: Db,
  d: Pick<LockedDocument, 'id' | 'docType'>,
): Promise<AppError | undefined> {
  if (d.docType !== 'deputy') return undefined;
  const documentId = d.id;
  const lines = await repo.lectureFeeLines(db, documentId);
  const open = await repo.feesOf(db, documentId);
  const unmatched: number[] = [];
  for (const l of lines) {
    const i = open.findIndex((f) => l.amountCny !== null && compareMoney(f.gross, l.amountCny) === 0);
    if (i < 0) unmatched.push(l.lineNo);
    else open.splice(i, 1);
  }
  if (unmatched.length) return refused('lecturer.line_without_agreement', { lines: unmatched.join(', ') });
  const left = open[0];
  if (left)
    return refused('lecturer.agreement_without_line', { lecturer: `${left.hcpCode} ${left.hcpZh}`, fee: left.gross });
  return undefined;
}

/** Locks the months of the fees and hands each month to `work`, then writes the months back. */
async function withMonths(
  tx: Db,
  companyId: number,
  keys: repo.MonthKey[],
  work: (
    month: (k: repo.MonthKey) => { id: number; month: string; gross: string; tax: string; fees: number },
  ) => Promise<void>,
) {
  const rows = await repo.lockMonths(tx, companyId, keys);
  const months = new Map(rows.map((r) => [keyOf(r), { ...r }]));
  await work((k) => {
    const m = months.get(keyOf(k));
    if (!m) throw new Error(`lecture_fee_month ${keyOf(k)} was not locked`);
    return m;
  });
  for (const m of months.values()) await repo.setMonth(tx, m.id, { gross: m.gross, tax: m.tax, fees: m.fees });
}

/** Fixes the tax withheld on a claim's fees not fixed yet, in meeting-date order, under the months' row locks. */
export async function fixWithholding(tx: Db, d: Pick<LockedDocument, 'id' | 'companyId' | 'docType'>) {
  if (d.docType !== 'deputy') return;
  const fees = (await repo.feesOf(tx, d.id)).filter((f) => f.withheldTax === null);
  await fix(tx, d.companyId, fees);
}

async function fix(tx: Db, companyId: number, fees: repo.FeeRow[]) {
  if (fees.length === 0) return;
  const keys = fees.map((f) => ({ hcpId: f.hcpId, month: monthStart(f.meetingDate) }));
  await withMonths(tx, companyId, keys, async (month) => {
    for (const [i, f] of fees.entries()) {
      const m = month(keys[i]!);
      const next = withholdInMonth({ gross: m.gross, tax: m.tax }, f.gross);
      m.gross = next.month.gross;
      m.tax = next.month.tax;
      m.fees += 1;
      await repo.setWithheld(tx, f.id, next.tax, m.month);
    }
  });
}

async function release(tx: Db, companyId: number, fees: repo.FeeRow[]) {
  if (fees.length === 0) return;
  const keys = fees.map((f) => ({ hcpId: f.hcpId, month: f.withheldMonth! }));
  await withMonths(tx, companyId, keys, async (month) => {
    for (const [i, f] of fees.entries()) {
      const m = month(keys[i]!);
      m.gross = subMoney(m.gross, f.gross);
      m.tax = subMoney(m.tax, f.withheldTax!);
      m.fees -= 1;
      await repo.setWithheld(tx, f.id, null, null);
    }
  });
}

/**
 * The withholding's follower of the lifecycle (`modules/followers.ts`): a claim entering approval (or any state past
 * it) fixes its fees' tax once; one going back releases it. The fees of all the documents of a change are read in
 * one statement and their months locked together, in order.
 */
export const withholdingFollower: DocumentFollower = {
  name: 'withholding',
  after: 'work',
  async follow(tx, change) {
    const releasing = RELEASING.has(change.to);
    const docs = change.docs.filter((d) => releasing || d.docType === 'deputy');
    const fees = await repo.feesOfDocuments(
      tx,
      docs.map((d) => d.id),
    );
    const byCompany = new Map<number, repo.FeeRow[]>();
    for (const d of docs) {
      const mine = fees.filter(
        (f) => f.documentId === d.id && (releasing ? f.withheldTax !== null : f.withheldTax === null),
      );
      if (mine.length) byCompany.set(d.companyId, [...(byCompany.get(d.companyId) ?? []), ...mine]);
    }
    for (const [companyId, list] of byCompany)
      if (releasing) await release(tx, companyId, list);
      else await fix(tx, companyId, list);
  },
};

/** What a claim's voucher credits the IIT payable with: per fixed fee, the lecturer, month and tax withheld. */
export async function withheldOf(db: Db, documentId: number) {
  return (await repo.fixedFeesOf(db, [documentId])).map((f) => ({
    hcpCode: f.hcpCode,
    month: (f.month ?? '').slice(0, 7),
    gross: f.gross,
    tax: f.tax!,
  }));
}

function toRow(r: repo.MonthRow): WithholdingRow {
  return {
    WithholdingID: r.id,
    Month: r.month.slice(0, 7),
    HCPID: r.hcpId,
    HCPCode: r.code,
    Name: r.nameZh,
    IDNumber: maskIdNumber(r.idNumber),
    Fees: r.fees,
    Gross: r.gross,
    Tax: r.tax,
    Net: subMoney(r.gross, r.tax),
  };
}

/** The monthly withholding list (screen lectureFeeWithholding): per lecturer and month gross, tax and net. */
export async function search(db: Db, actor: Actor, body: SearchWithholdingBody): Promise<Page<WithholdingRow>> {
  const { total, rows } = await repo.searchMonths(db, actor.companyId, body);
  return { Total: total, Rows: rows.map(toRow) };
}

/** Every row the filters find, for the Excel export of the IIT filing, in the list's order. */
export async function exportRows(db: Db, actor: Actor, body: ExportWithholdingBody): Promise<WithholdingRow[]> {
  return (await search(db, actor, { ...body, PageIndex: 1, PageSize: 100_000 })).Rows;
}
