import {
  addMoney,
  type CardTxnRow,
  type ClaimResult,
  type Culture,
  compareMoney,
  type ExportBusinessCardBody,
  maskCardNo,
  mulMoney,
  type Page,
  type SaveClaimDetailBody,
  type SearchBusinessCardBody,
  subMoney,
  type TurnPersonalItemPrivateBody,
  type TurnResult,
} from '@ems/contracts';
import type { AuditActor } from '../../../core/actor';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, notFound } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { audit, auditEntry } from '../../audit/audit.service';
import { claimIntoDeputy, spendOwner } from '../claim.service';
import { checkedSelection } from '../selection';
import * as repo from './business.repository';

function toRow(v: repo.CardTxnView): CardTxnRow {
  return {
    ID: v.t.id,
    CardNo: maskCardNo(v.cardNo),
    TransDate: v.t.transDate,
    Merchant: v.t.merchant,
    Amount: v.t.amount,
    Currency: v.t.currency,
    Status: v.state,
    DocumentID: v.state === 'claimed' ? v.t.claimDocumentId : null,
    DocNo: v.docNo,
    Version: v.t.version,
  };
}

/** SearchBusinessCard: the holder's card transactions (the principal's while acting as their fill-in proxy). */
export async function search(db: Db, user: SessionUser, q: SearchBusinessCardBody): Promise<Page<CardTxnRow>> {
  const { total, rows } = await repo.search(db, user.companyId, spendOwner(user), q);
  return { Total: total, Rows: rows.map(toRow) };
}

/** Every transaction the filters select, masked as on screen. */
export function exportRows(db: Db, user: SessionUser, q: ExportBusinessCardBody, limit: number) {
  const rows = repo.exportAll(db, user.companyId, spendOwner(user), q, limit);
  return (async function* () {
    for await (const v of rows) yield toRow(v);
  })();
}

/** Locks the selected items and checks each against what the user saw: theirs, same version. */
async function lockSelected(tx: Db, user: SessionUser, items: { ID: number; Version: number }[]) {
  const locked = await repo.lockItems(
    tx,
    user.companyId,
    items.map((i) => i.ID),
  );
  return checkedSelection(items, locked, (v) => v.t, spendOwner(user));
}

/**
 * TurnPersonalItemPrivate: the holder's open transactions become private, to be deducted from their next payment
 * (the remittance takes them). A claimed, private or settled one refuses the whole call.
 */
export async function turnPrivate(
  ctx: DbContext,
  user: SessionUser,
  body: TurnPersonalItemPrivateBody,
  requestId: string,
): Promise<TurnResult> {
  return ctx.db.transaction(async (tx) => {
    const items = await lockSelected(tx, user, body.Items);
    for (const v of items) {
      if (v.state !== 'open') throw conflict('cards.not_open', { date: v.t.transDate, merchant: v.t.merchant });
      if (!(await repo.update(tx, v.t.id, v.t.version, { status: 'private' }))) throw conflict();
    }
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      principalId: spendOwner(user),
      action: 'turn_private',
      entity: 'card_transaction',
      detail: { ids: items.map((v) => v.t.id) },
      requestId,
    });
    return { Changed: items.length };
  });
}

/**
 * SaveClaimDetail: the selected open transactions become lines of a draft deputy (new, or `DocumentID`), each
 * claimed once: locked in the claim's transaction, checked open, marked with its version in the WHERE.
 */
export async function claim(
  ctx: DbContext,
  user: SessionUser,
  culture: Culture,
  requestId: string,
  body: SaveClaimDetailBody,
): Promise<ClaimResult> {
  const owner = spendOwner(user);
  const ids = body.Items.map((i) => i.ID);
  if (new Set(ids).size !== ids.length) throw conflict('cards.item_repeated');
  const seen = await repo.itemsByIds(ctx.db, user.companyId, ids);
  if (seen.length !== ids.length || seen.some((v) => v.t.employeeId !== owner)) throw notFound();
  return claimIntoDeputy(
    ctx,
    user,
    culture,
    requestId,
    {
      prefix: 'C',
      lines: seen.map((v) => ({
        id: v.t.id,
        date: v.t.transDate,
        amount: v.t.amount,
        currency: v.t.currency,
        text: `${v.t.merchant} (${maskCardNo(v.cardNo).slice(-4)})`,
      })),
      mark: async (tx, documentId) => {
        const items = await lockSelected(tx, user, body.Items);
        for (const v of items) {
          if (v.state !== 'open') throw conflict('cards.not_open', { date: v.t.transDate, merchant: v.t.merchant });
          if (!(await repo.update(tx, v.t.id, v.t.version, { claimDocumentId: documentId }))) throw conflict();
        }
        await audit(tx, {
          companyId: user.companyId,
          actorId: user.userId,
          principalId: owner,
          action: 'claim',
          entity: 'card_transaction',
          detail: { ids, documentId },
          requestId,
        });
      },
    },
    body,
  );
}

/** One private card transaction (or the part of it) kept back from one remittance item. */
export interface KeptBack {
  transactionId: number;
  /** The card's last four digits and the merchant, as the payee knows the spend. */
  source: string;
  date: string;
  amount: string;
}

/**
 * The remittance's deduction (docs/decisions/037), called when a run's remittance list is built, in its
 * transaction: per employee paid by the run, their private, unsettled transactions (locked, oldest first, none taken
 * by another run) are taken whole while they fit under what the run pays them less a cent per document, and kept back
 * from their documents in order, each document paying at least 0.01. Building the list again first frees what the
 * run had taken. Returns, per remittance item, each transaction (or the part of one) kept back from it, so the
 * payee is told which spend reduced which payment; the rest waits for a later run.
 */
export async function deductPrivateSpend(
  tx: Db,
  actor: AuditActor,
  runId: number,
  items: { id: number; employeeId: number; amount: string }[],
): Promise<Map<number, KeptBack[]>> {
  const companyId = actor.companyId;
  await repo.releaseRun(tx, runId);
  const kept = new Map<number, KeptBack[]>();
  const byEmployee = new Map<number, { id: number; amount: string }[]>();
  for (const i of items) byEmployee.set(i.employeeId, [...(byEmployee.get(i.employeeId) ?? []), i]);
  const open = await repo.lockOpenPrivate(tx, companyId, [...byEmployee.keys()], runId);
  const taken: number[] = [];
  for (const [employeeId, own] of byEmployee) {
    const room = subMoney(addMoney('0', ...own.map((i) => i.amount)), mulMoney('0.01', own.length));
    let total = '0.00';
    const mine: { p: (typeof open)[number]; left: string }[] = [];
    for (const p of open.filter((x) => x.employeeId === employeeId)) {
      if (compareMoney(addMoney(total, p.amount), room) > 0) continue;
      total = addMoney(total, p.amount);
      taken.push(p.id);
      mine.push({ p, left: p.amount });
    }
    // Spread the taken transactions over the documents in order, a transaction split where a document is full.
    for (const i of own) {
      let most = subMoney(i.amount, '0.01');
      const parts: KeptBack[] = [];
      for (const m of mine) {
        if (compareMoney(most, '0') <= 0) break;
        if (compareMoney(m.left, '0') <= 0) continue;
        const d = compareMoney(m.left, most) > 0 ? most : m.left;
        m.left = subMoney(m.left, d);
        most = subMoney(most, d);
        parts.push({
          transactionId: m.p.id,
          source: `${maskCardNo(m.p.cardNo).slice(-9)} ${m.p.merchant}`.slice(0, 250),
          date: m.p.transDate,
          amount: d,
        });
      }
      if (parts.length) kept.set(i.id, parts);
    }
  }
  if ((await repo.reserve(tx, taken, runId)) !== taken.length) throw conflict();
  if (taken.length)
    await audit(tx, auditEntry(actor, { action: 'deduct', entity: 'card_transaction', detail: { runId, ids: taken } }));
  return kept;
}

/** The run paid: the private transactions it kept back are settled, in the remittance's transaction. */
export async function settleDeductions(tx: Db, runId: number, at: Date): Promise<number> {
  return repo.settleRun(tx, runId, at);
}

/**
 * The private spend a payment kept back when the bank then refused that payment (docs/decisions/048): no longer
 * settled, it is kept back again from the employee's next payment.
 */
export async function reopenDeductions(tx: Db, transactionIds: number[]): Promise<number> {
  return repo.reopenSettled(tx, transactionIds);
}
