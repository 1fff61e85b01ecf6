import {
  type Culture,
  DateOnly,
  type ImportResult,
  type InternalOrderFilters,
  MasterCode,
  Name,
  type PageQuery,
  START_STOP,
} from '@ems/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import {
  duplicatesInFile,
  EXPORT_LIMIT,
  matchLabel,
  parseCells,
  readUpload,
  type SheetColumn,
  sendSheet,
} from '../finance-excel';
import { today } from '../finance-shared';
import * as repo from './internalorder.repository';

const F = 'finmd.internalOrder.field';

function columns(ctx: AppContext, culture: Culture): SheetColumn<repo.InternalOrderListRow>[] {
  return [
    { key: 'InternalOrderCode', headerKey: `${F}.code`, required: true, value: (r) => r.io.code, width: 16 },
    { key: 'NameZH', headerKey: `${F}.nameZh`, required: true, value: (r) => r.io.nameZh, width: 30 },
    { key: 'NameEN', headerKey: `${F}.nameEn`, required: true, value: (r) => r.io.nameEn, width: 36 },
    { key: 'CostCenterCode', headerKey: `${F}.costCenterCode`, value: (r) => r.ccCode, width: 16 },
    {
      key: 'CostCenterName',
      headerKey: `${F}.costCenter`,
      exportOnly: true,
      value: (r) => (r.ccZh === null ? null : localName(culture, r.ccZh, r.ccEn)),
      width: 26,
    },
    {
      key: 'Status',
      headerKey: `${F}.status`,
      value: (r) => ctx.messages.t(`finmd.status.${r.io.status}`, culture),
      width: 10,
    },
    { key: 'ValidFrom', headerKey: `${F}.validFrom`, value: (r) => r.io.validFrom, width: 12 },
    { key: 'ValidTo', headerKey: `${F}.validTo`, value: (r) => r.io.validTo, width: 12 },
  ];
}

export async function exportInternalOrders(
  ctx: AppContext,
  reply: FastifyReply,
  companyId: number,
  f: InternalOrderFilters & Pick<PageQuery, 'SortField' | 'SortOrder'>,
  culture: Culture,
) {
  const rows = await repo.searchAll(ctx.db, companyId, f, culture, today(), EXPORT_LIMIT);
  return sendSheet(reply, ctx, culture, 'finmd.internalOrder.exportName', columns(ctx, culture), rows);
}

const SheetRow = z.object({
  InternalOrderCode: MasterCode,
  NameZH: Name,
  NameEN: Name,
  CostCenterCode: z.string().trim().max(40).optional(),
  Status: z.string().trim().optional(),
  ValidFrom: DateOnly.optional(),
  ValidTo: DateOnly.optional(),
});

/** Creates or updates internal orders by code: all rows or none, every bad cell named. */
export async function importInternalOrders(ctx: AppContext, req: FastifyRequest, actor: Actor): Promise<ImportResult> {
  const { rows, errors } = await readUpload(req, ctx, columns(ctx, req.culture));
  const cells = parseCells(rows, SheetRow, errors);
  const codes = cells.flatMap((c) =>
    c.value.InternalOrderCode ? [{ row: c.row, code: c.value.InternalOrderCode }] : [],
  );
  duplicatesInFile(codes, errors, 'InternalOrderCode');
  const existing = new Map(
    (
      await repo.findByCodes(
        ctx.db,
        actor.companyId,
        codes.map((c) => c.code),
      )
    ).map((o) => [o.code.toLowerCase(), o]),
  );
  const centres = new Map(
    (
      await repo.costCentresByCodes(
        ctx.db,
        actor.companyId,
        cells.flatMap((c) => (c.value.CostCenterCode ? [c.value.CostCenterCode] : [])),
      )
    ).map((c) => [c.code.toLowerCase(), c]),
  );
  const plans = cells.map(({ row, value: v }) => {
    const status = v.Status ? matchLabel(v.Status, START_STOP, (x) => `finmd.status.${x}`, ctx.messages) : undefined;
    if (v.Status && !status) errors.add(row, 'Status', 'finmd.status_unknown', { value: v.Status });
    const before = v.InternalOrderCode ? existing.get(v.InternalOrderCode.toLowerCase()) : undefined;
    const centre = v.CostCenterCode ? centres.get(v.CostCenterCode.toLowerCase()) : undefined;
    if (v.CostCenterCode && !centre) errors.add(row, 'CostCenterCode', 'internal_order.cost_centre_unknown');
    else if (centre && centre.status !== 'started' && centre.id !== before?.costCentreId)
      errors.add(row, 'CostCenterCode', 'internal_order.cost_centre_stopped');
    if (v.ValidFrom && v.ValidTo && v.ValidFrom > v.ValidTo) errors.add(row, 'ValidTo', 'finmd.valid_to_before_from');
    return { v, status, before, costCentreId: centre?.id ?? null };
  });
  errors.throwIfAny();

  let created = 0;
  await ctx.db.transaction(async (tx) => {
    for (const p of plans) {
      // Complete here: a bad or missing cell refused the file above.
      const values = {
        code: p.v.InternalOrderCode!,
        nameZh: p.v.NameZH!,
        nameEn: p.v.NameEN!,
        costCentreId: p.costCentreId,
        validFrom: p.v.ValidFrom ?? null,
        validTo: p.v.ValidTo ?? null,
      };
      let id: number;
      if (p.before) {
        const locked = await repo.lockById(tx, actor.companyId, p.before.id);
        await repo.update(tx, p.before.id, locked!.version, { ...values, ...(p.status ? { status: p.status } : {}) });
        id = p.before.id;
      } else {
        id = (await repo.insert(tx, actor.companyId, { ...values, status: p.status ?? 'started' })).id;
        created++;
      }
      await audit(
        tx,
        auditEntry(actor, {
          action: 'import',
          entity: 'internal_order',
          entityId: id,
          detail: values,
        }),
      );
    }
  });
  return { Imported: plans.length, Created: created, Updated: plans.length - created };
}
