import type {
  Culture,
  SapVendorRow,
  SaveSapVendorBody,
  SaveTaxCodeBody,
  SearchSapVendorBody,
  SearchTaxCodeBody,
  TaxCodeRow,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded, isUniqueViolation, requireVersion, staleVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { fieldError, notFound } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import { type DeleteSpec, deleteUnused } from '../lifecycle';
import * as repo from './erpcodes.repository';

/**
 * The codes the ERP books with beside the ledger (docs/decisions/049): the company's SAP tax code per fapiao kind and
 * VAT rate, and each person's SAP vendor number.
 */

/* ---------- tax codes ---------- */

function taxRow(r: Awaited<ReturnType<typeof repo.lockTaxCode>> & object): TaxCodeRow {
  return {
    ID: r.id,
    InvoiceType: r.invoiceType,
    Rate: r.rate,
    TaxCode: r.taxCode,
    Description: r.description,
    Version: r.version,
    UpdatedAt: r.updatedAt.toISOString(),
  };
}

export async function searchTaxCodes(db: Db, actor: Actor, body: SearchTaxCodeBody) {
  const { total, rows } = await repo.searchTaxCodes(db, actor.companyId, body);
  return { Total: total, Rows: rows.map(taxRow) };
}

const TAX_DUPLICATE = 'erpcodes.tax_code_duplicate';

/** Creates (no ID) or updates a tax code; one per fapiao kind and rate. */
export async function saveTaxCode(db: Db, actor: Actor, body: SaveTaxCodeBody): Promise<TaxCodeRow> {
  const values: repo.TaxCodeValues = {
    invoiceType: body.InvoiceType,
    rate: body.Rate,
    taxCode: body.TaxCode,
    description: body.Description ?? '',
  };
  const duplicate = duplicateOn('Rate', TAX_DUPLICATE, { type: body.InvoiceType, rate: body.Rate });
  const row = await guarded(
    () =>
      db.transaction(async (tx) => {
        if (body.ID === undefined) {
          const made = await repo.insertTaxCode(tx, actor.companyId, values);
          await audit(
            tx,
            auditEntry(actor, { action: 'create', entity: 'tax_code_mapping', entityId: made.id, detail: values }),
          );
          return made;
        }
        const version = requireVersion(body.Version);
        const before = await repo.lockTaxCode(tx, actor.companyId, body.ID);
        if (!before) throw notFound();
        const after = await repo.updateTaxCode(tx, before.id, version, values);
        if (!after) throw staleVersion();
        await audit(
          tx,
          auditEntry(actor, {
            action: 'update',
            entity: 'tax_code_mapping',
            entityId: before.id,
            detail: { before: { taxCode: before.taxCode, rate: before.rate }, after: values },
          }),
        );
        return after;
      }),
    { duplicate },
  );
  return taxRow(row);
}

type TaxRowDb = Awaited<ReturnType<typeof repo.lockTaxCodes>>[number];
const taxDelete: DeleteSpec<TaxRowDb> = {
  entity: 'tax_code_mapping',
  find: repo.lockTaxCodes,
  remove: repo.removeTaxCodes,
  audits: (rows) =>
    rows.map((r) => ({ entityId: r.id, detail: { invoiceType: r.invoiceType, rate: r.rate, taxCode: r.taxCode } })),
};

export function deleteTaxCodes(db: Db, actor: Actor, ids: number[]) {
  return deleteUnused(taxDelete, db, actor, ids);
}

/**
 * The company's tax code of each fapiao kind at each rate, as `kind|rate` → code: the voucher of a claim reads it
 * once (finance/entries).
 */
export async function taxCodeTable(db: Db, companyId: number): Promise<Map<string, string>> {
  const rows = await repo.taxCodesOf(db, companyId);
  return new Map(rows.map((r) => [`${r.invoiceType}|${r.rate}`, r.taxCode]));
}

/* ---------- SAP vendor accounts ---------- */

export function vendorRow(r: repo.SapVendorListRow, culture: Culture): SapVendorRow {
  return {
    ID: r.a.id,
    EmployeeID: r.a.employeeId,
    EmployeeCode: r.code,
    EmployeeName: localName(culture, r.nameZh, r.nameEn),
    AccountType: r.a.accountType,
    VendorNo: r.a.vendorNo,
    Version: r.a.version,
    UpdatedAt: r.a.updatedAt.toISOString(),
  };
}

export async function searchVendors(db: Db, actor: Actor, body: SearchSapVendorBody) {
  const { total, rows } = await repo.searchVendors(db, actor.companyId, body);
  return { Total: total, Rows: rows.map((r) => vendorRow(r, actor.culture)) };
}

/** The refusal of a vendor number or person already mapped, on the field the form shows it at. */
export function vendorDuplicate(err: unknown, body: { VendorNo: string }) {
  const e = err as { cause?: { constraint?: string }; constraint?: string };
  return String(e.constraint ?? e.cause?.constraint ?? '') === 'sap_vendor_account_employee_uq'
    ? duplicateOn('EmployeeID', 'erpcodes.vendor_person_duplicate')
    : duplicateOn('VendorNo', 'erpcodes.vendor_no_duplicate', { vendorNo: body.VendorNo });
}

/** Creates (no ID) or updates a person's SAP account; one per person, a vendor number once per company. */
export async function saveVendor(db: Db, actor: Actor, body: SaveSapVendorBody): Promise<SapVendorRow> {
  const values: repo.VendorValues = {
    employeeId: body.EmployeeID,
    accountType: body.AccountType,
    vendorNo: body.VendorNo,
  };
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      if (!(await repo.employeeOf(tx, actor.companyId, body.EmployeeID)))
        throw fieldError('EmployeeID', 'erpcodes.person_unknown');
      if (body.ID === undefined) {
        const made = await repo.insertVendor(tx, actor.companyId, values);
        await audit(
          tx,
          auditEntry(actor, { action: 'create', entity: 'sap_vendor_account', entityId: made.id, detail: values }),
        );
        return made.id;
      }
      const version = requireVersion(body.Version);
      const before = await repo.lockVendor(tx, actor.companyId, body.ID);
      if (!before) throw notFound();
      if (!(await repo.updateVendor(tx, before.id, version, values))) throw staleVersion();
      await audit(
        tx,
        auditEntry(actor, {
          action: 'update',
          entity: 'sap_vendor_account',
          entityId: before.id,
          detail: { before: { vendorNo: before.vendorNo, accountType: before.accountType }, after: values },
        }),
      );
      return before.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw vendorDuplicate(err, body);
    throw err;
  }
  return vendorRow((await repo.vendorRow(db, id))!, actor.culture);
}

type VendorRowDb = Awaited<ReturnType<typeof repo.lockVendors>>[number];
const vendorDelete: DeleteSpec<VendorRowDb> = {
  entity: 'sap_vendor_account',
  find: repo.lockVendors,
  remove: repo.removeVendors,
  audits: (rows) => rows.map((r) => ({ entityId: r.id, detail: { employeeId: r.employeeId, vendorNo: r.vendorNo } })),
};

export function deleteVendors(db: Db, actor: Actor, ids: number[]) {
  return deleteUnused(vendorDelete, db, actor, ids);
}

/** The SAP account of each person named, by employee id (the ERP job reads them for a voucher's lines). */
export async function vendorAccountsOf(db: Db, companyId: number, employeeIds: number[]) {
  const rows = await repo.vendorsOf(db, companyId, [...new Set(employeeIds)]);
  return new Map(rows.map((r) => [r.employeeId, { accountType: r.accountType, vendorNo: r.vendorNo }]));
}
