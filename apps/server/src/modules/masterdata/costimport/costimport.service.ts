import {
  type CostCenterMappingRow,
  type Culture,
  type GetCostCenterMappingBody,
  type GetYTDManualBody,
  type ImportResult,
  MasterCode,
  Month,
  money,
  type PageQuery,
  SignedMoney,
  Year,
  type YTDManualRow,
} from '@ems/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { notFound } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import { EXPORT_LIMIT, parseCells, readUpload, type SheetColumn, sendSheet } from '../finance-excel';
import * as repo from './costimport.repository';

type Sorting = Pick<PageQuery, 'SortField' | 'SortOrder'>;

/* ---------- cost-centre mapping ---------- */

function mappingRow(r: repo.MappingListRow, culture: Culture): CostCenterMappingRow {
  return {
    MappingID: r.map.id,
    SourceCode: r.map.sourceCode,
    CostCenterID: r.map.costCentreId,
    CostCenterCode: r.ccCode,
    CostCenterName: localName(culture, r.ccZh, r.ccEn),
    CostCenterStatus: r.ccStatus,
    Description: r.map.description,
  };
}

export async function mappings(db: Db, actor: Actor, body: GetCostCenterMappingBody) {
  const { companyId, culture } = actor;
  const { total, rows } = await repo.mappings(db, companyId, body);
  return { Total: total, Rows: rows.map((r) => mappingRow(r, culture)) };
}

const M = 'finmd.ccMapping.field';
function mappingColumns(culture: Culture): SheetColumn<repo.MappingListRow>[] {
  return [
    { key: 'SourceCode', headerKey: `${M}.sourceCode`, required: true, value: (r) => r.map.sourceCode, width: 18 },
    { key: 'CostCenterCode', headerKey: `${M}.costCenterCode`, required: true, value: (r) => r.ccCode, width: 16 },
    {
      key: 'CostCenterName',
      headerKey: `${M}.costCenter`,
      exportOnly: true,
      value: (r) => localName(culture, r.ccZh, r.ccEn),
      width: 28,
    },
    { key: 'Description', headerKey: `${M}.description`, value: (r) => r.map.description, width: 36 },
  ];
}

export async function exportMappings(
  ctx: AppContext,
  reply: FastifyReply,
  companyId: number,
  f: Omit<GetCostCenterMappingBody, keyof PageQuery> & Sorting,
  culture: Culture,
) {
  const { rows } = await repo.mappings(ctx.db, companyId, f, EXPORT_LIMIT);
  return sendSheet(reply, ctx, culture, 'finmd.ccMapping.exportName', mappingColumns(culture), rows);
}

const MappingSheet = z.object({
  SourceCode: MasterCode,
  CostCenterCode: z.string().trim().min(1).max(40),
  Description: z.string().trim().max(200).optional(),
});

/** Maps outside cost-centre codes to ours, by source code: all rows or none. */
export async function importMappings(ctx: AppContext, req: FastifyRequest, actor: Actor): Promise<ImportResult> {
  const { rows, errors } = await readUpload(req, ctx, mappingColumns(req.culture));
  const cells = parseCells(rows, MappingSheet, errors);
  const seen = new Set<string>();
  for (const c of cells) {
    const code = c.value.SourceCode?.toLowerCase();
    if (code && seen.has(code))
      errors.add(c.row, 'SourceCode', 'finmd.code_duplicate_in_file', { code: c.value.SourceCode! });
    if (code) seen.add(code);
  }
  const centres = new Map(
    (
      await repo.costCentresByCodes(
        ctx.db,
        actor.companyId,
        cells.flatMap((c) => (c.value.CostCenterCode ? [c.value.CostCenterCode] : [])),
      )
    ).map((c) => [c.code.toLowerCase(), c.id]),
  );
  for (const c of cells)
    if (c.value.CostCenterCode && !centres.has(c.value.CostCenterCode.toLowerCase()))
      errors.add(c.row, 'CostCenterCode', 'ccmapping.cost_centre_unknown', { code: c.value.CostCenterCode });
  errors.throwIfAny();
  const existing = new Set(
    (
      await repo.mappingsBySource(
        ctx.db,
        actor.companyId,
        cells.map((c) => c.value.SourceCode!),
      )
    ).map((m) => m.sourceCode.toLowerCase()),
  );
  await ctx.db.transaction(async (tx) => {
    for (const c of cells) {
      await repo.upsertMapping(tx, actor.companyId, {
        sourceCode: c.value.SourceCode!,
        costCentreId: centres.get(c.value.CostCenterCode!.toLowerCase())!,
        description: c.value.Description ?? null,
      });
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: 'import',
        entity: 'cost_centre_mapping',
        detail: { rows: cells.length },
      }),
    );
  });
  const updated = cells.filter((c) => existing.has(c.value.SourceCode!.toLowerCase())).length;
  return { Imported: cells.length, Created: cells.length - updated, Updated: updated };
}

/** Deletes the caller's rows by id in one transaction, all or a 404, and audits what was removed. */
async function deleteAudited<T>(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  spec: { entity: string; remove: (tx: Db, companyId: number, ids: number[]) => Promise<T[]> },
) {
  return ctx.db.transaction(async (tx) => {
    const removed = await spec.remove(tx, actor.companyId, ids);
    if (removed.length !== new Set(ids).size) throw notFound();
    await audit(
      tx,
      auditEntry(actor, { action: 'delete', entity: spec.entity, entityId: ids.join(','), detail: { removed } }),
    );
    return removed.length;
  });
}

export function deleteMappings(ctx: AppContext, actor: Actor, ids: number[]) {
  return deleteAudited(ctx, actor, ids, { entity: 'cost_centre_mapping', remove: repo.deleteMappings });
}

/* ---------- YTD manual ---------- */

function ytdRow(r: repo.YtdListRow, culture: Culture): YTDManualRow {
  return {
    YTDManualID: r.ytd.id,
    Year: r.ytd.year,
    Month: r.ytd.month,
    CostCenterID: r.ytd.costCentreId,
    CostCenterCode: r.ccCode,
    CostCenterName: localName(culture, r.ccZh, r.ccEn),
    LedgerExpenseCode: r.ytd.ledgerExpenseCode,
    LedgerExpenseName: r.leZh === null ? null : localName(culture, r.leZh, r.leEn),
    Amount: r.ytd.amount,
    Remark: r.ytd.remark,
  };
}

export async function ytdPage(db: Db, actor: Actor, body: GetYTDManualBody) {
  const { companyId, culture } = actor;
  const { total, amount, rows } = await repo.ytdPage(db, companyId, body, culture);
  return { Total: total, Rows: rows.map((r) => ytdRow(r, culture)), Amount: money(amount) };
}

const Y = 'finmd.ytd.field';
function ytdColumns(culture: Culture): SheetColumn<repo.YtdListRow>[] {
  return [
    { key: 'Year', headerKey: `${Y}.year`, required: true, value: (r) => r.ytd.year, width: 8 },
    { key: 'Month', headerKey: `${Y}.month`, required: true, value: (r) => r.ytd.month, width: 8 },
    { key: 'CostCenterCode', headerKey: `${Y}.costCenterCode`, required: true, value: (r) => r.ccCode, width: 16 },
    {
      key: 'CostCenterName',
      headerKey: `${Y}.costCenter`,
      exportOnly: true,
      value: (r) => localName(culture, r.ccZh, r.ccEn),
      width: 26,
    },
    {
      key: 'LedgerExpenseCode',
      headerKey: `${Y}.ledgerExpenseCode`,
      required: true,
      value: (r) => r.ytd.ledgerExpenseCode,
      width: 16,
    },
    {
      key: 'LedgerExpenseName',
      headerKey: `${Y}.ledgerExpense`,
      exportOnly: true,
      value: (r) => (r.leZh === null ? null : localName(culture, r.leZh, r.leEn)),
      width: 28,
    },
    { key: 'Amount', headerKey: `${Y}.amount`, required: true, value: (r) => r.ytd.amount, width: 16 },
    { key: 'Remark', headerKey: `${Y}.remark`, value: (r) => r.ytd.remark, width: 30 },
  ];
}

export async function exportYtd(
  ctx: AppContext,
  reply: FastifyReply,
  companyId: number,
  f: Omit<GetYTDManualBody, 'PageIndex' | 'PageSize'>,
  culture: Culture,
) {
  const rows = await repo.ytdAll(ctx.db, companyId, f, culture, EXPORT_LIMIT);
  return sendSheet(reply, ctx, culture, 'finmd.ytd.exportName', ytdColumns(culture), rows);
}

const YtdSheet = z.object({
  Year,
  Month,
  CostCenterCode: z.string().trim().min(1).max(40),
  LedgerExpenseCode: z.string().trim().min(1).max(40),
  Amount: SignedMoney,
  Remark: z.string().trim().max(200).optional(),
});

/** Year-to-date amounts per month, cost centre and ledger expense, by that key: all rows or none. */
export async function importYtd(ctx: AppContext, req: FastifyRequest, actor: Actor): Promise<ImportResult> {
  const { rows, errors } = await readUpload(req, ctx, ytdColumns(req.culture));
  const cells = parseCells(rows, YtdSheet, errors);
  const centres = new Map(
    (
      await repo.costCentresByCodes(
        ctx.db,
        actor.companyId,
        cells.flatMap((c) => (c.value.CostCenterCode ? [c.value.CostCenterCode] : [])),
      )
    ).map((c) => [c.code.toLowerCase(), c.id]),
  );
  const ledgers = new Map(
    (
      await repo.ledgerCodes(
        ctx.db,
        actor.companyId,
        cells.flatMap((c) => (c.value.LedgerExpenseCode ? [c.value.LedgerExpenseCode] : [])),
      )
    ).map((l) => [l.code.toLowerCase(), l.code]),
  );
  const keys = new Set<string>();
  for (const { row, value: v } of cells) {
    if (v.CostCenterCode && !centres.has(v.CostCenterCode.toLowerCase()))
      errors.add(row, 'CostCenterCode', 'ytd.cost_centre_unknown', { code: v.CostCenterCode });
    if (v.LedgerExpenseCode && !ledgers.has(v.LedgerExpenseCode.toLowerCase()))
      errors.add(row, 'LedgerExpenseCode', 'ytd.ledger_expense_unknown', { code: v.LedgerExpenseCode });
    const key = [v.Year, v.Month, v.CostCenterCode?.toLowerCase(), v.LedgerExpenseCode?.toLowerCase()].join('|');
    if (keys.has(key)) errors.add(row, 'LedgerExpenseCode', 'ytd.duplicate_in_file');
    keys.add(key);
  }
  errors.throwIfAny();
  let updated = 0;
  await ctx.db.transaction(async (tx) => {
    for (const { value: v } of cells) {
      const existed = await repo.upsertYtd(tx, actor.companyId, {
        year: v.Year!,
        month: v.Month!,
        costCentreId: centres.get(v.CostCenterCode!.toLowerCase())!,
        ledgerExpenseCode: ledgers.get(v.LedgerExpenseCode!.toLowerCase())!,
        amount: money(v.Amount!),
        remark: v.Remark ?? null,
      });
      if (existed) updated++;
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: 'import',
        entity: 'ytd_manual',
        detail: { rows: cells.length },
      }),
    );
  });
  return { Imported: cells.length, Created: cells.length - updated, Updated: updated };
}

export function deleteYtd(ctx: AppContext, actor: Actor, ids: number[]) {
  return deleteAudited(ctx, actor, ids, { entity: 'ytd_manual', remove: repo.deleteYtd });
}
