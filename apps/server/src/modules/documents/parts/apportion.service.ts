import {
  type ApportionmentList,
  addMoney,
  allocateMoney,
  type Culture,
  compareMoney,
  type DeleteApportionBody,
  mulMoney,
  type SaveApportionBody,
} from '@ems/contracts';
import Decimal from 'decimal.js';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, fieldError, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { chargeableFor } from '../../masterdata/funds/chargeable';
import type { DocumentRow } from '../document.repository';
import { type Caller, editPart, readable } from './part';
import * as repo from './parts.repository';

type FieldErr = { field: string; code: string; params?: Record<string, string | number> };

/** The part of `base` the shares cover: all of it at 100 %. */
function coveredBy(base: string, percents: string[]): string {
  const sum = percents.reduce((s, p) => s.plus(p), new Decimal(0));
  return sum.eq(100) ? base : mulMoney(base, sum.div(100).toString());
}

/** The amounts of shares of `base`, to the cent, always adding up to the part of `base` they cover. */
export function shareAmounts(base: string, percents: string[]): string[] {
  return allocateMoney(coveredBy(base, percents), percents);
}

export async function search(ctx: DbContext, c: Caller, documentId: number): Promise<ApportionmentList> {
  return apportionmentOf(ctx.db, c.culture, await readable(ctx.db, c, documentId));
}

/** The part as a document the caller may see holds it (its screen, its preview). */
export async function apportionmentOf(db: Db, culture: Culture, d: DocumentRow): Promise<ApportionmentList> {
  const rows = await repo.apportionmentsOf(db, d.id);
  return {
    Version: d.version,
    Currency: d.currency,
    Rows: rows.map((r) => ({
      ID: r.a.id,
      LineNo: r.a.lineNo,
      CostCenterID: r.a.costCentreId,
      CostCenterCode: r.ccCode,
      CostCenterName: localName(culture, r.ccZh, r.ccEn),
      ProductID: r.a.productId,
      ProductCode: r.productCode,
      ProductName: r.productZh === null ? null : localName(culture, r.productZh, r.productEn),
      Percent: r.a.percent,
      Amount: r.a.amount,
    })),
  };
}

/** Replaces the shares of the document or of one line; they may cover less than 100 % while a draft, never more. */
export async function save(ctx: DbContext, c: Caller, body: SaveApportionBody): Promise<ApportionmentList> {
  const lineNo = body.LineNo ?? null;
  await editPart(ctx, c, body, 'apportion', async (tx, d) => {
    const { total, lines } = await repo.amountsToSplit(tx, d.id);
    const base = lineNo === null ? total : lines.get(lineNo);
    if (base === undefined) throw fieldError('LineNo', 'apportion.line_unknown', { line: lineNo ?? 0 });
    const errors: FieldErr[] = [];
    const seen = new Set<string>();
    const allowed = await chargeableFor(tx, d.companyId, d.applicantId, c.culture);
    const choosable = new Set(
      (allowed?.rows ?? []).filter((r) => r.Kind === 'cost_centre' && r.Choosable).map((r) => r.ID),
    );
    const products = new Set(
      (
        await repo.activeProducts(
          tx,
          d.companyId,
          body.Rows.map((r) => r.ProductID).filter((x): x is number => !!x),
        )
      ).map((p) => p.id),
    );
    for (const [i, r] of body.Rows.entries()) {
      const key = `${r.CostCenterID}/${r.ProductID ?? ''}`;
      if (seen.has(key)) errors.push({ field: `Rows.${i}.CostCenterID`, code: 'apportion.duplicate' });
      seen.add(key);
      if (!choosable.has(r.CostCenterID))
        errors.push({ field: `Rows.${i}.CostCenterID`, code: 'apportion.cost_centre_not_chargeable' });
      if (r.ProductID && !products.has(r.ProductID))
        errors.push({ field: `Rows.${i}.ProductID`, code: 'apportion.product_unknown' });
    }
    const percents = body.Rows.map((r) => r.Percent);
    const sum = percents.reduce((s, p) => s.plus(p), new Decimal(0));
    if (sum.gt(100)) errors.push({ field: 'Rows', code: 'apportion.over_100', params: { sum: sum.toFixed(2) } });
    if (errors.length) throw new AppError(400, 'validation.failed', undefined, errors);
    const amounts = shareAmounts(base, percents);
    await repo.replaceApportionment(
      tx,
      d.id,
      lineNo,
      body.Rows.map((r, i) => ({
        lineNo,
        seq: i + 1,
        costCentreId: r.CostCenterID,
        productId: r.ProductID ?? null,
        percent: new Decimal(r.Percent).toFixed(2),
        amount: amounts[i]!,
      })),
    );
    return { lineNo, shares: body.Rows.length, percent: sum.toFixed(2), amount: addMoney('0', ...amounts) };
  });
  return search(ctx, c, body.DocumentID);
}

export async function remove(ctx: DbContext, c: Caller, body: DeleteApportionBody): Promise<ApportionmentList> {
  const lineNo = body.LineNo ?? null;
  await editPart(ctx, c, body, 'unapportion', async (tx, d) => {
    const gone = await repo.deleteApportionment(tx, d.id, lineNo);
    if (!gone) throw refused('apportion.none');
    return { lineNo, shares: gone };
  });
  return search(ctx, c, body.DocumentID);
}

/**
 * After a draft's lines were saved again: shares of lines it no longer has go, and every share's amount follows
 * the amounts it splits now. Runs in the saving transaction.
 */
export async function reapportion(tx: Db, documentId: number, lineCount: number) {
  await repo.dropLineApportionmentsBeyond(tx, documentId, lineCount);
  const rows = await repo.apportionmentsOf(tx, documentId);
  if (!rows.length) return;
  const { total, lines } = await repo.amountsToSplit(tx, documentId);
  const groups = new Map<number | null, typeof rows>();
  for (const r of rows) groups.set(r.a.lineNo, [...(groups.get(r.a.lineNo) ?? []), r]);
  for (const [lineNo, group] of groups) {
    const base = lineNo === null ? total : (lines.get(lineNo) ?? '0');
    const amounts = shareAmounts(
      base,
      group.map((r) => r.a.percent),
    );
    for (const [i, r] of group.entries()) {
      if (compareMoney(r.a.amount, amounts[i]!) !== 0) await repo.setApportionmentAmount(tx, r.a.id, amounts[i]!);
    }
  }
}

/** Submit's refusal when the document's shares, or a line's, do not come to exactly 100 %. */
export async function apportionmentProblem(db: Db, documentId: number): Promise<AppError | undefined> {
  for (const s of await repo.apportionmentSums(db, documentId)) {
    if (new Decimal(s.percent).eq(100)) continue;
    const sum = new Decimal(s.percent).toFixed(2);
    return s.lineNo === null
      ? refused('document.apportion_not_100', { sum })
      : refused('document.line_apportion_not_100', { line: s.lineNo, sum });
  }
  return undefined;
}
