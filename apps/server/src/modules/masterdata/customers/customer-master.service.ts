import type {
  AddCoverageBody,
  CoverageRow,
  HcoRow,
  HcpRow,
  SaveHcoBody,
  SaveHcpBody,
  SearchCoverageMasterBody,
  SearchHcoMasterBody,
  SearchHcpMasterBody,
} from '@ems/contracts';
import { maskIdNumber, validIdNumber } from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded, requireVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound } from '../../../core/errors';
import { localName, localText } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import type { Lifecycled, LifecycleSpec } from '../lifecycle';
import * as repo from './customer-master.repository';

/** The HCO, HCP and coverage screens: save, start/stop/delete (through masterdata/lifecycle.ts), add and remove. */

export function hcoRow(r: { hco: repo.HcoRecord; hcpCount: number }, culture: Actor['culture']): HcoRow {
  const h = r.hco;
  return {
    ID: h.id,
    Code: h.code,
    Name: localName(culture, h.nameZh, h.nameEn),
    NameZH: h.nameZh,
    NameEN: h.nameEn,
    Level: h.level,
    City: localText(culture, h.cityZh, h.cityEn),
    CityZH: h.cityZh,
    CityEN: h.cityEn,
    IsClinicalTrial: h.clinicalTrial,
    Active: h.active,
    HCPCount: r.hcpCount,
    Version: h.version,
  };
}

export function hcpRow(r: { hcp: repo.HcpRecord; hco: repo.HcoRecord | null }, culture: Actor['culture']): HcpRow {
  const p = r.hcp;
  return {
    ID: p.id,
    Code: p.code,
    Name: localName(culture, p.nameZh, p.nameEn),
    NameZH: p.nameZh,
    NameEN: p.nameEn,
    HCOID: r.hco?.id ?? null,
    HCOCode: r.hco?.code ?? null,
    HCOName: r.hco ? localName(culture, r.hco.nameZh, r.hco.nameEn) : null,
    Title: localText(culture, p.titleZh, p.titleEn),
    TitleZH: p.titleZh,
    TitleEN: p.titleEn,
    Department: p.department,
    IDNumber: maskIdNumber(p.idNumber),
    Active: p.active,
    Version: p.version,
  };
}

export function coverageRow(r: repo.CoverageRecord, culture: Actor['culture']): CoverageRow {
  const isHcp = r.c.hcpId !== null;
  const who = isHcp ? r.hcp : r.hco;
  return {
    ID: r.c.id,
    EmployeeID: r.c.employeeId,
    EmployeeCode: r.employee.code,
    EmployeeName: localName(culture, r.employee.nameZh, r.employee.nameEn),
    Kind: isHcp ? 'HCP' : 'HCO',
    CustomerID: (isHcp ? r.c.hcpId : r.c.hcoId) ?? 0,
    CustomerCode: who?.code ?? '',
    CustomerName: who ? localName(culture, who.nameZh, who.nameEn) : '',
    HCOName: isHcp && r.hcpHco?.nameZh ? localName(culture, r.hcpHco.nameZh, r.hcpHco.nameEn) : null,
    CustomerActive: who?.active ?? false,
  };
}

const blank = (v: string | null | undefined) => (v ? v : null);

// HCOs

export async function searchHcos(db: Db, actor: Actor, q: SearchHcoMasterBody) {
  const { total, rows } = await repo.searchHcos(db, actor.companyId, q, actor.culture);
  return { Total: total, Rows: rows.map((r) => hcoRow(r, actor.culture)) };
}

/** Creates or updates an HCO; the code is fixed once created and unique in the company. */
export async function saveHco(db: Db, actor: Actor, body: SaveHcoBody): Promise<HcoRow> {
  if (body.ID !== undefined) requireVersion(body.Version);
  const values: repo.HcoValues = {
    nameZh: body.NameZH,
    nameEn: body.NameEN,
    level: blank(body.Level),
    cityZh: blank(body.CityZH),
    cityEn: blank(body.CityEN),
    clinicalTrial: body.IsClinicalTrial,
  };
  const duplicate = duplicateOn('Code', 'customer_master.code_duplicate', { code: body.Code });
  const id = await guarded(
    () =>
      db.transaction(async (tx) => {
        if (body.ID === undefined) {
          const [same] = await repo.hcosByCodes(tx, actor.companyId, [body.Code]);
          if (same) throw duplicate;
          const row = await repo.insertHco(tx, { ...values, companyId: actor.companyId, code: body.Code });
          await audit(tx, hcoAudit(actor, 'create', row.id, body.Code, values));
          return row.id;
        }
        const before = await repo.lockHco(tx, actor.companyId, body.ID);
        if (!before) throw notFound();
        if (before.code !== body.Code) throw fieldError('Code', 'customer_master.code_immutable');
        if (!(await repo.updateHco(tx, before.id, requireVersion(body.Version), values))) throw conflict();
        await audit(tx, hcoAudit(actor, 'update', before.id, body.Code, values));
        return before.id;
      }),
    { duplicate },
  );
  return hcoRow((await repo.findHco(db, actor.companyId, id))!, actor.culture);
}

const hcoAudit = (actor: Actor, action: string, id: number, code: string, detail: object) =>
  auditEntry(actor, { action, entity: 'customer_hco', entityId: id, detail: { code, ...detail } });

const asLifecycled = <T extends { id: number; code: string; version: number; active: boolean }>(row: T) => ({
  ...row,
  status: row.active ? 'started' : 'stopped',
});

/** Start, stop and delete of HCOs: a stopped HCO is no longer offered in the document pickers. */
export const hcoLifecycle: LifecycleSpec<repo.HcoRecord & Lifecycled> = {
  codes: 'customer_master.hco',
  lockById: async (tx, companyId, id) => {
    const row = await repo.lockHco(tx, companyId, id);
    return row && asLifecycled(row);
  },
  setStatus: (tx, row, status) => repo.updateHco(tx, row.id, row.version, { active: status === 'started' }),
  usage: (tx, row) => repo.hcoUsage(tx, row.id),
  remove: (tx, row) => repo.deleteHco(tx, row.id),
  record: (tx, actor, row, action) =>
    audit(tx, auditEntry(actor, { action, entity: 'customer_hco', entityId: row.id, detail: { code: row.code } })),
};

// HCPs

export async function searchHcps(db: Db, actor: Actor, q: SearchHcpMasterBody) {
  const { total, rows } = await repo.searchHcps(db, actor.companyId, q, actor.culture);
  return { Total: total, Rows: rows.map((r) => hcpRow(r, actor.culture)) };
}

/** Creates or updates an HCP; a stopped HCO cannot be chosen anew (one the HCP already has stays). */
export async function saveHcp(db: Db, actor: Actor, body: SaveHcpBody): Promise<HcpRow> {
  if (body.ID !== undefined) requireVersion(body.Version);
  const values: repo.HcpValues = {
    nameZh: body.NameZH,
    nameEn: body.NameEN,
    hcoId: body.HCOID ?? null,
    titleZh: blank(body.TitleZH),
    titleEn: blank(body.TitleEN),
    department: blank(body.Department),
  };
  // A new ID number only when one is typed; checked, and never written to the audit row.
  const idNumber = body.IDNumber ? validIdNumber(body.IDNumber) : undefined;
  if (idNumber === null) throw fieldError('IDNumber', 'customer_master.id_number_invalid');
  const stored = idNumber ? { ...values, idNumber } : values;
  const audited = { ...values, idNumberChanged: !!idNumber };
  const duplicate = duplicateOn('Code', 'customer_master.code_duplicate', { code: body.Code });
  const id = await guarded(
    () =>
      db.transaction(async (tx) => {
        const before = body.ID === undefined ? undefined : await repo.lockHcp(tx, actor.companyId, body.ID);
        if (body.ID !== undefined && !before) throw notFound();
        if (body.HCOID) {
          const [h] = await repo.hcosByIds(tx, actor.companyId, [body.HCOID]);
          if (!h) throw fieldError('HCOID', 'customer_master.hco_unknown');
          if (!h.active && before?.hcoId !== h.id) throw fieldError('HCOID', 'customer_master.hco_stopped');
        }
        if (!before) {
          const [same] = await repo.hcpsByCodes(tx, actor.companyId, [body.Code]);
          if (same) throw duplicate;
          const row = await repo.insertHcp(tx, { ...stored, companyId: actor.companyId, code: body.Code });
          await audit(tx, hcpAudit(actor, 'create', row.id, body.Code, audited));
          return row.id;
        }
        if (before.code !== body.Code) throw fieldError('Code', 'customer_master.code_immutable');
        if (!(await repo.updateHcp(tx, before.id, requireVersion(body.Version), stored))) throw conflict();
        await audit(tx, hcpAudit(actor, 'update', before.id, body.Code, audited));
        return before.id;
      }),
    { duplicate },
  );
  return hcpRow((await repo.findHcp(db, actor.companyId, id))!, actor.culture);
}

const hcpAudit = (actor: Actor, action: string, id: number, code: string, detail: object) =>
  auditEntry(actor, { action, entity: 'customer_hcp', entityId: id, detail: { code, ...detail } });

export const hcpLifecycle: LifecycleSpec<repo.HcpRecord & Lifecycled> = {
  codes: 'customer_master.hcp',
  lockById: async (tx, companyId, id) => {
    const row = await repo.lockHcp(tx, companyId, id);
    return row && asLifecycled(row);
  },
  setStatus: (tx, row, status) => repo.updateHcp(tx, row.id, row.version, { active: status === 'started' }),
  usage: (tx, row) => repo.hcpUsage(tx, row.id),
  remove: (tx, row) => repo.deleteHcp(tx, row.id),
  record: (tx, actor, row, action) =>
    audit(tx, auditEntry(actor, { action, entity: 'customer_hcp', entityId: row.id, detail: { code: row.code } })),
};

// Coverage

export async function searchCoverage(db: Db, actor: Actor, q: SearchCoverageMasterBody) {
  const { total, rows } = await repo.searchCoverage(db, actor.companyId, q);
  return { Total: total, Rows: rows.map((r) => coverageRow(r, actor.culture)) };
}

/** Gives a representative HCPs or HCOs to cover (active ones of the company); rows already there stay. */
export async function addCoverage(db: Db, actor: Actor, body: AddCoverageBody): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await repo.employeeInCompany(tx, actor.companyId, body.EmployeeID)))
      throw fieldError('EmployeeID', 'customer_master.employee_unknown');
    const ids = [...new Set(body.CustomerIDs)];
    const found =
      body.Kind === 'HCP'
        ? await repo.hcpsByIds(tx, actor.companyId, ids)
        : await repo.hcosByIds(tx, actor.companyId, ids);
    if (found.length !== ids.length) throw fieldError('CustomerIDs', 'customer_master.customer_unknown');
    if (found.some((f) => !f.active)) throw fieldError('CustomerIDs', 'customer_master.customer_stopped');
    const added = await repo.addCoverage(
      tx,
      ids.map((id) => ({
        companyId: actor.companyId,
        employeeId: body.EmployeeID,
        ...(body.Kind === 'HCP' ? { hcpId: id } : { hcoId: id }),
      })),
    );
    await audit(
      tx,
      auditEntry(actor, {
        action: 'create',
        entity: 'customer_coverage',
        entityId: body.EmployeeID,
        detail: { kind: body.Kind, ids, added },
      }),
    );
    return added;
  });
}

export async function removeCoverage(db: Db, actor: Actor, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await repo.coverageByIds(tx, actor.companyId, unique);
    if (rows.length !== unique.length) throw notFound();
    await repo.deleteCoverage(tx, unique);
    await audit(
      tx,
      auditEntry(actor, {
        action: 'delete',
        entity: 'customer_coverage',
        entityId: unique.join(','),
        detail: { rows },
      }),
    );
    return rows.length;
  });
}
