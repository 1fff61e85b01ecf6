import {
  BUDGET_CONTROL_PERIODS,
  type ControlPeriod,
  type ExportLimitReportBody,
  type ImportResult,
  isMoney,
  type LIMIT_STATUSES,
  MasterCode,
} from '@ems/contracts';
import Decimal from 'decimal.js';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { sendXlsx } from '../../core/export';
import { type ImportColumn, parseRows, RowErrors, readSheet } from '../../core/import';
import { audit, auditEntry } from '../audit/audit.service';
import * as L from './budget.ledger';
import * as repo from './budget.repository';
import { toReportRow, toSubRow } from './budget.service';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const monthKey = (m: number) => `M${String(m).padStart(2, '0')}`;

/** The one layout of the budget sheet: the template and the import, headers in either language. */
export const BUDGET_COLUMNS: ImportColumn[] = [
  { key: 'Year', headerKey: 'budget.column.year', required: true },
  { key: 'CostCenterCode', headerKey: 'budget.column.costCentreCode', required: true },
  { key: 'ExpenseItemCode', headerKey: 'budget.column.expenseItemCode', required: true },
  { key: 'ProductCode', headerKey: 'budget.column.productCode' },
  { key: 'LimitStatus', headerKey: 'budget.column.limitStatus' },
  ...MONTHS.map((m) => ({ key: monthKey(m), headerKey: `budget.column.month${m}` })),
  // Last, so a sheet made from the earlier template still reads.
  { key: 'ControlPeriod', headerKey: 'budget.column.controlPeriod' },
];

const blankIsUndefined = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);
const SheetMoney = blankIsUndefined(z.string().optional());
const BudgetSheetRow = z.object({
  Year: blankIsUndefined(z.coerce.number().int().min(2000).max(2100)),
  CostCenterCode: blankIsUndefined(MasterCode),
  ExpenseItemCode: blankIsUndefined(MasterCode),
  ProductCode: blankIsUndefined(MasterCode.optional()),
  LimitStatus: blankIsUndefined(z.coerce.number().int().min(0).max(2).optional()),
  ControlPeriod: blankIsUndefined(z.string().trim().max(40).optional()),
  ...Object.fromEntries(MONTHS.map((m) => [monthKey(m), SheetMoney])),
});
type BudgetSheetRow = z.infer<typeof BudgetSheetRow> & Record<string, string | undefined>;

const header = (ctx: AppContext, actor: Actor, key: string) =>
  ctx.messages.t(BUDGET_COLUMNS.find((c) => c.key === key)!.headerKey, actor.culture);

/** The empty import template: the headers in the user's language, one sheet. */
export async function template(ctx: AppContext, actor: Actor, reply: FastifyReply) {
  const name = ctx.messages.t('budget.templateFile', actor.culture);
  return sendXlsx<never>(
    reply,
    `${name}.xlsx`,
    name,
    BUDGET_COLUMNS.map((c) => ({
      header: header(ctx, actor, c.key),
      width: c.key.startsWith('M') ? 12 : 18,
      value: () => '',
    })),
    [],
  );
}

/**
 * Creates budgets, or replaces the months and limit status (and the control period, when given) of those with the
 * same key, from the template. Any bad
 * cell refuses the whole file with every bad cell named (row, column, reason in the user's language); a good file is
 * applied in one transaction.
 */
export async function importBudgets(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const rows = await readSheet(data, BUDGET_COLUMNS, ctx.messages);
  const errors = new RowErrors(BUDGET_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(rows, BudgetSheetRow, errors) as { row: number; value: BudgetSheetRow }[];
  const codes = await repo.codesOf(ctx.db, actor.companyId);
  // The control period by its code or its name in either language.
  const periods = new Map<string, ControlPeriod>();
  for (const p of BUDGET_CONTROL_PERIODS) {
    periods.set(p, p);
    for (const c of ['zh-CN', 'en-GB'] as const)
      periods.set(ctx.messages.t(`budget.controlPeriod.${p}`, c).toLowerCase(), p);
  }
  const seen = new Map<string, number>();
  const plan = good.flatMap(({ row, value }) => {
    const ccId = codes.ccs.get(value.CostCenterCode.toLowerCase());
    const itemId = codes.items.get(value.ExpenseItemCode.toLowerCase());
    const productId = value.ProductCode ? codes.products.get(value.ProductCode.toLowerCase()) : null;
    if (!ccId) errors.add(row, 'CostCenterCode', 'budget.cost_centre_unknown');
    if (!itemId) errors.add(row, 'ExpenseItemCode', 'budget.expense_item_unknown');
    if (productId === undefined) errors.add(row, 'ProductCode', 'budget.product_unknown');
    const key =
      `${value.Year}/${value.CostCenterCode}/${value.ExpenseItemCode}/${value.ProductCode ?? ''}`.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) errors.add(row, 'CostCenterCode', 'budget.repeated_in_file', { row: first });
    else seen.set(key, row);
    const controlPeriod = value.ControlPeriod ? periods.get(value.ControlPeriod.toLowerCase()) : undefined;
    if (value.ControlPeriod && !controlPeriod) errors.add(row, 'ControlPeriod', 'budget.control_period_invalid');
    if (!ccId || !itemId || productId === undefined) return [];
    const months = MONTHS.flatMap((m) => {
      const v = value[monthKey(m)]?.replace(/,/g, '');
      if (v === undefined) return [];
      if (!isMoney(v) || new Decimal(v).lt(0)) {
        errors.add(row, monthKey(m), 'budget.amount_invalid');
        return [];
      }
      return [{ month: m, amount: new Decimal(v).toFixed(2) }];
    });
    return [
      {
        row,
        key: { year: value.Year, costCentreId: ccId, expenseItemId: itemId, productId },
        limitStatus: (value.LimitStatus ?? 0) as (typeof LIMIT_STATUSES)[number],
        controlPeriod,
        months,
      },
    ];
  });
  errors.throwIfAny();
  return ctx.db.transaction(async (tx) => {
    let created = 0;
    for (const p of plan) {
      const before = await repo.findByKey(tx, actor.companyId, p.key);
      if (before) {
        const locked = (await repo.lockBudget(tx, actor.companyId, before.id))!;
        await repo.deleteDetails(tx, locked.id, MONTHS);
        await repo.upsertDetails(tx, locked.id, p.months);
        const saved = (await repo.resum(tx, locked.id, locked.version, {
          limitStatus: p.limitStatus,
          ...(p.controlPeriod ? { controlPeriod: p.controlPeriod } : {}),
        }))!;
        const used = L.total(await repo.balanceOf(tx, locked.id));
        if (p.limitStatus === 2 && used.gt(saved.amount))
          errors.add(p.row, 'M01', 'budget.below_used', { amount: saved.amount, used: used.toFixed(2) });
      } else {
        const b = await repo.insertBudget(tx, {
          companyId: actor.companyId,
          ...p.key,
          limitStatus: p.limitStatus,
          controlPeriod: p.controlPeriod ?? 'year',
        });
        await repo.upsertDetails(tx, b.id, p.months);
        await repo.resum(tx, b.id, b.version);
        created++;
      }
    }
    // A replaced blocked budget may not fall below what documents use: the whole file rolls back.
    errors.throwIfAny();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'import',
        entity: 'budget',
        detail: { created, updated: plan.length - created, rows: plan.length },
      }),
    );
    return { Imported: plan.length, Created: created, Updated: plan.length - created };
  });
}

/** Every budget the report's filters select, streamed. */
export async function exportReport(ctx: AppContext, actor: Actor, f: ExportLimitReportBody, reply: FastifyReply) {
  const t = (k: string) => ctx.messages.t(k, actor.culture);
  const rows = repo.limitReportAll(ctx.reportDb, actor.companyId, f);
  const mapped = (async function* () {
    for await (const r of rows) yield toReportRow(r, actor.culture);
  })();
  type Row = ReturnType<typeof toReportRow>;
  return sendXlsx<Row>(
    reply,
    `${t('budget.report.exportFile')}.xlsx`,
    t('budget.report.exportFile'),
    [
      { header: t('budget.column.year'), value: (r) => r.Year, width: 8 },
      { header: t('budget.field.team'), value: (r) => r.TeamName, width: 18 },
      { header: t('budget.column.costCentreCode'), value: (r) => r.CostCenterCode, width: 14 },
      { header: t('budget.field.costCentre'), value: (r) => r.CostCenterName, width: 24 },
      { header: t('budget.column.expenseItemCode'), value: (r) => r.ExpenseItemCode, width: 14 },
      { header: t('budget.field.expenseItem'), value: (r) => r.ExpenseItemName, width: 20 },
      { header: t('budget.field.product'), value: (r) => r.ProductName, width: 18 },
      { header: t('budget.column.limitStatus'), value: (r) => t(`budget.limitStatus.${r.LimitStatus}`), width: 10 },
      {
        header: t('budget.column.controlPeriod'),
        value: (r) => t(`budget.controlPeriod.${r.ControlPeriod}`),
        width: 12,
      },
      { header: t('budget.field.amount'), value: (r) => r.Amount, width: 14 },
      { header: t('budget.field.held'), value: (r) => r.Held, width: 14 },
      { header: t('budget.field.reserved'), value: (r) => r.Reserved, width: 14 },
      { header: t('budget.field.consumed'), value: (r) => r.Consumed, width: 14 },
      { header: t('budget.field.available'), value: (r) => r.Available, width: 14 },
      { header: t('budget.field.usedPercent'), value: (r) => r.UsedPercent, width: 10 },
    ],
    mapped,
  );
}

/** The documents of one budget, streamed. */
export async function exportSub(ctx: AppContext, actor: Actor, budgetId: number, reply: FastifyReply) {
  if (!(await repo.findBudget(ctx.reportDb, actor.companyId, budgetId))) throw notFound();
  const t = (k: string) => ctx.messages.t(k, actor.culture);
  const rows = (await repo.subGridAll(ctx.reportDb, budgetId, 100_000)).map((r) => toSubRow(r, actor.culture));
  type Row = (typeof rows)[number];
  return sendXlsx<Row>(
    reply,
    `${t('budget.report.subExportFile')}.xlsx`,
    t('budget.report.subExportFile'),
    [
      { header: t('budget.field.docNo'), value: (r) => r.DocNo, width: 18 },
      { header: t('budget.field.docType'), value: (r) => t(`expenseMaster.docType.${r.DocType}`), width: 10 },
      { header: t('budget.field.status'), value: (r) => t(`doc.status.${r.Status}`), width: 12 },
      { header: t('budget.field.applicant'), value: (r) => r.ApplicantName, width: 14 },
      { header: t('budget.field.held'), value: (r) => r.Held, width: 14 },
      { header: t('budget.field.reserved'), value: (r) => r.Reserved, width: 14 },
      { header: t('budget.field.consumed'), value: (r) => r.Consumed, width: 14 },
      { header: t('budget.field.lastMovedAt'), value: (r) => r.LastMovedAt.slice(0, 10), width: 12 },
    ],
    rows,
  );
}
