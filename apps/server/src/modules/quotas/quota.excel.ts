import {
  type Culture,
  type ExportQuotaBody,
  type ImportResult,
  QUOTA_KINDS,
  type QuotaKind,
  QuotaLimitStatus,
  QuotaYear,
} from '@ems/contracts';
import { Decimal } from 'decimal.js';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { neutralised, sendXlsx } from '../../core/export';
import { type ImportColumn, loadExcel, parseRows, RowErrors, readSheet } from '../../core/import';
import { audit, auditEntry } from '../audit/audit.service';
import { cell, headerOf } from '../masterdata/catalog/excel';
import * as repo from './quota.repository';
import { quotaRow } from './quota.service';
import { syncCaps } from './year-usage.repository';

/** The one layout of the quota sheet: the template, the export and the import share it. */
export const QUOTA_COLUMNS: ImportColumn[] = [
  { key: 'Year', headerKey: 'quota.field.year', required: true },
  { key: 'Kind', headerKey: 'quota.field.kind', required: true },
  { key: 'SubjectCode', headerKey: 'quota.field.subjectCode', required: true },
  { key: 'ItemCode', headerKey: 'quota.field.itemCode' },
  { key: 'Amount', headerKey: 'quota.field.amount', required: true },
  { key: 'LimitStatus', headerKey: 'quota.field.limitStatus' },
  { key: 'Remark', headerKey: 'quota.field.remark' },
];

const SheetRow = z.object({
  Year: cell(QuotaYear),
  Kind: cell(z.string().max(40)),
  SubjectCode: cell(z.string().max(40)),
  ItemCode: cell(z.string().max(40).optional()),
  Amount: cell(z.string().regex(/^\d{1,16}(\.\d{1,2})?$/)),
  LimitStatus: cell(QuotaLimitStatus.optional()),
  Remark: cell(z.string().max(500).optional()),
});

/** A kind as written in a sheet: its code, or its name in either language. */
function kindOf(ctx: AppContext, text: string): QuotaKind | undefined {
  const v = text.trim().toLowerCase();
  return QUOTA_KINDS.find(
    (k) =>
      k === v ||
      ctx.messages.t(`quota.kind.${k}`, 'zh-CN').toLowerCase() === v ||
      ctx.messages.t(`quota.kind.${k}`, 'en-GB').toLowerCase() === v,
  );
}

export async function exportQuotas(ctx: AppContext, actor: Actor, f: ExportQuotaBody, reply: FastifyReply) {
  const c = actor.culture;
  const h = (key: string) => headerOf(ctx.messages, c, QUOTA_COLUMNS, key);
  const t = (key: string) => ctx.messages.t(key, c);
  async function* rows() {
    for await (const r of repo.allQuotas(ctx.db, actor.companyId, f)) yield quotaRow(r, c);
  }
  type Row = ReturnType<typeof quotaRow>;
  return sendXlsx<Row>(
    reply,
    `${t('quota.exportFile')}.xlsx`,
    t('quota.exportFile'),
    [
      { header: h('Year'), width: 8, value: (r) => r.Year },
      { header: h('Kind'), width: 16, value: (r) => t(`quota.kind.${r.Kind}`) },
      { header: h('SubjectCode'), width: 14, value: (r) => r.SubjectCode },
      { header: t('quota.field.subjectName'), width: 24, value: (r) => r.SubjectName },
      { header: h('ItemCode'), width: 14, value: (r) => r.ExpenseItemName ?? '' },
      { header: h('Amount'), width: 14, value: (r) => r.Amount },
      { header: t('quota.field.used'), width: 14, value: (r) => r.Used },
      { header: t('quota.field.available'), width: 14, value: (r) => r.Available },
      { header: h('LimitStatus'), width: 10, value: (r) => r.LimitStatus },
      { header: h('Remark'), width: 30, value: (r) => r.Remark },
    ],
    rows(),
  );
}

/** The import template: the sheet's headers in the user's language, one example row and the kinds' codes. */
export async function template(ctx: AppContext, culture: Culture): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  // The texts are language resources an administrator may edit: neutralised like every other written cell.
  const text = (key: string) => neutralised(ctx.messages.t(key, culture));
  const sheet = workbook.addWorksheet(ctx.messages.t('quota.exportFile', culture));
  sheet.columns = QUOTA_COLUMNS.map((col) => ({ header: text(col.headerKey), width: 18 }));
  sheet.addRow([new Date().getFullYear(), 'hcp', 'P001', '', '20000.00', 2, '']);
  const kinds = workbook.addWorksheet(ctx.messages.t('quota.field.kind', culture));
  kinds.columns = [{ width: 16 }, { width: 30 }];
  for (const k of QUOTA_KINDS) kinds.addRow([k, text(`quota.kind.${k}`)]);
  kinds.addRow([]);
  kinds.addRow([text('quota.field.limitStatus'), text('quota.limitStatusHelp')]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Creates or updates quotas by year, kind, subject and item; any bad cell refuses the file and nothing is saved. */
export async function importQuotas(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const rows = await readSheet(data, QUOTA_COLUMNS, ctx.messages);
  const errors = new RowErrors(QUOTA_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(rows, SheetRow, errors);
  const withKind = good.map((g) => ({ ...g, kind: kindOf(ctx, g.value.Kind) }));
  for (const g of withKind) if (!g.kind) errors.add(g.row, 'Kind', 'quota.kind_unknown');
  const subjects = new Map<QuotaKind, Map<string, number>>();
  for (const k of QUOTA_KINDS) {
    const codes = [...new Set(withKind.filter((g) => g.kind === k).map((g) => g.value.SubjectCode))];
    subjects.set(k, await repo.subjectsByCode(ctx.db, actor.companyId, k, codes));
  }
  const items = await repo.itemsByCode(ctx.db, actor.companyId, [
    ...new Set(good.map((g) => g.value.ItemCode).filter((c): c is string => !!c)),
  ]);
  const seen = new Map<string, number>();
  const plan: {
    row: number;
    key: Parameters<typeof repo.findQuota>[2];
    amount: string;
    status: number;
    remark: string | null;
  }[] = [];
  for (const g of withKind) {
    if (!g.kind) continue;
    const subjectId = subjects.get(g.kind)?.get(g.value.SubjectCode);
    if (!subjectId) errors.add(g.row, 'SubjectCode', 'quota.subject_unknown');
    const itemId = g.value.ItemCode ? items.get(g.value.ItemCode) : null;
    if (g.value.ItemCode && !itemId) errors.add(g.row, 'ItemCode', 'quota.item_unknown');
    if (!subjectId || itemId === undefined) continue;
    const k = `${g.value.Year}:${g.kind}:${subjectId}:${itemId ?? 0}`;
    const first = seen.get(k);
    if (first !== undefined) errors.add(g.row, 'SubjectCode', 'quota.repeated_in_file', { row: first });
    else seen.set(k, g.row);
    plan.push({
      row: g.row,
      key: { year: g.value.Year, kind: g.kind, subjectId, expenseItemId: itemId ?? null },
      amount: new Decimal(g.value.Amount).toFixed(2),
      status: g.value.LimitStatus ?? 0,
      remark: g.value.Remark ?? null,
    });
  }
  errors.throwIfAny();
  return ctx.db.transaction(async (tx) => {
    let created = 0;
    for (const p of plan) {
      const before = await repo.findQuota(tx, actor.companyId, p.key);
      const values = { amount: p.amount, limitStatus: p.status, remark: p.remark };
      if (before?.archivedAt) {
        errors.add(p.row, 'Year', 'quota.archived');
        continue;
      }
      if (before) await repo.updateQuota(tx, before.id, before.version, values);
      else {
        await repo.insertQuota(tx, { ...p.key, ...values, companyId: actor.companyId });
        created++;
      }
    }
    // A quota archived meanwhile makes its row wrong too: the whole file is refused and the transaction undone.
    errors.throwIfAny();
    await syncCaps(
      tx,
      actor.companyId,
      plan.map((p) => p.key),
    );
    await audit(
      tx,
      auditEntry(actor, { action: 'import', entity: 'quota', detail: { created, updated: plan.length - created } }),
    );
    return { Imported: plan.length, Created: created, Updated: plan.length - created };
  });
}
