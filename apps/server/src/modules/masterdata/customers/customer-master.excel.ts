import {
  type ImportResult,
  MasterCode,
  Name,
  type SearchCoverageMasterBody,
  type SearchHcoMasterBody,
  type SearchHcpMasterBody,
} from '@ems/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { sendXlsx } from '../../../core/export';
import { localName } from '../../../core/i18n';
import { type ImportColumn, parseRows, RowErrors, readSheet } from '../../../core/import';
import { audit, auditEntry } from '../../audit/audit.service';
import { cell, headerOf, importByCode, yesNo, yesNoText } from '../catalog/excel';
import * as repo from './customer-master.repository';

/** The HCO, HCP and coverage sheets: exported in the user's language, imported in either, all or nothing. */

const EXPORT_LIMIT = 100_000;
type Filters<T> = Omit<T, 'PageIndex' | 'PageSize'>;

export const HCO_COLUMNS: ImportColumn[] = [
  { key: 'Code', headerKey: 'customerMaster.field.code', required: true },
  { key: 'NameZH', headerKey: 'customerMaster.field.nameZh', required: true },
  { key: 'NameEN', headerKey: 'customerMaster.field.nameEn', required: true },
  { key: 'Level', headerKey: 'customerMaster.field.level' },
  { key: 'CityZH', headerKey: 'customerMaster.field.cityZh' },
  { key: 'CityEN', headerKey: 'customerMaster.field.cityEn' },
  { key: 'ClinicalTrial', headerKey: 'customerMaster.field.clinicalTrial' },
  { key: 'Active', headerKey: 'customerMaster.field.active' },
];

export const HCP_COLUMNS: ImportColumn[] = [
  { key: 'Code', headerKey: 'customerMaster.field.code', required: true },
  { key: 'NameZH', headerKey: 'customerMaster.field.nameZh', required: true },
  { key: 'NameEN', headerKey: 'customerMaster.field.nameEn', required: true },
  { key: 'HCOCode', headerKey: 'customerMaster.field.hcoCode' },
  { key: 'TitleZH', headerKey: 'customerMaster.field.titleZh' },
  { key: 'TitleEN', headerKey: 'customerMaster.field.titleEn' },
  { key: 'Department', headerKey: 'customerMaster.field.department' },
  { key: 'Active', headerKey: 'customerMaster.field.active' },
];

export const COVERAGE_COLUMNS: ImportColumn[] = [
  { key: 'EmployeeCode', headerKey: 'customerMaster.field.employeeCode', required: true },
  { key: 'Kind', headerKey: 'customerMaster.field.kind', required: true },
  { key: 'CustomerCode', headerKey: 'customerMaster.field.customerCode', required: true },
];

const short = (max: number) => cell(z.string().trim().max(max).optional());
const HcoSheetRow = z.object({
  Code: cell(MasterCode),
  NameZH: cell(Name),
  NameEN: cell(Name),
  Level: short(40),
  CityZH: short(100),
  CityEN: short(100),
  ClinicalTrial: short(20),
  Active: short(20),
});
const HcpSheetRow = z.object({
  Code: cell(MasterCode),
  NameZH: cell(Name),
  NameEN: cell(Name),
  HCOCode: short(40),
  TitleZH: short(100),
  TitleEN: short(100),
  Department: short(100),
  Active: short(20),
});
const CoverageSheetRow = z.object({
  EmployeeCode: cell(z.string().trim().min(1).max(40)),
  Kind: cell(z.string().trim().min(1).max(20)),
  CustomerCode: cell(z.string().trim().min(1).max(40)),
});

/** Marks codes that appear twice in one file (the later rows). */
function repeatedCodes(rows: { row: number; value: { Code: string } }[], errors: RowErrors): void {
  const first = new Map<string, number>();
  for (const r of rows) {
    const seen = first.get(r.value.Code);
    if (seen !== undefined) errors.add(r.row, 'Code', 'customer_master.code_repeated_in_file', { row: seen });
    else first.set(r.value.Code, r.row);
  }
}

const fileName = (ctx: AppContext, actor: Actor, key: string) => ctx.messages.t(key, actor.culture);

export async function exportHcos(
  ctx: AppContext,
  actor: Actor,
  filters: Filters<SearchHcoMasterBody>,
  reply: FastifyReply,
) {
  const { messages } = ctx;
  const c = actor.culture;
  const rows = await repo.allHcos(ctx.db, actor.companyId, filters, EXPORT_LIMIT);
  const h = (key: string) => headerOf(messages, c, HCO_COLUMNS, key);
  const name = fileName(ctx, actor, 'customerMaster.hco.exportFile');
  return sendXlsx<(typeof rows)[number]>(
    reply,
    `${name}.xlsx`,
    name,
    [
      { header: h('Code'), value: (r) => r.hco.code, width: 14 },
      { header: h('NameZH'), value: (r) => r.hco.nameZh, width: 32 },
      { header: h('NameEN'), value: (r) => r.hco.nameEn, width: 40 },
      { header: h('Level'), value: (r) => r.hco.level, width: 10 },
      { header: h('CityZH'), value: (r) => r.hco.cityZh, width: 14 },
      { header: h('CityEN'), value: (r) => r.hco.cityEn, width: 14 },
      { header: h('ClinicalTrial'), value: (r) => yesNoText(messages, c, r.hco.clinicalTrial), width: 12 },
      { header: h('Active'), value: (r) => yesNoText(messages, c, r.hco.active), width: 10 },
    ],
    rows,
  );
}

export async function exportHcps(
  ctx: AppContext,
  actor: Actor,
  filters: Filters<SearchHcpMasterBody>,
  reply: FastifyReply,
) {
  const { messages } = ctx;
  const c = actor.culture;
  const rows = await repo.allHcps(ctx.db, actor.companyId, filters, EXPORT_LIMIT);
  const h = (key: string) => headerOf(messages, c, HCP_COLUMNS, key);
  const name = fileName(ctx, actor, 'customerMaster.hcp.exportFile');
  return sendXlsx<(typeof rows)[number]>(
    reply,
    `${name}.xlsx`,
    name,
    [
      { header: h('Code'), value: (r) => r.hcp.code, width: 14 },
      { header: h('NameZH'), value: (r) => r.hcp.nameZh, width: 20 },
      { header: h('NameEN'), value: (r) => r.hcp.nameEn, width: 24 },
      { header: h('HCOCode'), value: (r) => r.hco?.code, width: 14 },
      {
        header: messages.t('customerMaster.field.hco', c),
        value: (r) => (r.hco ? localName(c, r.hco.nameZh, r.hco.nameEn) : ''),
        width: 32,
      },
      { header: h('TitleZH'), value: (r) => r.hcp.titleZh, width: 14 },
      { header: h('TitleEN'), value: (r) => r.hcp.titleEn, width: 20 },
      { header: h('Department'), value: (r) => r.hcp.department, width: 14 },
      { header: h('Active'), value: (r) => yesNoText(messages, c, r.hcp.active), width: 10 },
    ],
    rows,
  );
}

export async function exportCoverage(
  ctx: AppContext,
  actor: Actor,
  filters: Filters<SearchCoverageMasterBody>,
  reply: FastifyReply,
) {
  const { messages } = ctx;
  const c = actor.culture;
  const rows = await repo.allCoverage(ctx.db, actor.companyId, filters, EXPORT_LIMIT);
  const h = (key: string) => headerOf(messages, c, COVERAGE_COLUMNS, key);
  const name = fileName(ctx, actor, 'customerMaster.coverage.exportFile');
  const who = (r: (typeof rows)[number]) => (r.c.hcpId !== null ? r.hcp : r.hco);
  return sendXlsx<(typeof rows)[number]>(
    reply,
    `${name}.xlsx`,
    name,
    [
      { header: h('EmployeeCode'), value: (r) => r.employee.code, width: 14 },
      {
        header: messages.t('customerMaster.field.employee', c),
        value: (r) => localName(c, r.employee.nameZh, r.employee.nameEn),
        width: 18,
      },
      { header: h('Kind'), value: (r) => (r.c.hcpId !== null ? 'HCP' : 'HCO'), width: 8 },
      { header: h('CustomerCode'), value: (r) => who(r)?.code, width: 14 },
      {
        header: messages.t('customerMaster.field.customer', c),
        value: (r) => {
          const w = who(r);
          return w ? localName(c, w.nameZh, w.nameEn) : '';
        },
        width: 32,
      },
    ],
    rows,
  );
}

/** Creates or updates HCOs by code; any bad cell refuses the whole file, a good one applies in one transaction. */
export async function importHcos(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const rows = await readSheet(data, HCO_COLUMNS, ctx.messages);
  const errors = new RowErrors(HCO_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(rows, HcoSheetRow, errors);
  repeatedCodes(good, errors);
  const plan = good.map(({ row, value }) => {
    const active = yesNo(value.Active);
    if (active === undefined) errors.add(row, 'Active', 'customer_master.yes_no_expected');
    const trial = value.ClinicalTrial === undefined ? false : yesNo(value.ClinicalTrial);
    if (trial === undefined) errors.add(row, 'ClinicalTrial', 'customer_master.yes_no_expected');
    return {
      code: value.Code,
      values: {
        nameZh: value.NameZH,
        nameEn: value.NameEN,
        level: value.Level ?? null,
        cityZh: value.CityZH ?? null,
        cityEn: value.CityEN ?? null,
        clinicalTrial: trial ?? false,
        active: active ?? true,
      },
    };
  });
  errors.throwIfAny();
  return importByCode(
    ctx,
    actor,
    'customer_hco',
    plan.map((p) => p.code),
    {
      lock: (tx, codes) => repo.hcosByCodes(tx, actor.companyId, codes, 'update'),
      plan: async () => plan,
      insert: (tx, code, values) => repo.insertHco(tx, { ...values, companyId: actor.companyId, code }),
      update: (tx, row, values) => repo.updateHco(tx, row.id, null, values),
    },
  );
}

/** Creates or updates HCPs by code; the HCO is named by its code, and a stopped one is refused for a new link. */
export async function importHcps(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const rows = await readSheet(data, HCP_COLUMNS, ctx.messages);
  const errors = new RowErrors(HCP_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(rows, HcpSheetRow, errors);
  repeatedCodes(good, errors);
  const hcoCodes = [...new Set(good.map((g) => g.value.HCOCode).filter((c): c is string => !!c))];
  return importByCode(
    ctx,
    actor,
    'customer_hcp',
    good.map((g) => g.value.Code),
    {
      lock: (tx, codes) => repo.hcpsByCodes(tx, actor.companyId, codes, 'update'),
      plan: async (tx, existing) => {
        // The HCOs named are read under a share lock: one stopped meanwhile is seen stopped, and none is stopped
        // while this file links doctors to it.
        const hcos = new Map((await repo.hcosByCodes(tx, actor.companyId, hcoCodes, 'share')).map((h) => [h.code, h]));
        const plan = good.map(({ row, value }) => {
          const active = yesNo(value.Active);
          if (active === undefined) errors.add(row, 'Active', 'customer_master.yes_no_expected');
          const hco = value.HCOCode ? hcos.get(value.HCOCode) : undefined;
          if (value.HCOCode && !hco) errors.add(row, 'HCOCode', 'customer_master.hco_unknown');
          const before = existing.get(value.Code);
          if (hco && !hco.active && before?.hcoId !== hco.id) errors.add(row, 'HCOCode', 'customer_master.hco_stopped');
          return {
            code: value.Code,
            values: {
              nameZh: value.NameZH,
              nameEn: value.NameEN,
              hcoId: hco?.id ?? null,
              titleZh: value.TitleZH ?? null,
              titleEn: value.TitleEN ?? null,
              department: value.Department ?? null,
              active: active ?? true,
            },
          };
        });
        errors.throwIfAny();
        return plan;
      },
      insert: (tx, code, values) => repo.insertHcp(tx, { ...values, companyId: actor.companyId, code }),
      update: (tx, row, values) => repo.updateHcp(tx, row.id, null, values),
    },
  );
}

/** Adds coverage rows (representative code, HCP or HCO, customer code); rows already there are left as they are. */
export async function importCoverage(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const rows = await readSheet(data, COVERAGE_COLUMNS, ctx.messages);
  const errors = new RowErrors(COVERAGE_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(rows, CoverageSheetRow, errors);
  const codesOf = (kind: string) =>
    good.filter((g) => g.value.Kind.toUpperCase() === kind).map((g) => g.value.CustomerCode);
  const [people, hcps, hcos] = await Promise.all([
    repo.employeesByCodes(ctx.db, actor.companyId, [...new Set(good.map((g) => g.value.EmployeeCode))]),
    repo.hcpsByCodes(ctx.db, actor.companyId, codesOf('HCP')),
    repo.hcosByCodes(ctx.db, actor.companyId, codesOf('HCO')),
  ]);
  const employees = new Map(people.map((p) => [p.code, p.id]));
  const hcpBy = new Map(hcps.map((h) => [h.code, h]));
  const hcoBy = new Map(hcos.map((h) => [h.code, h]));
  const plan: { companyId: number; employeeId: number; hcpId?: number; hcoId?: number }[] = [];
  for (const { row, value } of good) {
    const employeeId = employees.get(value.EmployeeCode);
    if (employeeId === undefined) errors.add(row, 'EmployeeCode', 'customer_master.employee_unknown');
    const kind = value.Kind.toUpperCase();
    if (kind !== 'HCP' && kind !== 'HCO') {
      errors.add(row, 'Kind', 'customer_master.kind_expected');
      continue;
    }
    const customer = kind === 'HCP' ? hcpBy.get(value.CustomerCode) : hcoBy.get(value.CustomerCode);
    if (!customer) errors.add(row, 'CustomerCode', 'customer_master.customer_unknown');
    else if (!customer.active) errors.add(row, 'CustomerCode', 'customer_master.customer_stopped');
    if (employeeId === undefined || !customer) continue;
    plan.push({
      companyId: actor.companyId,
      employeeId,
      ...(kind === 'HCP' ? { hcpId: customer.id } : { hcoId: customer.id }),
    });
  }
  errors.throwIfAny();
  return ctx.db.transaction(async (tx) => {
    const created = await repo.addCoverage(tx, plan);
    await audit(
      tx,
      auditEntry(actor, { action: 'import', entity: 'customer_coverage', detail: { rows: plan.length, created } }),
    );
    return { Imported: plan.length, Created: created, Updated: 0 };
  });
}
