import {
  type Culture,
  type ImportResult,
  MasterCode,
  Name,
  type SearchProductBody,
  type SearchProductBuBody,
} from '@ems/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { sendXlsx } from '../../../core/export';
import { localName } from '../../../core/i18n';
import { type ImportColumn, parseRows, RowErrors, readSheet } from '../../../core/import';
import { cell, headerOf, importByCode, yesNo, yesNoText } from './excel';
import * as repo from './products.repository';

const EXPORT_LIMIT = 100_000;

/** The one layout of the product sheet: exported with these headers in the user's language, imported in either. */
export const PRODUCT_COLUMNS: ImportColumn[] = [
  { key: 'Code', headerKey: 'expenseMaster.field.code', required: true },
  { key: 'NameZH', headerKey: 'expenseMaster.field.nameZh', required: true },
  { key: 'NameEN', headerKey: 'expenseMaster.field.nameEn', required: true },
  { key: 'BuCode', headerKey: 'expenseMaster.product.buCode' },
  { key: 'SapCode', headerKey: 'expenseMaster.product.sapCode' },
  { key: 'Active', headerKey: 'expenseMaster.field.active' },
];

export const BU_COLUMNS: ImportColumn[] = [
  { key: 'Code', headerKey: 'expenseMaster.field.code', required: true },
  { key: 'NameZH', headerKey: 'expenseMaster.field.nameZh', required: true },
  { key: 'NameEN', headerKey: 'expenseMaster.field.nameEn', required: true },
  { key: 'TeamCode', headerKey: 'expenseMaster.bu.teamCode' },
  { key: 'Active', headerKey: 'expenseMaster.field.active' },
];

const ProductSheetRow = z.object({
  Code: cell(MasterCode),
  NameZH: cell(Name),
  NameEN: cell(Name),
  BuCode: cell(z.string().max(40).optional()),
  SapCode: cell(z.string().max(40).optional()),
  Active: cell(z.string().optional()),
});
const BuSheetRow = z.object({
  Code: cell(MasterCode),
  NameZH: cell(Name),
  NameEN: cell(Name),
  TeamCode: cell(z.string().max(40).optional()),
  Active: cell(z.string().optional()),
});

export async function exportProducts(
  ctx: AppContext,
  actor: Actor,
  filters: Omit<SearchProductBody, 'PageIndex' | 'PageSize'>,
  reply: FastifyReply,
) {
  const { messages } = ctx;
  const c = actor.culture;
  const rows = await repo.allProducts(ctx.db, actor.companyId, filters, EXPORT_LIMIT);
  const h = (key: string) => headerOf(messages, c, PRODUCT_COLUMNS, key);
  type Row = (typeof rows)[number];
  return sendXlsx<Row>(
    reply,
    `${messages.t('expenseMaster.product.exportFile', c)}.xlsx`,
    messages.t('expenseMaster.product.exportFile', c),
    [
      { header: h('Code'), value: (r) => r.product.code, width: 16 },
      { header: h('NameZH'), value: (r) => r.product.nameZh, width: 36 },
      { header: h('NameEN'), value: (r) => r.product.nameEn, width: 40 },
      { header: h('BuCode'), value: (r) => r.bu?.code, width: 14 },
      { header: messages.t('expenseMaster.product.buName', c), value: (r) => bName(r.bu, c), width: 24 },
      { header: h('SapCode'), value: (r) => r.product.sapCode, width: 16 },
      { header: h('Active'), value: (r) => yesNoText(messages, c, r.product.active), width: 10 },
    ],
    rows,
  );
}

const bName = (bu: repo.BuRecord | null, culture: Culture) => (bu ? localName(culture, bu.nameZh, bu.nameEn) : '');

export async function exportBus(
  ctx: AppContext,
  actor: Actor,
  filters: Omit<SearchProductBuBody, 'PageIndex' | 'PageSize'>,
  reply: FastifyReply,
) {
  const { messages } = ctx;
  const c = actor.culture;
  const rows = await repo.allBus(ctx.db, actor.companyId, filters, EXPORT_LIMIT);
  const h = (key: string) => headerOf(messages, c, BU_COLUMNS, key);
  type Row = (typeof rows)[number];
  return sendXlsx<Row>(
    reply,
    `${messages.t('expenseMaster.bu.exportFile', c)}.xlsx`,
    messages.t('expenseMaster.bu.exportFile', c),
    [
      { header: h('Code'), value: (r) => r.bu.code, width: 14 },
      { header: h('NameZH'), value: (r) => r.bu.nameZh, width: 28 },
      { header: h('NameEN'), value: (r) => r.bu.nameEn, width: 32 },
      { header: h('TeamCode'), value: (r) => r.team?.code, width: 14 },
      { header: h('Active'), value: (r) => yesNoText(messages, c, r.bu.active), width: 10 },
      { header: messages.t('expenseMaster.bu.productCount', c), value: (r) => r.productCount, width: 12 },
    ],
    rows,
  );
}

/** Marks codes that appear twice in one file (the later rows). */
function repeatedCodes(rows: { row: number; value: { Code: string } }[], errors: RowErrors): void {
  const first = new Map<string, number>();
  for (const r of rows) {
    const seen = first.get(r.value.Code);
    if (seen !== undefined) errors.add(r.row, 'Code', 'expense_master.code_repeated_in_file', { row: seen });
    else first.set(r.value.Code, r.row);
  }
}

/** Creates or updates products by code; any bad cell refuses the whole file, a good one applies in one transaction. */
export async function importProducts(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const rows = await readSheet(data, PRODUCT_COLUMNS, ctx.messages);
  const errors = new RowErrors(PRODUCT_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(rows, ProductSheetRow, errors);
  repeatedCodes(good, errors);
  const buCodes = [...new Set(good.map((g) => g.value.BuCode).filter((b): b is string => !!b))];
  return importByCode(
    ctx,
    actor,
    'product',
    good.map((g) => g.value.Code),
    {
      lock: (tx, codes) => repo.productsByCodes(tx, actor.companyId, codes, 'update'),
      plan: async (tx, existing) => {
        // The BUs named are read under a share lock: one stopped meanwhile is seen stopped.
        const bus = new Map((await repo.busByCodes(tx, actor.companyId, buCodes, 'share')).map((b) => [b.code, b]));
        const plan = good.map(({ row, value }) => {
          const active = yesNo(value.Active);
          if (active === undefined) errors.add(row, 'Active', 'expense_master.yes_no_expected');
          const bu = value.BuCode ? bus.get(value.BuCode) : undefined;
          if (value.BuCode && !bu) errors.add(row, 'BuCode', 'expense_master.bu_unknown');
          const before = existing.get(value.Code);
          if (bu && !bu.active && before?.buId !== bu.id) errors.add(row, 'BuCode', 'expense_master.bu_inactive');
          return {
            code: value.Code,
            values: {
              nameZh: value.NameZH,
              nameEn: value.NameEN,
              buId: bu?.id ?? null,
              sapCode: value.SapCode ?? null,
              active: active ?? true,
            },
          };
        });
        errors.throwIfAny();
        return plan;
      },
      insert: (tx, code, values) => repo.insertProduct(tx, { ...values, companyId: actor.companyId, code }),
      update: (tx, row, values) => repo.updateProduct(tx, row.id, undefined, values),
    },
  );
}

export async function importBus(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const rows = await readSheet(data, BU_COLUMNS, ctx.messages);
  const errors = new RowErrors(BU_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(rows, BuSheetRow, errors);
  repeatedCodes(good, errors);
  const teamCodes = [...new Set(good.map((g) => g.value.TeamCode).filter((c): c is string => !!c))];
  const teams = new Map((await repo.teamsByCodes(ctx.db, actor.companyId, teamCodes)).map((t) => [t.code, t.id]));
  const plan = good.map(({ row, value }) => {
    const active = yesNo(value.Active);
    if (active === undefined) errors.add(row, 'Active', 'expense_master.yes_no_expected');
    const teamId = value.TeamCode ? teams.get(value.TeamCode) : undefined;
    if (value.TeamCode && teamId === undefined) errors.add(row, 'TeamCode', 'expense_master.team_unknown');
    return {
      code: value.Code,
      values: { nameZh: value.NameZH, nameEn: value.NameEN, teamId: teamId ?? null, active: active ?? true },
    };
  });
  errors.throwIfAny();
  return importByCode(
    ctx,
    actor,
    'product_bu',
    plan.map((p) => p.code),
    {
      lock: (tx, codes) => repo.busByCodes(tx, actor.companyId, codes, 'update'),
      plan: async () => plan,
      insert: (tx, code, values) => repo.insertBu(tx, { ...values, companyId: actor.companyId, code }),
      update: (tx, row, values) => repo.updateBu(tx, row.id, undefined, values),
    },
  );
}
