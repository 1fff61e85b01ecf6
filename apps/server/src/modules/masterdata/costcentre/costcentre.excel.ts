import {
  COST_CENTRE_TYPES,
  type CostCenterFilters,
  type Culture,
  DateOnly,
  type ImportResult,
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
import * as repo from './costcentre.repository';
import { replaceHeads } from './costcentre.service';
import * as history from './history';
import * as parts from './parts.repository';

type Row = repo.CostCentreListRow & { headCodes: string };

const F = 'finmd.costCentre.field';

function columns(ctx: AppContext, culture: Culture): SheetColumn<Row>[] {
  const t = (key: string) => ctx.messages.t(key, culture);
  return [
    { key: 'CostCenterCode', headerKey: `${F}.code`, required: true, value: (r) => r.cc.code, width: 16 },
    { key: 'NameZH', headerKey: `${F}.nameZh`, required: true, value: (r) => r.cc.nameZh, width: 28 },
    { key: 'NameEN', headerKey: `${F}.nameEn`, required: true, value: (r) => r.cc.nameEn, width: 32 },
    { key: 'SapCode', headerKey: `${F}.sapCode`, value: (r) => r.cc.sapCode, width: 14 },
    {
      key: 'Type',
      headerKey: `${F}.type`,
      required: true,
      value: (r) => t(`finmd.costCentre.type.${r.cc.type}`),
      width: 12,
    },
    { key: 'OwnerTeamCode', headerKey: `${F}.ownerTeamCode`, value: (r) => r.teamCode, width: 14 },
    {
      key: 'OwnerTeamName',
      headerKey: `${F}.ownerTeam`,
      exportOnly: true,
      value: (r) => (r.teamZh === null ? null : localName(culture, r.teamZh, r.teamEn)),
      width: 24,
    },
    { key: 'Status', headerKey: `${F}.status`, value: (r) => t(`finmd.status.${r.cc.status}`), width: 10 },
    { key: 'ValidFrom', headerKey: `${F}.validFrom`, value: (r) => r.cc.validFrom, width: 12 },
    { key: 'ValidTo', headerKey: `${F}.validTo`, value: (r) => r.cc.validTo, width: 12 },
    { key: 'HeadCodes', headerKey: `${F}.headCodes`, value: (r) => r.headCodes, width: 24 },
  ];
}

export async function exportCostCentres(
  ctx: AppContext,
  reply: FastifyReply,
  companyId: number,
  f: CostCenterFilters & Pick<PageQuery, 'SortField' | 'SortOrder'>,
  culture: Culture,
) {
  const rows = await repo.searchAll(ctx.db, companyId, f, culture, today(), EXPORT_LIMIT);
  async function* withHeads(): AsyncGenerator<Row> {
    for (const r of rows) {
      const heads = await parts.heads(ctx.db, r.cc.id);
      yield { ...r, headCodes: heads.map((h) => h.code).join(',') };
    }
  }
  return sendSheet(reply, ctx, culture, 'finmd.costCentre.exportName', columns(ctx, culture), withHeads());
}

const SheetRow = z.object({
  CostCenterCode: MasterCode,
  NameZH: Name,
  NameEN: Name,
  SapCode: z.string().trim().max(40).optional(),
  Type: z.string().trim().min(1),
  OwnerTeamCode: z.string().trim().max(40).optional(),
  Status: z.string().trim().optional(),
  ValidFrom: z.preprocess((v) => (v === '' ? undefined : v), DateOnly.optional()),
  ValidTo: z.preprocess((v) => (v === '' ? undefined : v), DateOnly.optional()),
  HeadCodes: z.string().trim().max(400).optional(),
});

const splitCodes = (s: string | undefined) =>
  (s ?? '')
    .split(/[,，;；、\s]+/)
    .map((c) => c.trim())
    .filter(Boolean);

/**
 * Creates or updates cost centres by code from the export's layout. Any bad cell refuses the whole file with every
 * bad cell named; a good file is applied in one transaction, each change kept in the cost centre's history.
 */
export async function importCostCentres(ctx: AppContext, req: FastifyRequest, actor: Actor): Promise<ImportResult> {
  const culture: Culture = req.culture;
  const { rows, errors } = await readUpload(req, ctx, columns(ctx, culture));
  const good = parseCells(rows, SheetRow, errors);
  duplicatesInFile(
    good.flatMap((g) => (g.value.CostCenterCode ? [{ row: g.row, code: g.value.CostCenterCode }] : [])),
    errors,
    'CostCenterCode',
  );

  const companyId = actor.companyId;
  const existing = new Map(
    (
      await repo.findByCodes(
        ctx.db,
        companyId,
        good.flatMap((g) => (g.value.CostCenterCode ? [g.value.CostCenterCode] : [])),
      )
    ).map((c) => [c.code.toLowerCase(), c]),
  );
  const teams = new Map(
    (
      await repo.teamsByCodes(
        ctx.db,
        companyId,
        good.flatMap((g) => (g.value.OwnerTeamCode ? [g.value.OwnerTeamCode] : [])),
      )
    ).map((t) => [t.code.toLowerCase(), t.id]),
  );
  const people = new Map<string, { id: number; status: string }>();
  for (const e of await parts.employeesByCodes(
    ctx.db,
    companyId,
    good.flatMap((g) => splitCodes(g.value.HeadCodes)),
  ))
    if (!people.has(e.code.toLowerCase())) people.set(e.code.toLowerCase(), e);

  const plans: {
    v: Partial<z.output<typeof SheetRow>>;
    type: (typeof COST_CENTRE_TYPES)[number] | undefined;
    status: (typeof START_STOP)[number] | undefined;
    ownerTeamId: number | null;
    headIds: number[];
    before: repo.CostCentreRow | undefined;
  }[] = [];
  for (const { row, value: v } of good) {
    const type = v.Type
      ? matchLabel(v.Type, COST_CENTRE_TYPES, (x) => `finmd.costCentre.type.${x}`, ctx.messages)
      : undefined;
    if (v.Type && !type) errors.add(row, 'Type', 'costcentre.type_unknown', { value: v.Type });
    const status = v.Status ? matchLabel(v.Status, START_STOP, (x) => `finmd.status.${x}`, ctx.messages) : undefined;
    if (v.Status && !status) errors.add(row, 'Status', 'finmd.status_unknown', { value: v.Status });
    const ownerTeamId = v.OwnerTeamCode ? teams.get(v.OwnerTeamCode.toLowerCase()) : null;
    if (ownerTeamId === undefined) errors.add(row, 'OwnerTeamCode', 'finmd.team_unknown');
    if (v.ValidFrom && v.ValidTo && v.ValidFrom > v.ValidTo) errors.add(row, 'ValidTo', 'finmd.valid_to_before_from');
    const headCodes = splitCodes(v.HeadCodes);
    const headIds: number[] = [];
    for (const code of headCodes) {
      const e = people.get(code.toLowerCase());
      if (!e) errors.add(row, 'HeadCodes', 'finmd.employee_code_unknown', { code });
      else if (e.status === 'left') errors.add(row, 'HeadCodes', 'costcentre.head_left');
      else if (headIds.includes(e.id)) errors.add(row, 'HeadCodes', 'costcentre.head_duplicate');
      else headIds.push(e.id);
    }
    const before = v.CostCenterCode ? existing.get(v.CostCenterCode.toLowerCase()) : undefined;
    if (before && headCodes.length) {
      const dropped = (await repo.headIds(ctx.db, before.id)).filter((id) => !headIds.includes(id));
      if ((await parts.formOrderCountOf(ctx.db, before.id, dropped)) > 0)
        errors.add(row, 'HeadCodes', 'costcentre.head_in_form_order');
    }
    plans.push({ v, type, status, ownerTeamId: ownerTeamId ?? null, headIds, before });
  }
  errors.throwIfAny();

  let created = 0;
  let updated = 0;
  await ctx.db.transaction(async (tx) => {
    for (const p of plans) {
      // Every row is complete here: a bad or missing cell refused the file above.
      const values = {
        code: p.v.CostCenterCode!,
        nameZh: p.v.NameZH!,
        nameEn: p.v.NameEN!,
        sapCode: p.v.SapCode || null,
        type: p.type!,
        ownerTeamId: p.ownerTeamId,
        validFrom: p.v.ValidFrom ?? null,
        validTo: p.v.ValidTo ?? null,
      };
      let id: number;
      if (p.before) {
        const locked = await repo.lockById(tx, companyId, p.before.id);
        await repo.update(tx, p.before.id, locked!.version, { ...values, ...(p.status ? { status: p.status } : {}) });
        id = p.before.id;
        updated++;
      } else {
        id = (await repo.insert(tx, companyId, { ...values, status: p.status ?? 'started' })).id;
        created++;
      }
      if (p.headIds.length) await replaceHeads(tx, id, p.headIds);
      await history.record(tx, actor, id, 'import');
    }
  });
  return { Imported: plans.length, Created: created, Updated: updated };
}
