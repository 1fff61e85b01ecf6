import {
  type AirTicketShareList,
  addMoney,
  allocateMoney,
  type Culture,
  compareMoney,
  type DeletePurchaseOrderBody,
  money,
  type PurchaseOrderList,
  type SaveAirTicketShareBody,
  type SavePurchaseOrderBody,
} from '@ems/contracts';
import { duplicateOn, guarded } from '../../../core/checks';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, fieldError, notFound } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { ticketAmount as tmcTicketAmount } from '../../cards/tmc/tmc.service';
import type { DocumentRow } from '../document.repository';
import { type Caller, editPart, readable } from './part';
import * as repo from './parts.repository';

type FieldErr = { field: string; code: string; params?: Record<string, string | number> };

// Purchase orders -----------------------------------------------------------------------------------------------

export async function searchPurchaseOrders(ctx: DbContext, c: Caller, documentId: number): Promise<PurchaseOrderList> {
  return purchaseOrdersOf(ctx.db, c.culture, await readable(ctx.db, c, documentId));
}

/** The part as a document the caller may see holds it (its screen, its preview). */
export async function purchaseOrdersOf(db: Db, culture: Culture, d: DocumentRow): Promise<PurchaseOrderList> {
  const rows = await repo.purchaseOrdersOf(db, d.id);
  return {
    Version: d.version,
    Total: addMoney('0', ...rows.map((r) => r.po.amount)),
    Rows: rows.map((r) => ({
      ID: r.po.id,
      PONo: r.po.poNo,
      ProviderID: r.po.providerId,
      ProviderCode: r.providerCode,
      ProviderName: localName(culture, r.providerZh, r.providerEn),
      WhiteListed: r.whiteListed,
      Amount: r.po.amount,
      Remark: r.po.remark,
    })),
  };
}

/** Adds a purchase order the document pays against (an active vendor, a number once per document), or changes one. */
export async function savePurchaseOrder(
  ctx: DbContext,
  c: Caller,
  body: SavePurchaseOrderBody,
): Promise<PurchaseOrderList> {
  if (compareMoney(body.Amount, '0') <= 0) throw fieldError('Amount', 'po.amount_zero');
  await editPart(ctx, c, body, body.ID ? 'update_purchase_order' : 'add_purchase_order', async (tx, d) => {
    const vendor = await repo.activeProvider(tx, d.companyId, body.VendorCode);
    if (!vendor) throw fieldError('VendorCode', 'po.vendor_unknown');
    const values = {
      poNo: body.PONo.toUpperCase(),
      providerId: vendor.id,
      amount: money(body.Amount),
      remark: body.Remark || null,
    };
    const duplicate = duplicateOn('PONo', 'po.duplicate', { no: values.poNo });
    if ((await repo.purchaseOrdersOf(tx, d.id)).some((r) => r.po.poNo === values.poNo && r.po.id !== body.ID))
      throw duplicate;
    const id = await guarded(
      async () => {
        if (!body.ID) return repo.insertPurchaseOrder(tx, d.id, values);
        if (!(await repo.updatePurchaseOrder(tx, d.id, body.ID, values))) throw notFound();
        return body.ID;
      },
      { duplicate },
    );
    return { purchaseOrderId: id, poNo: values.poNo, vendor: vendor.code, amount: values.amount };
  });
  return searchPurchaseOrders(ctx, c, body.DocumentID);
}

export async function deletePurchaseOrder(
  ctx: DbContext,
  c: Caller,
  body: DeletePurchaseOrderBody,
): Promise<PurchaseOrderList> {
  await editPart(ctx, c, body, 'delete_purchase_order', async (tx, d) => {
    if (!(await repo.deletePurchaseOrder(tx, d.id, body.ID))) throw notFound();
    return { purchaseOrderId: body.ID };
  });
  return searchPurchaseOrders(ctx, c, body.DocumentID);
}

// Air-ticket shares ---------------------------------------------------------------------------------------------

export async function searchAirTicketShares(
  ctx: DbContext,
  c: Caller,
  documentId: number,
): Promise<AirTicketShareList> {
  return airTicketSharesOf(ctx.db, c.culture, await readable(ctx.db, c, documentId));
}

/** The part as a document the caller may see holds it (its screen, its preview). */
export async function airTicketSharesOf(db: Db, culture: Culture, d: DocumentRow): Promise<AirTicketShareList> {
  const rows = await repo.airTicketSharesOf(db, d.id);
  return {
    Version: d.version,
    Rows: rows.map((r) => ({
      ID: r.s.id,
      TicketNo: r.s.ticketNo,
      TicketAmount: r.s.ticketAmount,
      EmployeeID: r.s.employeeId,
      EmployeeCode: r.code,
      EmployeeName: localName(culture, r.nameZh, r.nameEn),
      Amount: r.s.amount,
    })),
  };
}

/**
 * Replaces how one ticket is shared: the amounts given must add up to the ticket; with none given the ticket is
 * split evenly, the odd cents going to the first people named.
 */
export async function saveAirTicketShare(
  ctx: DbContext,
  c: Caller,
  body: SaveAirTicketShareBody,
): Promise<AirTicketShareList> {
  const ticketNo = body.TicketNo.toUpperCase();
  const ticketAmount = money(body.TicketAmount);
  const errors: FieldErr[] = [];
  if (compareMoney(ticketAmount, '0') <= 0) errors.push({ field: 'TicketAmount', code: 'airticket.amount_zero' });
  const given = body.Shares.filter((s) => s.Amount !== undefined && s.Amount !== null);
  if (given.length && given.length !== body.Shares.length)
    errors.push({ field: 'Shares', code: 'airticket.amounts_partial' });
  const amounts =
    given.length === body.Shares.length
      ? body.Shares.map((s) => money(s.Amount!))
      : !given.length && compareMoney(ticketAmount, '0') > 0
        ? allocateMoney(
            ticketAmount,
            body.Shares.map(() => '1'),
          )
        : [];
  if (given.length === body.Shares.length && compareMoney(addMoney('0', ...amounts), ticketAmount) !== 0)
    errors.push({
      field: 'Shares',
      code: 'airticket.sum_mismatch',
      params: { sum: addMoney('0', ...amounts), ticket: ticketAmount },
    });
  const seen = new Set<number>();
  for (const [i, s] of body.Shares.entries()) {
    if (seen.has(s.EmployeeID)) errors.push({ field: `Shares.${i}.EmployeeID`, code: 'airticket.employee_duplicate' });
    seen.add(s.EmployeeID);
  }
  // A TMC ticket is split at what the company's TMC account paid for it (docs/decisions/038).
  const tmcAmount = await tmcTicketAmount(ctx.db, c.companyId, ticketNo);
  if (tmcAmount !== undefined && compareMoney(tmcAmount, ticketAmount) !== 0)
    errors.push({ field: 'TicketAmount', code: 'airticket.tmc_amount', params: { no: ticketNo, amount: tmcAmount } });
  if (errors.length) throw new AppError(400, 'validation.failed', undefined, errors);
  await editPart(ctx, c, body, 'share_air_ticket', async (tx, d) => {
    const known = new Set((await repo.employeesIn(tx, d.companyId, [...seen])).map((e) => e.id));
    const unknown = body.Shares.findIndex((s) => !known.has(s.EmployeeID));
    if (unknown >= 0) throw fieldError(`Shares.${unknown}.EmployeeID`, 'airticket.employee_unknown');
    await repo.replaceAirTicketShares(
      tx,
      d.id,
      ticketNo,
      body.Shares.map((s, i) => ({ ticketAmount, employeeId: s.EmployeeID, amount: amounts[i]! })),
    );
    return { ticketNo, ticketAmount, people: body.Shares.length };
  });
  return searchAirTicketShares(ctx, c, body.DocumentID);
}
