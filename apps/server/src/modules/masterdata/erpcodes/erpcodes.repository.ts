import type { SearchSapVendorBody, SearchTaxCodeBody } from '@ems/contracts';
import { and, asc, count, eq, exists, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { codeIn, keywordIn, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { employee, employeeCompany } from '../../org/org.table';
import { sapVendorAccount, taxCodeMapping } from './erpcodes.table';

/* ---------- tax codes ---------- */

export type TaxCodeValues = Pick<
  typeof taxCodeMapping.$inferInsert,
  'invoiceType' | 'rate' | 'taxCode' | 'description'
>;

const TAX_SORTABLE = {
  InvoiceType: taxCodeMapping.invoiceType,
  Rate: taxCodeMapping.rate,
  TaxCode: taxCodeMapping.taxCode,
};

export async function searchTaxCodes(db: Db, companyId: number, f: SearchTaxCodeBody) {
  const where = and(
    eq(taxCodeMapping.companyId, companyId),
    f.InvoiceType ? eq(taxCodeMapping.invoiceType, f.InvoiceType) : undefined,
    keywordIn(f.Keyword, [taxCodeMapping.taxCode, taxCodeMapping.description]),
  );
  return paged(
    f,
    db.select({ n: count() }).from(taxCodeMapping).where(where),
    db
      .select()
      .from(taxCodeMapping)
      .where(where)
      .orderBy(
        orderFrom(TAX_SORTABLE, f, taxCodeMapping.invoiceType),
        asc(taxCodeMapping.rate),
        asc(taxCodeMapping.id),
      ),
  );
}

/** Every mapping of the company (what a voucher's tax codes are read from). */
export async function taxCodesOf(db: Db, companyId: number) {
  return db
    .select({ invoiceType: taxCodeMapping.invoiceType, rate: taxCodeMapping.rate, taxCode: taxCodeMapping.taxCode })
    .from(taxCodeMapping)
    .where(eq(taxCodeMapping.companyId, companyId));
}

export async function lockTaxCode(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(taxCodeMapping)
    .where(and(eq(taxCodeMapping.id, id), eq(taxCodeMapping.companyId, companyId)))
    .for('update');
  return row;
}

export const insertTaxCode = (db: Db, companyId: number, v: TaxCodeValues) =>
  insertOne(db, taxCodeMapping, { ...v, companyId });
export const updateTaxCode = (db: Db, id: number, version: number, v: TaxCodeValues) =>
  updateVersioned(db, taxCodeMapping, id, version, v, { touch: true });

export async function lockTaxCodes(db: Db, companyId: number, ids: number[]) {
  return db
    .select()
    .from(taxCodeMapping)
    .where(and(eq(taxCodeMapping.companyId, companyId), inArray(taxCodeMapping.id, ids)))
    .for('update');
}

export async function removeTaxCodes(db: Db, ids: number[]) {
  await db.delete(taxCodeMapping).where(inArray(taxCodeMapping.id, ids));
}

/* ---------- SAP vendor accounts ---------- */

const vendorColumns = {
  a: sapVendorAccount,
  code: employee.code,
  nameZh: employee.nameZh,
  nameEn: employee.nameEn,
};
export type SapVendorListRow = {
  a: typeof sapVendorAccount.$inferSelect;
  code: string;
  nameZh: string;
  nameEn: string;
};

const VENDOR_SORTABLE = {
  EmployeeCode: employee.code,
  VendorNo: sapVendorAccount.vendorNo,
  AccountType: sapVendorAccount.accountType,
};

function vendorWhere(companyId: number, f: Omit<SearchSapVendorBody, 'PageIndex' | 'PageSize'>): SQL | undefined {
  return and(
    eq(sapVendorAccount.companyId, companyId),
    f.AccountType ? eq(sapVendorAccount.accountType, f.AccountType) : undefined,
    f.EmployeeIDs?.length ? inArray(sapVendorAccount.employeeId, f.EmployeeIDs) : undefined,
    keywordIn(f.Keyword, [sapVendorAccount.vendorNo, employee.code, employee.nameZh, employee.nameEn]),
  );
}

const vendorRows = (db: Db) =>
  db.select(vendorColumns).from(sapVendorAccount).innerJoin(employee, eq(employee.id, sapVendorAccount.employeeId));

export async function searchVendors(db: Db, companyId: number, f: SearchSapVendorBody) {
  const where = vendorWhere(companyId, f);
  return paged(
    f,
    db
      .select({ n: count() })
      .from(sapVendorAccount)
      .innerJoin(employee, eq(employee.id, sapVendorAccount.employeeId))
      .where(where),
    vendorRows(db)
      .where(where)
      .orderBy(orderFrom(VENDOR_SORTABLE, f, employee.code), asc(sapVendorAccount.id)),
  );
}

export async function allVendors(
  db: Db,
  companyId: number,
  f: Omit<SearchSapVendorBody, 'PageIndex' | 'PageSize'>,
  limit: number,
) {
  return vendorRows(db)
    .where(vendorWhere(companyId, f))
    .orderBy(orderFrom(VENDOR_SORTABLE, f, employee.code), asc(sapVendorAccount.id))
    .limit(limit);
}

export async function vendorRow(db: Db, id: number) {
  const [row] = await vendorRows(db).where(eq(sapVendorAccount.id, id));
  return row;
}

/** The SAP accounts of people, by employee id (what a voucher's payable and advance lines are booked on). */
export async function vendorsOf(db: Db, companyId: number, employeeIds: number[]) {
  if (employeeIds.length === 0) return [];
  return db
    .select({
      employeeId: sapVendorAccount.employeeId,
      accountType: sapVendorAccount.accountType,
      vendorNo: sapVendorAccount.vendorNo,
    })
    .from(sapVendorAccount)
    .where(and(eq(sapVendorAccount.companyId, companyId), inArray(sapVendorAccount.employeeId, employeeIds)));
}

/** Who holds each of these vendor numbers in the company. */
export async function vendorsByNumbers(db: Db, companyId: number, numbers: string[]) {
  if (numbers.length === 0) return [];
  return db
    .select({ employeeId: sapVendorAccount.employeeId, vendorNo: sapVendorAccount.vendorNo })
    .from(sapVendorAccount)
    .where(and(eq(sapVendorAccount.companyId, companyId), codeIn(sapVendorAccount.vendorNo, numbers)));
}

export async function lockVendor(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(sapVendorAccount)
    .where(and(eq(sapVendorAccount.id, id), eq(sapVendorAccount.companyId, companyId)))
    .for('update');
  return row;
}

export async function lockVendorOfEmployee(db: Db, companyId: number, employeeId: number) {
  const [row] = await db
    .select()
    .from(sapVendorAccount)
    .where(and(eq(sapVendorAccount.companyId, companyId), eq(sapVendorAccount.employeeId, employeeId)))
    .for('update');
  return row;
}

export type VendorValues = Pick<typeof sapVendorAccount.$inferInsert, 'employeeId' | 'accountType' | 'vendorNo'>;
export const insertVendor = (db: Db, companyId: number, v: VendorValues) =>
  insertOne(db, sapVendorAccount, { ...v, companyId });
export const updateVendor = (db: Db, id: number, version: number | null, v: VendorValues) =>
  updateVersioned(db, sapVendorAccount, id, version, v, { touch: true });

export async function lockVendors(db: Db, companyId: number, ids: number[]) {
  return db
    .select()
    .from(sapVendorAccount)
    .where(and(eq(sapVendorAccount.companyId, companyId), inArray(sapVendorAccount.id, ids)))
    .for('update');
}

export async function removeVendors(db: Db, ids: number[]) {
  await db.delete(sapVendorAccount).where(inArray(sapVendorAccount.id, ids));
}

/** People of the company: its own and those lent to it. */
const ofCompany = (db: Db, companyId: number) =>
  or(
    eq(employee.companyId, companyId),
    exists(
      db
        .select({ x: employeeCompany.employeeId })
        .from(employeeCompany)
        .where(and(eq(employeeCompany.employeeId, employee.id), eq(employeeCompany.companyId, companyId))),
    ),
  );

/** People of the company by code (an import names them so). */
export async function employeesByCodes(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ id: employee.id, code: employee.code })
    .from(employee)
    .where(and(ofCompany(db, companyId), codeIn(employee.code, codes)));
}

export async function employeeOf(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ id: employee.id })
    .from(employee)
    .where(and(ofCompany(db, companyId), eq(employee.id, id)));
  return row;
}
