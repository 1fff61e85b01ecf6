import { addMoney, allocateMoney, compareMoney, money, mulMoney, subMoney } from '@ems/contracts';
import type { EntryInput } from './voucher.service';

/**
 * The accounting rules of a document's voucher (DESIGN §12), pure: the facts come in read and converted, the entries
 * go out. Kept apart from the database so the balance can be tested as a property over random documents.
 */

/** One share of an apportionment: a cost centre (and product) and its percentage. */
export interface ShareFact {
  costCentreId: number;
  productId: number | null;
  percent: string;
}

export interface LineFact {
  lineNo: number;
  /** The line's GL account from the item-to-GL mapping. */
  glAccount: string;
  /** The line is of an item the company keeps as a fixed asset (see `FixedAssetItems`). */
  assetItem: boolean;
  /** The amount in the line's currency. */
  amount: string;
  currency: string;
  /** The CNY rate used (1 for CNY). */
  fxRate: string;
  /** CNY, already converted. */
  amountCny: string;
  productId: number | null;
  /** The line's own apportionment, if any (wins over the document's). */
  shares: ShareFact[];
  /** A TMC air ticket the company's TMC account paid: owed to the TMC, never to the employee. */
  companyPaid?: boolean;
}

/** The deductible VAT of the fapiao that share one tax code. */
export interface VatGroup {
  taxCode: string | null;
  vat: string;
  base: string;
}

export interface ExpenseFacts {
  docNo: string;
  applicantId: number;
  costCentreId: number | null;
  internalOrderId: number | null;
  lines: LineFact[];
  /** The document's apportionment (lines without their own), if any. */
  shares: ShareFact[];
  /** Deductible input VAT of the document's fapiao and tickets, CNY. */
  deductibleVat: string;
  /**
   * The deductible VAT by the SAP tax code of its fapiao's kind and rate (docs/decisions/049), with the net base it was
   * charged on; their VAT adds up to `deductibleVat`. Without it the VAT is one line with no tax code.
   */
  vatGroups?: VatGroup[];
  /** The loans this claim writes off and the amount of each. */
  loans: { loanId: number; amount: string }[];
  /**
   * The individual income tax withheld on the claim's lecture fees (docs/decisions/050), one per fee: owed to the tax
   * bureau on the IIT payable, so the payee is paid the fees after it.
   */
  withheld?: { amount: string; text: string }[];
  accounts: {
    payable: string;
    advance: string;
    inputVat: string;
    fixedAsset: string;
    tmcPayable?: string;
    iitPayable?: string;
  };
  /** Lines of an asset item above this CNY amount (net of VAT) are fixed assets. */
  assetThreshold: string;
}

/** A line booked as a fixed asset: its number, net CNY cost and where it went. */
export interface AssetLine {
  lineNo: number;
  amountCny: string;
  costCentreId: number | null;
  productId: number | null;
}

export interface ExpenseEntries {
  entries: EntryInput[];
  assets: AssetLine[];
  /** CNY: gross of the lines, deductible VAT debited, advance credited, IIT withheld, payable credited. */
  gross: string;
  vat: string;
  writtenOff: string;
  withheld: string;
  payable: string;
}

const positive = (m: string) => compareMoney(m, '0') > 0;
const minMoney = (a: string, b: string) => (compareMoney(a, b) <= 0 ? a : b);

/** A line's CNY amount: the amount when CNY, else amount × rate to the fen. */
export function toCny(amount: string, rate: string): string {
  return mulMoney(amount, rate);
}

/**
 * The entries of a claim (deputy):
 * - each line's debit is its CNY amount less its part of the deductible VAT (the VAT is spread over the lines in
 *   proportion to their amounts, so every line carries its own net cost), split over the line's apportionment, else
 *   the document's, else booked on the document's internal order or cost centre; an asset item's line above the
 *   threshold debits the fixed-asset account instead of its expense account;
 * - the deductible VAT (never more than the claim) debits input VAT;
 * - the loans written off credit the employee advance, each up to what is left of the claim;
 * - TMC air tickets the company's TMC account paid credit the TMC payable, never the employee;
 * - the individual income tax withheld on lecture fees credits the IIT payable, each fee's on a line of its own;
 * - the rest credits the employee payable (nothing when the loans offset it all).
 * Debits and credits both come to the lines' gross CNY amount, to the fen.
 */
export function expenseEntries(f: ExpenseFacts): ExpenseEntries {
  const lines = f.lines.filter((l) => positive(l.amountCny));
  const gross = addMoney('0', ...lines.map((l) => l.amountCny));
  const vat = positive(gross) ? minMoney(money(f.deductibleVat), gross) : '0.00';
  const vatParts = positive(vat)
    ? allocateMoney(
        vat,
        lines.map((l) => l.amountCny),
      )
    : lines.map(() => '0.00');
  const groups = (f.vatGroups ?? []).filter((g) => positive(g.vat));
  // The lines the VAT was deducted from carry the tax code of the VAT they bore: the group's, or the largest one's
  // when the fapiao of the document have several.
  const lineTaxCode =
    [...groups].sort((a, b) => compareMoney(b.vat, a.vat) || String(a.taxCode).localeCompare(String(b.taxCode)))[0]
      ?.taxCode ?? null;
  const entries: EntryInput[] = [];
  const assets: AssetLine[] = [];
  lines.forEach((l, i) => {
    const net = subMoney(l.amountCny, vatParts[i] ?? '0.00');
    if (!positive(net)) return;
    const isAsset = l.assetItem && compareMoney(net, f.assetThreshold) > 0;
    const shares = l.shares.length > 0 ? l.shares : f.shares;
    const base = {
      side: 'D' as const,
      glAccount: isAsset ? f.accounts.fixedAsset : l.glAccount,
      currency: l.currency,
      fxRate: l.fxRate,
      text: isAsset ? `${f.docNo}/${l.lineNo} FA` : `${f.docNo}/${l.lineNo}`,
      ...(positive(vatParts[i] ?? '0.00') && lineTaxCode ? { taxCode: lineTaxCode } : {}),
    };
    if (shares.length === 0) {
      entries.push({
        ...base,
        amount: net,
        amountOriginal: l.amount,
        costCentreId: f.internalOrderId ? null : f.costCentreId,
        internalOrderId: f.internalOrderId,
        productId: l.productId,
      });
      if (isAsset)
        assets.push({
          lineNo: l.lineNo,
          amountCny: net,
          costCentreId: f.internalOrderId ? null : f.costCentreId,
          productId: l.productId,
        });
      return;
    }
    const weights = shares.map((s) => s.percent);
    const parts = allocateMoney(net, weights);
    const originals = allocateMoney(money(l.amount), weights);
    shares.forEach((s, k) => {
      const part = parts[k] ?? '0.00';
      if (!positive(part)) return;
      const productId = s.productId ?? l.productId;
      entries.push({
        ...base,
        amount: part,
        amountOriginal: originals[k] ?? null,
        costCentreId: s.costCentreId,
        internalOrderId: null,
        productId,
      });
      if (isAsset) assets.push({ lineNo: l.lineNo, amountCny: part, costCentreId: s.costCentreId, productId });
    });
  });
  if (positive(vat)) {
    if (groups.length === 0)
      entries.push({ side: 'D', glAccount: f.accounts.inputVat, amount: vat, text: `${f.docNo} VAT` });
    else {
      // One input-VAT line per tax code, the (possibly capped) VAT spread over them by what each group deducted.
      const parts = allocateMoney(
        vat,
        groups.map((g) => g.vat),
      );
      groups.forEach((g, k) => {
        const part = parts[k] ?? '0.00';
        if (!positive(part)) return;
        entries.push({
          side: 'D',
          glAccount: f.accounts.inputVat,
          amount: part,
          text: `${f.docNo} VAT`,
          taxCode: g.taxCode,
          taxBase: g.base,
        });
      });
    }
  }

  // The company's TMC account paid the TMC tickets: their gross is owed to the TMC, not to the employee.
  const companyPaid = addMoney('0', ...lines.filter((l) => l.companyPaid).map((l) => l.amountCny));
  if (positive(companyPaid))
    entries.push({
      side: 'C',
      glAccount: f.accounts.tmcPayable ?? f.accounts.payable,
      amount: companyPaid,
      text: `${f.docNo} TMC`,
    });
  let left = subMoney(gross, companyPaid);
  // The tax withheld on lecture fees is owed to the tax bureau whoever else is owed the rest.
  for (const w of f.withheld ?? []) {
    const take = minMoney(money(w.amount), left);
    if (!positive(take)) continue;
    entries.push({ side: 'C', glAccount: f.accounts.iitPayable ?? f.accounts.payable, amount: take, text: w.text });
    left = subMoney(left, take);
  }
  const withheld = subMoney(subMoney(gross, companyPaid), left);
  for (const loan of f.loans) {
    const take = minMoney(money(loan.amount), left);
    if (!positive(take)) continue;
    entries.push({
      side: 'C',
      glAccount: f.accounts.advance,
      amount: take,
      employeeId: f.applicantId,
      text: `${f.docNo} loan ${loan.loanId}`,
    });
    left = subMoney(left, take);
  }
  const writtenOff = subMoney(subMoney(subMoney(gross, companyPaid), withheld), left);
  if (positive(left))
    entries.push({ side: 'C', glAccount: f.accounts.payable, amount: left, employeeId: f.applicantId, text: f.docNo });
  return { entries, assets, gross, vat, writtenOff, withheld, payable: left };
}

/** A loan: debit the employee's advance, credit what the company owes them (paid out by remittance). */
export function loanEntries(f: {
  docNo: string;
  applicantId: number;
  amountCny: string;
  accounts: { payable: string; advance: string };
}): EntryInput[] {
  if (!positive(f.amountCny)) return [];
  return [
    { side: 'D', glAccount: f.accounts.advance, amount: f.amountCny, employeeId: f.applicantId, text: f.docNo },
    { side: 'C', glAccount: f.accounts.payable, amount: f.amountCny, employeeId: f.applicantId, text: f.docNo },
  ];
}
