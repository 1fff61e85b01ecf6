import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { employeeIdOf, expectGuarded, fieldsOf, sheetOf, upload, workbook } from '../../../../test/finance';

let t: TestApp;
let admin: string;
let finance: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, finance, employee] = await t.tokens('admin', 'finance', 'employee');
});
afterAll(() => t.close());

const TAX = '/api/TaxCodeMapping';
const VENDOR = '/api/SapVendorAccount';

describe('guards', () => {
  it('tax codes and SAP vendor accounts are for finance and administrators only', async () => {
    await expectGuarded(t, employee, [
      `${TAX}/Search`,
      `${TAX}/Save`,
      `${TAX}/Delete`,
      `${VENDOR}/Search`,
      `${VENDOR}/Save`,
      `${VENDOR}/Delete`,
      `${VENDOR}/Export`,
    ]);
    expect((await upload(t, `${VENDOR}/Import`, await workbook([['x']]), employee)).statusCode).toBe(403);
    expect((await t.call(`${TAX}/Search`, {}, finance)).statusCode).toBe(200);
  });

  it('names the fields of bad input', async () => {
    expect(fieldsOf(await t.call(`${TAX}/Save`, { InvoiceType: 'paper', Rate: '17', TaxCode: 'J-1' }, admin))).toEqual(
      expect.arrayContaining(['InvoiceType', 'Rate', 'TaxCode']),
    );
    expect(fieldsOf(await t.call(`${VENDOR}/Save`, { AccountType: 'x', VendorNo: 'toolong-number' }, admin))).toEqual(
      expect.arrayContaining(['EmployeeID', 'AccountType', 'VendorNo']),
    );
  });
});

describe('tax codes', () => {
  it('lists the demo codes, creates one per fapiao kind and rate, updates at the version seen and deletes', async () => {
    const list = (await t.call(`${TAX}/Search`, { InvoiceType: 'vat_special', PageSize: 50 }, admin)).json();
    expect(list.Rows.map((r: { Rate: string; TaxCode: string }) => `${r.Rate}:${r.TaxCode}`)).toEqual(
      expect.arrayContaining(['13:J1', '9:J2', '6:J3']),
    );
    const made = await t.call(`${TAX}/Save`, { InvoiceType: 'vat_electronic', Rate: '6', TaxCode: 'j9' }, admin);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ InvoiceType: 'vat_electronic', Rate: '6', TaxCode: 'J9', Version: 1 });
    const again = await t.call(`${TAX}/Save`, { InvoiceType: 'vat_electronic', Rate: '6', TaxCode: 'J8' }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('erpcodes.tax_code_duplicate');
    const id = made.json().ID;
    const updated = await t.call(
      `${TAX}/Save`,
      { ID: id, Version: 1, InvoiceType: 'vat_electronic', Rate: '6', TaxCode: 'J7' },
      admin,
    );
    expect(updated.json()).toMatchObject({ TaxCode: 'J7', Version: 2 });
    const stale = await t.call(
      `${TAX}/Save`,
      { ID: id, Version: 1, InvoiceType: 'vat_electronic', Rate: '6', TaxCode: 'J6' },
      admin,
    );
    expect(stale.statusCode).toBe(409);
    expect((await t.call(`${TAX}/Delete`, { IDs: [id] }, admin)).statusCode).toBe(200);
    expect((await t.call(`${TAX}/Delete`, { IDs: [id] }, admin)).statusCode).toBe(404);
  });
});

describe('SAP vendor accounts', () => {
  it('keeps one account per person and a vendor number once, updates and deletes', async () => {
    const person = await employeeIdOf(t, 'manager');
    const own = (await t.call(`${VENDOR}/Search`, { EmployeeIDs: [person] }, admin)).json();
    expect(own.Rows).toHaveLength(1);
    expect(own.Rows[0]).toMatchObject({ EmployeeID: person, AccountType: 'employee_vendor' });
    const twice = await t.call(
      `${VENDOR}/Save`,
      { EmployeeID: person, AccountType: 'vendor', VendorNo: 'V100' },
      admin,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].field).toBe('EmployeeID');
    const other = (await t.call(`${VENDOR}/Search`, { PageSize: 2 }, admin))
      .json()
      .Rows.find((r: { EmployeeID: number }) => r.EmployeeID !== person);
    const taken = await t.call(
      `${VENDOR}/Save`,
      {
        ID: own.Rows[0].ID,
        Version: own.Rows[0].Version,
        EmployeeID: person,
        AccountType: 'vendor',
        VendorNo: other.VendorNo,
      },
      admin,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ field: 'VendorNo', code: 'erpcodes.vendor_no_duplicate' });
    const saved = await t.call(
      `${VENDOR}/Save`,
      { ID: own.Rows[0].ID, Version: own.Rows[0].Version, EmployeeID: person, AccountType: 'vendor', VendorNo: 'V100' },
      admin,
    );
    expect(saved.json()).toMatchObject({ VendorNo: 'V100', AccountType: 'vendor', Version: own.Rows[0].Version + 1 });
    expect((await t.call(`${VENDOR}/Delete`, { IDs: [own.Rows[0].ID] }, admin)).statusCode).toBe(200);
    const made = await t.call(
      `${VENDOR}/Save`,
      { EmployeeID: person, AccountType: 'employee_vendor', VendorNo: 'E100' },
      admin,
    );
    expect(made.statusCode, made.body).toBe(200);
    const stranger = await t.call(
      `${VENDOR}/Save`,
      { EmployeeID: 99_999_999, AccountType: 'vendor', VendorNo: 'X1' },
      admin,
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors[0].field).toBe('EmployeeID');
  });

  it('exports in the import layout and imports all rows or none, naming every bad cell', async () => {
    const person = await employeeIdOf(t, 'employee');
    const sheet = await sheetOf(await t.call(`${VENDOR}/Export`, { EmployeeIDs: [person], Language: 'en-GB' }, admin));
    expect(sheet).toHaveLength(2);
    expect(sheet[0]).toEqual(['Employee code', 'Name', 'Account type', 'SAP vendor number']);
    const code = sheet[1]![0]!;
    const good = await workbook([sheet[0]!, [code, '', 'Vendor', 'IMP1']]);
    const ok = await upload(t, `${VENDOR}/Import`, good, admin);
    expect(ok.json()).toEqual({ Imported: 1, Created: 0, Updated: 1 });
    const row = (await t.call(`${VENDOR}/Search`, { Keyword: 'IMP1' }, admin)).json().Rows[0];
    expect(row).toMatchObject({ EmployeeCode: code, AccountType: 'vendor', VendorNo: 'IMP1' });
    const other = (await t.call(`${VENDOR}/Search`, { PageSize: 5 }, admin))
      .json()
      .Rows.find((r: { EmployeeCode: string }) => r.EmployeeCode !== code);
    const bad = await workbook([
      ['员工编号', '账户类型', 'SAP 供应商编号'],
      [code, '员工供应商', 'IMP2'],
      ['NOBODY', '外包', other.VendorNo],
      [other.EmployeeCode, '供应商', 'IMP2'],
    ]);
    const refused = await upload(t, `${VENDOR}/Import`, bad, admin);
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['3.AccountType', '3.EmployeeCode', '4.VendorNo'].sort());
    expect((await t.call(`${VENDOR}/Search`, { Keyword: 'IMP1' }, admin)).json().Total).toBe(1);
  });
});
