import { addMoney, type FapiaoType, money, subMoney, VAT_RATES, type VatRate } from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../../core/db';
import { refused } from '../../../core/errors';
import { shanghaiToday } from '../../../core/time';
import { withheldOf } from '../../documents/customers/withholding.service';
import type { LockedDocument } from '../../documents/lifecycle/transition';
import { taxCodeTable } from '../../masterdata/erpcodes/erpcodes.service';
import { ledgerForLine } from '../../masterdata/expense/item-config.service';
import { fxRateFor } from '../../masterdata/periods/periods.service';
import { fixedAssetRule, glAccount } from './accounts';
import * as repo from './document-voucher.repository';
import {
  type ExpenseFacts,
  expenseEntries,
  type LineFact,
  loanEntries,
  type ShareFact,
  toCny,
  type VatGroup,
} from './entry-rules';
import { writeVoucher } from './voucher.service';

/**
 * A line's CNY amount and rate: what the line carries when it was converted on saving, else the FCSetting rate of
 * its expense date (DESIGN §12). A foreign line with no rate for its month is refused with the currency named.
 */
async function lineCny(
  db: Db,
  companyId: number,
  l: { lineNo: number; amount: string; currency: string; fxRate: string | null; amountCny: string | null },
  day: string,
) {
  if (l.currency === 'CNY') return { amountCny: money(l.amountCny ?? l.amount), fxRate: '1' };
  if (l.amountCny && l.fxRate) return { amountCny: money(l.amountCny), fxRate: l.fxRate };
  const fx = await fxRateFor(db, companyId, l.currency, day);
  if (!fx) throw refused('finance.no_fx_rate', { line: l.lineNo, currency: l.currency, day });
  return { amountCny: toCny(l.amount, fx.rate), fxRate: fx.rate };
}

/** The VAT rate a passenger ticket's deduction formula uses (÷ 1.09 × 9 %, ÷ 1.03 × 3 %). */
const TICKET_RATES: Partial<Record<FapiaoType, VatRate>> = { air: '9', rail: '9', water: '9', road: '3' };

/**
 * A fapiao's VAT rate: a ticket's by its kind, else the standard rate nearest its tax over its net amount (the
 * amounts are rounded to the fen, so the quotient is near, not at, the rate).
 */
export function fapiaoRate(f: { invoiceType: FapiaoType; amount: string; taxAmount: string }): VatRate {
  const ticket = TICKET_RATES[f.invoiceType];
  if (ticket) return ticket;
  const net = new Decimal(f.amount);
  if (net.lte(0)) return '0';
  const pct = new Decimal(f.taxAmount).times(100).div(net);
  let best: VatRate = '0';
  for (const r of VAT_RATES) if (pct.minus(r).abs().lt(pct.minus(best).abs())) best = r;
  return best;
}

/**
 * The document's deductible VAT by the company's tax code of each fapiao's kind and rate (the tax-code master data);
 * a kind and rate without a code form a group of their own with no code, which the ERP refuses when it requires one.
 */
async function vatGroupsOf(db: Db, companyId: number, documentId: number): Promise<VatGroup[]> {
  const invoices = await repo.vatInvoicesOf(db, documentId);
  if (invoices.length === 0) return [];
  const codes = await taxCodeTable(db, companyId);
  const groups = new Map<string, VatGroup>();
  for (const i of invoices) {
    const rate = fapiaoRate(i);
    const taxCode = codes.get(`${i.invoiceType}|${rate}`) ?? null;
    // A ticket's base is its fare less the VAT the formula deducts; a fapiao's its net amount.
    const base = TICKET_RATES[i.invoiceType] ? subMoney(i.totalAmount, i.deductibleVat) : money(i.amount);
    const key = taxCode ?? `-${i.invoiceType}|${rate}`;
    const g = groups.get(key) ?? { taxCode, vat: '0.00', base: '0.00' };
    groups.set(key, { taxCode, vat: addMoney(g.vat, i.deductibleVat), base: addMoney(g.base, base) });
  }
  return [...groups.values()];
}

/** Reads everything a claim's voucher rests on: lines converted to CNY with their GL, shares, VAT, loans. */
async function expenseFacts(db: Db, d: LockedDocument, postingDate: string) {
  const { costCentreType, lines } = await repo.voucherLines(db, d.id, d.costCentreId);
  const shares = await repo.sharesOf(db, d.id);
  const rule = await fixedAssetRule(db, d.companyId);
  const share = (s: (typeof shares)[number]): ShareFact => ({
    costCentreId: s.costCentreId,
    productId: s.productId,
    percent: s.percent,
  });
  const facts: LineFact[] = [];
  for (const l of lines) {
    if (!l.itemId || !l.amount) throw refused('finance.line_incomplete', { line: l.lineNo });
    const gl = await ledgerForLine(db, d.companyId, {
      itemId: l.itemId,
      docType: d.docType,
      costCentreType,
      productId: l.productId,
    });
    if (!gl) throw refused('finance.no_gl_account', { line: l.lineNo });
    const cny = await lineCny(db, d.companyId, { ...l, amount: l.amount }, l.expenseDate ?? postingDate);
    facts.push({
      lineNo: l.lineNo,
      glAccount: gl.glAccount,
      assetItem: l.itemCode !== null && rule.itemCodes.has(l.itemCode),
      amount: l.amount,
      currency: l.currency,
      fxRate: cny.fxRate,
      amountCny: cny.amountCny,
      productId: l.productId,
      shares: shares.filter((s) => s.lineNo === l.lineNo).map(share),
      companyPaid: l.tmcTicketId !== null,
    });
  }
  const f: ExpenseFacts = {
    docNo: d.docNo,
    applicantId: d.applicantId,
    costCentreId: d.costCentreId,
    internalOrderId: d.internalOrderId,
    lines: facts,
    shares: shares.filter((s) => s.lineNo === null).map(share),
    deductibleVat: money(await repo.deductibleVatOf(db, d.id)),
    vatGroups: await vatGroupsOf(db, d.companyId, d.id),
    loans: await repo.loansWrittenOff(db, d.id),
    withheld: (await withheldOf(db, d.id)).map((w) => ({
      amount: w.tax,
      text: `${d.docNo} IIT ${w.hcpCode} ${w.month}`,
    })),
    accounts: {
      payable: await glAccount(db, d.companyId, 'payable'),
      advance: await glAccount(db, d.companyId, 'advance'),
      inputVat: await glAccount(db, d.companyId, 'inputVat'),
      fixedAsset: await glAccount(db, d.companyId, 'fixedAsset'),
      tmcPayable: await glAccount(db, d.companyId, 'tmcPayable'),
      iitPayable: await glAccount(db, d.companyId, 'iitPayable'),
    },
    assetThreshold: rule.threshold,
  };
  return { facts: f, lines };
}

/**
 * The voucher of a document that passed accounting review (DESIGN §12), written in the review's transaction, in the
 * period of the posting date after the cut-off day. A loan debits the employee's advance and credits the payable; a
 * claim books its lines net of deductible VAT on their expense (or fixed-asset) accounts per cost centre share,
 * debits the input VAT, credits the advance for the loans it writes off and the payable for the rest
 * (`expenseEntries`). Fixed-asset lines leave a `fixed_asset` record each. A line whose item maps to no GL account
 * is refused with the line named.
 */
export async function writeDocumentVoucher(db: Db, d: LockedDocument, postingDate = shanghaiToday()) {
  if (d.docType === 'loan') {
    const entries = loanEntries({
      docNo: d.docNo,
      applicantId: d.applicantId,
      amountCny: money(d.totalAmountCny),
      accounts: {
        payable: await glAccount(db, d.companyId, 'payable'),
        advance: await glAccount(db, d.companyId, 'advance'),
      },
    });
    if (entries.length === 0) throw refused('finance.nothing_to_book', { docNo: d.docNo });
    return writeVoucher(db, { companyId: d.companyId, documentId: d.id, kind: 'loan', postingDate, entries });
  }
  const { facts, lines } = await expenseFacts(db, d, postingDate);
  const built = expenseEntries(facts);
  if (built.entries.length === 0) throw refused('finance.nothing_to_book', { docNo: d.docNo });
  const v = await writeVoucher(db, {
    companyId: d.companyId,
    documentId: d.id,
    kind: 'expense',
    postingDate,
    entries: built.entries,
  });
  const seqOf = new Map<number, number>();
  await repo.insertAssets(
    db,
    built.assets.map((a) => {
      const seq = (seqOf.get(a.lineNo) ?? 0) + 1;
      seqOf.set(a.lineNo, seq);
      const line = lines.find((l) => l.lineNo === a.lineNo);
      return {
        companyId: d.companyId,
        documentId: d.id,
        voucherId: v.id,
        assetNo: `FA${v.id}-${a.lineNo}-${seq}`,
        lineNo: a.lineNo,
        seq,
        expenseItemId: line?.itemId ?? null,
        description: line?.description?.slice(0, 500) ?? null,
        costCentreId: a.costCentreId,
        productId: a.productId,
        employeeId: d.applicantId,
        acquiredOn: line?.expenseDate ?? postingDate,
        amount: a.amountCny,
        glAccount: facts.accounts.fixedAsset,
      };
    }),
  );
  return v;
}
