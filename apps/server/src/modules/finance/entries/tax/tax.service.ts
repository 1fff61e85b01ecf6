import {
  compareMoney,
  deductibleVat,
  type FapiaoType,
  type InvoiceDeduction,
  type NoDeductRow,
  type Page,
  type SaveVatAdjustmentBody,
  type SearchNoDeductBody,
  subMoney,
  type VatAdjustmentKind,
  type VatAdjustmentRef,
  type VatAdjustmentRow,
} from '@ems/contracts';
import type { Actor } from '../../../../core/actor';
import { requireVersion, staleVersion } from '../../../../core/checks';
import type { Db } from '../../../../core/db';
import { fieldError, notFound, refused } from '../../../../core/errors';
import { localName } from '../../../../core/i18n';
import { shanghaiToday } from '../../../../core/time';
import { audit, auditEntry } from '../../../audit/audit.service';
import { queuePosting } from '../../posting/queue.service';
import { glAccount } from '../accounts';
import { type EntryInput, entriesOf, vouchersOfDocument, writeVoucher } from '../voucher.service';
import * as repo from './tax.repository';

function listRow(r: repo.InvoiceListRow, culture: Actor['culture']): NoDeductRow {
  return {
    InvoiceID: r.invoiceId,
    DocumentID: r.documentId,
    DocNo: r.docNo,
    ApplicantName: localName(culture, r.applicantZh, r.applicantEn),
    InvoiceType: r.invoiceType,
    Code: r.code,
    Number: r.number,
    InvoiceDate: r.invoiceDate,
    SellerName: r.sellerName,
    Amount: r.amount,
    TaxAmount: r.taxAmount,
    DeductibleVat: r.deductibleVat,
    EffectiveVat: r.effectiveVat,
    Drafts: r.drafts,
  };
}

/**
 * What may still be deducted and transferred out: the ceiling is the fapiao's tax, or what the passenger-ticket
 * formula gives (DESIGN §12), whichever is more; the effective VAT is what was deducted after applied adjustments.
 */
function limits(r: repo.InvoiceListRow) {
  const formula = deductibleVat({
    type: r.invoiceType as FapiaoType,
    amount: r.amount,
    taxAmount: r.taxAmount,
    fuelAmount: r.fuelAmount,
  });
  const ceiling = compareMoney(r.taxAmount, formula) >= 0 ? r.taxAmount : formula;
  const room = subMoney(ceiling, r.effectiveVat);
  return { maxDeduct: compareMoney(room, '0') > 0 ? room : '0.00', maxTransferOut: r.effectiveVat };
}

function checkAmount(r: repo.InvoiceListRow, kind: VatAdjustmentKind, amount: string) {
  const { maxDeduct, maxTransferOut } = limits(r);
  const max = kind === 'deduct' ? maxDeduct : maxTransferOut;
  if (compareMoney(amount, max) > 0) throw fieldError('Amount', `vat.${kind}_too_much`, { max });
  if (compareMoney(amount, '0') <= 0) throw fieldError('Amount', 'vat.amount_positive');
}

function adjustmentRow(r: Awaited<ReturnType<typeof repo.adjustmentsOf>>[number], culture: Actor['culture']) {
  const a = r.a;
  return {
    VatAdjustmentID: a.id,
    InvoiceID: a.invoiceId,
    Kind: a.kind,
    Amount: a.amount,
    Reason: a.reason,
    State: a.state,
    VoucherID: a.voucherId,
    VoucherState: r.voucherState,
    Period: r.period,
    ErpDocNo: r.erpDocNo,
    ReversalVoucherID: a.reversalVoucherId,
    CreatedByName: r.creatorZh ? localName(culture, r.creatorZh, r.creatorEn ?? r.creatorZh) : null,
    CreatedAt: a.createdAt.toISOString(),
    Version: a.version,
  } satisfies VatAdjustmentRow;
}

/** The fapiao of reviewed claims by deduction (not deducted, deducted, adjusted, all), paged. */
export async function search(db: Db, actor: Actor, body: SearchNoDeductBody): Promise<Page<NoDeductRow>> {
  const { total, rows } = await repo.searchInvoices(db, actor.companyId, body);
  return { Total: total, Rows: rows.map((r) => listRow(r, actor.culture)) };
}

/** One fapiao with what may still be deducted or transferred out and its adjustments; 404 outside the company. */
export async function load(db: Db, actor: Actor, invoiceId: number): Promise<InvoiceDeduction> {
  const r = await repo.invoiceRow(db, actor.companyId, invoiceId);
  if (!r) throw notFound();
  const { maxDeduct, maxTransferOut } = limits(r);
  const adjustments = await repo.adjustmentsOf(db, invoiceId);
  return {
    Invoice: listRow(r, actor.culture),
    MaxDeduct: maxDeduct,
    MaxTransferOut: maxTransferOut,
    Adjustments: adjustments.map((a) => adjustmentRow(a, actor.culture)),
  };
}

async function lockedInvoice(tx: Db, actor: Actor, invoiceId: number) {
  if (!(await repo.lockInvoice(tx, actor.companyId, invoiceId))) throw notFound();
  const r = await repo.invoiceRow(tx, actor.companyId, invoiceId);
  if (!r) throw notFound();
  return r;
}

/**
 * Locks an adjustment for a change, its fapiao first: every change of a fapiao's adjustments takes the fapiao's row
 * lock before the adjustment's, so two changes never wait on each other in opposite order.
 */
async function lockedAdjustment(tx: Db, actor: Actor, id: number, version: number) {
  const seen = await repo.findAdjustment(tx, actor.companyId, id);
  if (!seen) throw notFound();
  const r = await lockedInvoice(tx, actor, seen.invoiceId);
  const a = await repo.lockAdjustment(tx, actor.companyId, id);
  if (!a) throw notFound();
  if (a.version !== version) throw staleVersion();
  return { a, r };
}

async function answer(db: Db, actor: Actor, invoiceId: number, id: number): Promise<VatAdjustmentRow> {
  const row = (await repo.adjustmentsOf(db, invoiceId)).find((a) => a.a.id === id);
  if (!row) throw notFound();
  return adjustmentRow(row, actor.culture);
}

/** Saves a draft adjustment (new, or a draft changed at the version seen); nothing is booked yet. */
export async function save(db: Db, actor: Actor, body: SaveVatAdjustmentBody): Promise<VatAdjustmentRow> {
  return db.transaction(async (tx) => {
    const r = await lockedInvoice(tx, actor, body.InvoiceID);
    checkAmount(r, body.Kind, body.Amount);
    const values = { kind: body.Kind, amount: body.Amount, reason: body.Reason };
    let id: number;
    if (body.VatAdjustmentID === undefined) {
      const row = await repo.insertAdjustment(tx, {
        ...values,
        companyId: actor.companyId,
        documentId: r.documentId,
        invoiceId: r.invoiceId,
        createdBy: actor.userId,
      });
      id = row.id;
    } else {
      const before = await repo.lockAdjustment(tx, actor.companyId, body.VatAdjustmentID);
      if (!before || before.invoiceId !== r.invoiceId) throw notFound();
      if (before.state !== 'draft') throw refused('vat.not_draft', { state: before.state });
      const saved = await repo.updateAdjustment(tx, before.id, requireVersion(body.Version), {
        ...values,
        updatedAt: new Date(),
      });
      if (!saved) throw staleVersion();
      id = saved.id;
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: body.VatAdjustmentID === undefined ? 'create' : 'update',
        entity: 'vat_adjustment',
        entityId: id,
        detail: { invoiceId: r.invoiceId, ...values },
      }),
    );
    return answer(tx, actor, r.invoiceId, id);
  });
}

/** The expense entry of the claim's voucher that the fapiao's VAT moves against (its first expense debit). */
async function expenseEntryOf(tx: Db, documentId: number, inputVat: string) {
  const vouchers = (await vouchersOfDocument(tx, documentId)).filter(
    (v) => v.kind === 'expense' && v.state !== 'cancelled',
  );
  const entries = await entriesOf(
    tx,
    vouchers.map((v) => v.id),
  );
  const e = entries.find((x) => x.side === 'D' && x.glAccount !== inputVat);
  if (!e) throw refused('vat.no_expense_entry');
  return e;
}

/**
 * Applies a draft (UpdateDeduction): writes the adjusting voucher in this period and queues it for the ERP.
 * deduct: debit input VAT, credit the claim's expense; transfer out: the other way round.
 */
export async function apply(db: Db, actor: Actor, body: VatAdjustmentRef): Promise<VatAdjustmentRow> {
  return db.transaction(async (tx) => {
    const { a, r } = await lockedAdjustment(tx, actor, body.VatAdjustmentID, body.Version);
    if (a.state !== 'draft') throw refused('vat.not_draft', { state: a.state });
    checkAmount(r, a.kind, a.amount);
    const inputVat = await glAccount(tx, actor.companyId, 'inputVat');
    const e = await expenseEntryOf(tx, a.documentId, inputVat);
    const vat: EntryInput = { side: 'D', glAccount: inputVat, amount: a.amount, text: `${r.docNo} VAT ${r.number}` };
    const expense: EntryInput = {
      side: 'C',
      glAccount: e.glAccount,
      amount: a.amount,
      costCentreId: e.costCentreId,
      internalOrderId: e.internalOrderId,
      productId: e.productId,
      text: `${r.docNo} VAT ${r.number}`,
    };
    const entries =
      a.kind === 'deduct'
        ? [vat, expense]
        : [
            { ...expense, side: 'D' as const },
            { ...vat, side: 'C' as const },
          ];
    const postingDate = shanghaiToday();
    const v = await writeVoucher(tx, {
      companyId: actor.companyId,
      documentId: a.documentId,
      kind: 'vat_adjustment',
      postingDate,
      entries,
    });
    await queuePosting(tx, actor.companyId, [v.id]);
    const saved = await repo.updateAdjustment(tx, a.id, a.version, {
      state: 'applied',
      voucherId: v.id,
      updatedAt: new Date(),
    });
    if (!saved) throw staleVersion();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'apply',
        entity: 'vat_adjustment',
        entityId: a.id,
        detail: { invoiceId: a.invoiceId, kind: a.kind, amount: a.amount, voucherId: v.id },
      }),
    );
    return answer(tx, actor, a.invoiceId, a.id);
  });
}

/**
 * DeleteDeduction: a draft is deleted; an applied adjustment is reversed by a voucher with its entries' sides
 * swapped, queued for the ERP, and kept as reversed. A reversed one is refused.
 */
export async function remove(db: Db, actor: Actor, body: VatAdjustmentRef): Promise<{ Deleted: boolean }> {
  return db.transaction(async (tx) => {
    const { a } = await lockedAdjustment(tx, actor, body.VatAdjustmentID, body.Version);
    if (a.state === 'reversed') throw refused('vat.already_reversed');
    if (a.state === 'draft') {
      if (!(await repo.deleteAdjustment(tx, a.id, a.version))) throw staleVersion();
      await audit(tx, auditEntry(actor, { action: 'delete', entity: 'vat_adjustment', entityId: a.id, detail: a }));
      return { Deleted: true };
    }
    if (!a.voucherId) throw refused('vat.no_voucher');
    const original = await entriesOf(tx, [a.voucherId]);
    const postingDate = shanghaiToday();
    const v = await writeVoucher(tx, {
      companyId: actor.companyId,
      documentId: a.documentId,
      kind: 'vat_adjustment',
      postingDate,
      entries: original.map((e) => ({
        side: e.side === 'D' ? 'C' : 'D',
        glAccount: e.glAccount,
        amount: e.amount,
        costCentreId: e.costCentreId,
        internalOrderId: e.internalOrderId,
        productId: e.productId,
        text: `${e.text ?? ''} reversal`.trim().slice(0, 200),
      })),
    });
    await queuePosting(tx, actor.companyId, [v.id]);
    const saved = await repo.updateAdjustment(tx, a.id, a.version, {
      state: 'reversed',
      reversalVoucherId: v.id,
      updatedAt: new Date(),
    });
    if (!saved) throw staleVersion();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'reverse',
        entity: 'vat_adjustment',
        entityId: a.id,
        detail: { invoiceId: a.invoiceId, voucherId: a.voucherId, reversalVoucherId: v.id },
      }),
    );
    return { Deleted: false };
  });
}
