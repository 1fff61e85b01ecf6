import { type Culture, carriesBuyer, type InvoiceLineCover } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { type AppError, refused } from '../../../core/errors';
import { type LineFacts, lineFacts } from '../line-facts.repository';
import { type CoverFapiao, type CoverLine, coverOf, defaultLine, shortLines } from './coverage';
import * as repo from './invoice.repository';

/**
 * A reimbursement's fapiao line by line (decision 058): each fapiao is evidence for one line, a line that needs a
 * fapiao is covered by those assigned to it, and a fapiao whose data name a buyer names the claiming company.
 */

type Doc = { id: number; companyId: number; docType: string };

/** Lines that must be covered: a reimbursement's lines whose item needs a fapiao and no TMC ticket pays. */
function coverLines(d: Pick<Doc, 'docType'>, lines: readonly LineFacts[]): CoverLine[] {
  return lines.map((l) => ({
    lineNo: l.lineNo,
    amountCny: l.amountCny,
    needsFapiao: d.docType === 'deputy' && l.needsInvoice === true && l.tmcTicketId === null,
  }));
}

const itemOf = (l: LineFacts, culture: Culture) =>
  `${l.itemCode ?? ''} ${(culture === 'en-GB' ? l.itemEn : l.itemZh) ?? ''}`.trim();

/** Each line of the document with what its fapiao add up to and still lack (the document's fapiao section). */
export async function lineCovers(db: Db, d: Doc, culture: Culture): Promise<InvoiceLineCover[]> {
  if (d.docType !== 'deputy') return [];
  const [lines, fapiao] = await Promise.all([lineFacts(db, d.id), repo.coverFapiaoOf(db, d.id)]);
  const cover = coverOf(coverLines(d, lines), fapiao);
  return lines.map((l, i) => ({
    LineNo: l.lineNo,
    ItemName: itemOf(l, culture),
    Amount: l.amountCny ?? '0.00',
    NeedsInvoice: cover[i]!.needsFapiao,
    PersonalBuyerAllowed: l.personalBuyerAllowed === true,
    Covered: cover[i]!.covered,
    Short: cover[i]!.short,
  }));
}

/** The line a new fapiao of `total` goes to when its owner names none (`defaultLine`). */
export async function lineForNewFapiao(db: Db, d: Doc, total: string): Promise<number | null> {
  const [lines, fapiao] = await Promise.all([lineFacts(db, d.id), repo.coverFapiaoOf(db, d.id)]);
  return defaultLine(coverLines(d, lines), fapiao, total);
}

/** Whether the document has a line of this number. */
export async function hasLine(db: Db, documentId: number, lineNo: number): Promise<boolean> {
  return (await lineFacts(db, documentId)).some((l) => l.lineNo === lineNo);
}

/**
 * Why a reimbursement's fapiao do not stand behind its lines, if they do not (a submit check, on the lines submit
 * read): each fapiao assigned to a line; made out to the company (its tax id) where its data name a buyer, or to a
 * person where the line's item allows it; and each line that needs a fapiao covered by its own, the shortfall named.
 */
export async function invoiceLineProblem(db: Db, d: Doc, lines: readonly LineFacts[]): Promise<AppError | undefined> {
  if (d.docType !== 'deputy') return undefined;
  const [fapiao, buyer] = await Promise.all([repo.coverFapiaoOf(db, d.id), repo.companyBuyer(db, d.companyId)]);
  const byNo = new Map(lines.map((l) => [l.lineNo, l]));
  const companyTaxId = buyer?.taxId?.toUpperCase() ?? '';
  for (const f of fapiao) {
    const line = f.lineNo === null ? undefined : byNo.get(f.lineNo);
    if (!line) return refused('invoice.line_unassigned', { number: f.number });
    if (f.buyerPersonal) {
      if (!line.personalBuyerAllowed)
        return refused('invoice.personal_buyer_not_allowed', {
          number: f.number,
          line: line.lineNo,
          item: itemOf(line, 'zh-CN'),
          itemEn: itemOf(line, 'en-GB'),
        });
    } else if (carriesBuyer(f.invoiceType, f.number, f.code)) {
      if (!f.buyerTaxId) return refused('invoice.buyer_tax_id_missing', { number: f.number });
      if (companyTaxId && f.buyerTaxId.toUpperCase() !== companyTaxId)
        return refused('invoice.buyer_other_company', { number: f.number, taxId: companyTaxId });
    }
  }
  const short = shortLines(coverOf(coverLines(d, lines), fapiao satisfies readonly CoverFapiao[]));
  if (short.length === 0) return undefined;
  return refused('document.invoice_short', {
    lines: short.map((c) => `${c.lineNo}: ${c.short}`).join(', '),
  });
}

/** After a save rewrote the lines: fapiao assigned to a line that is gone are no one's evidence until reassigned. */
export async function unassignGoneLines(tx: Db, documentId: number, lineCount: number): Promise<void> {
  await repo.unassignLinesAbove(tx, documentId, lineCount);
}
