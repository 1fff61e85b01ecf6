import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { expectGuarded, fieldsOf, teamIdOf, upload, workbook } from '../../../../test/finance';
import { employee } from '../../org/org.table';
import { bankBranch } from './banks.table';

let t: TestApp;
let admin: string;
let finance: string;
let employeeToken: string;

beforeAll(async () => {
  t = await testApp();
  [admin, finance, employeeToken] = await t.tokens('admin', 'finance', 'employee');
});
afterAll(() => t.close());

const B = '/api/BankBranch';
const P = '/api/PayerAccount';

/** A CSV as a bank or the payments association publishes it: GB 18030, their column names. */
function gbCsv(text: string) {
  // Node has no GB 18030 encoder; the test builds the bytes of the few characters it uses from a table.
  const table: Record<string, number[]> = {};
  const encode = (s: string) =>
    Buffer.concat(
      [...s].map((ch) => {
        if (ch.charCodeAt(0) < 0x80) return Buffer.from(ch);
        const bytes = table[ch];
        if (!bytes) throw new Error(`no GB 18030 bytes for ${ch}`);
        return Buffer.from(bytes);
      }),
    );
  // GB 2312 (a subset of GB 18030) codes of the characters the file uses.
  Object.assign(table, {
    行: [0xd0, 0xd0],
    号: [0xba, 0xc5],
    名: [0xc3, 0xfb],
    称: [0xb3, 0xc6],
    银: [0xd2, 0xf8],
    城: [0xb3, 0xc7],
    市: [0xca, 0xd0],
    宁: [0xc4, 0xfe],
    波: [0xb2, 0xa8],
    支: [0xd6, 0xa7],
  });
  return encode(text);
}

describe('who may call', () => {
  it('answers 401 without a token and 403 to an employee for the directory and the paying accounts', async () => {
    await expectGuarded(t, employeeToken, [`${B}/Search`, `${B}/Import`, `${B}/SetStatus`, `${P}/Search`, `${P}/Save`]);
  });
});

describe('importing the bank-branch directory', () => {
  it('imports the published CSV (GB 18030, its column names), taking the bank code from the CNAPS code', async () => {
    const file = gbCsv('行号,行名,银行名称,城市\r\n313332082914,宁波银行城市支行,宁波银行,宁波\r\n');
    const res = await upload(t, `${B}/Import`, file, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Imported: 1, Created: 1, Updated: 0 });
    const found = (await t.call(`${B}/Search`, { Keyword: '313332' }, admin)).json();
    expect(found.Rows).toEqual([
      expect.objectContaining({
        Cnaps: '313332082914',
        BankCode: '313',
        BankName: '宁波银行',
        BranchName: '宁波银行城市支行',
        City: '宁波',
        Province: null,
        Status: 'active',
      }),
    ]);
  });

  it('imports an .xlsx with the list’s headers, updating a code it knows and stopping a branch marked so', async () => {
    const xlsx = await workbook([
      ['联行号', '行别代码', '银行名称', '网点名称', '省份', '城市', '状态'],
      ['313332082914', '313', '宁波银行', '宁波银行股份有限公司城市支行', '浙江', '宁波', '有效'],
      ['313332099999', '313', '宁波银行', '宁波银行股份有限公司旧支行', '浙江', '宁波', '停用'],
    ]);
    const res = await upload(t, `${B}/Import`, xlsx, admin);
    expect(res.json()).toEqual({ Imported: 2, Created: 1, Updated: 1 });
    const rows = (await t.call(`${B}/Search`, { BankCode: '313', Keyword: '宁波' }, admin)).json().Rows;
    expect(
      rows.map((r: { Cnaps: string; BranchName: string; Status: string }) => [r.Cnaps, r.BranchName, r.Status]),
    ).toEqual([
      ['313332082914', '宁波银行股份有限公司城市支行', 'active'],
      ['313332099999', '宁波银行股份有限公司旧支行', 'inactive'],
    ]);
    // The picker offers active branches only.
    const pick = (await t.call(`${B}/Pick`, { Keyword: '313332' }, employeeToken)).json();
    expect(pick.Rows.map((r: { Cnaps: string }) => r.Cnaps)).toEqual(['313332082914']);
  });

  it('refuses a file with a bad row as a whole, every bad cell named, and changes nothing', async () => {
    const before = await t.ctx.db.select().from(bankBranch);
    const xlsx = await workbook([
      ['CNAPS code', 'Bank code', 'Bank', 'Branch'],
      ['313332077777', '313', '宁波银行', 'A branch'],
      ['31333', '313', '宁波银行', 'Short code'],
      ['105332000001', '313', '中国建设银行', 'Wrong bank code'],
      ['313332077777', '313', '宁波银行', 'Twice'],
      ['313332066666', '313', '', 'No bank'],
    ]);
    const res = await upload(t, `${B}/Import`, xlsx, admin, { Language: 'en-GB' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('import.rows_invalid');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      '3.Cnaps',
      '4.BankCode',
      '5.Cnaps',
      '6.BankName',
    ]);
    expect(res.json().errors[0].message ?? JSON.stringify(res.json().errors[0])).toContain('CNAPS');
    expect(await t.ctx.db.select().from(bankBranch)).toHaveLength(before.length);
    const noColumn = await upload(t, `${B}/Import`, Buffer.from('code,name\n1,2\n'), admin);
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().code).toBe('import.columns_missing');
  });
});

describe('a bank account names its branch by a checked CNAPS code', () => {
  it('saves one’s own account with a code of the directory, and names the branch', async () => {
    const info = (await t.call('/api/System/GetDefaultInfo', {}, employeeToken)).json();
    const saved = await t.call(
      '/api/System/ModifyPersonalinfo',
      { BankName: '招商银行', BankAccount: '6225880000001234', BankCnaps: '308581002014', Version: info.Version },
      employeeToken,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ BankCnaps: '308581002014', BankBranch: '招商银行股份有限公司广州分行' });
  });

  it('refuses a code not in the directory, a stopped branch and a branch of another bank, on the field, changing nothing', async () => {
    const info = (await t.call('/api/System/GetDefaultInfo', {}, employeeToken)).json();
    const tryCode = (BankCnaps: string, BankName = '招商银行') =>
      t.call('/api/System/ModifyPersonalinfo', { BankName, BankCnaps, Version: info.Version }, employeeToken, {
        'accept-language': 'en-GB',
      });
    const codes = async (res: Awaited<ReturnType<typeof tryCode>>) => {
      expect(fieldsOf(res)).toEqual(['BankCnaps']);
      return res.json().errors[0].code;
    };
    expect(await codes(await tryCode('308100000000'))).toBe('banks.cnaps_unknown');
    expect(await codes(await tryCode('308290003999'))).toBe('banks.cnaps_inactive');
    expect(await codes(await tryCode('104100000004'))).toBe('banks.cnaps_other_bank');
    expect(fieldsOf(await tryCode('30829000302X'))).toEqual(['BankCnaps']);
    const after = (await t.call('/api/System/GetDefaultInfo', {}, employeeToken)).json();
    expect(after.Version).toBe(info.Version);
    expect(after.BankCnaps).toBe('308581002014');
  });

  it('checks the code of a person an administrator saves and of a vendor, taking the bank from the branch when left out', async () => {
    const created = await t.call(
      '/api/system/SaveEmployee',
      {
        Code: 'CN0001',
        NameZH: '钱新',
        NameEN: 'Xin Qian',
        TeamID: await teamIdOf(t, '1000', 'ONC-E-JS'),
        BankAccount: '6222000011112222',
        BankCnaps: '104581003017',
      },
      admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    const [row] = await t.ctx.db.select().from(employee).where(eq(employee.id, created.json().EmployeeID));
    expect(row).toMatchObject({
      bankName: '中国银行',
      bankCnaps: '104581003017',
      bankBranch: '中国银行股份有限公司广州分行',
    });
    const vendor = {
      Code: 'VCN0001',
      NameZH: '广州测试会务有限公司',
      NameEN: 'Guangzhou Test Events Ltd.',
      BankName: '中国银行广州越秀支行',
      BankAccount: '456351000000123',
      Category: 'conference',
    };
    const bad = await t.call(
      '/api/masterdatamanage/SaveProviderInformation',
      { ...vendor, BankCnaps: '308581002014' },
      admin,
    );
    expect(fieldsOf(bad)).toEqual(['BankCnaps']);
    const ok = await t.call(
      '/api/masterdatamanage/SaveProviderInformation',
      { ...vendor, BankCnaps: '104581003017' },
      admin,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ BankCnaps: '104581003017', BankBranch: '中国银行股份有限公司广州分行' });
  });
});

describe('every account names its branch', () => {
  it('refuses an account number without a CNAPS code, on one’s profile, a person, a change, a vendor and an import', async () => {
    const info = (await t.call('/api/System/GetDefaultInfo', {}, employeeToken)).json();
    const own = await t.call(
      '/api/System/ModifyPersonalinfo',
      { BankName: '招商银行', BankAccount: '6225880000009999', BankCnaps: null, Version: info.Version },
      employeeToken,
      { 'accept-language': 'en-GB' },
    );
    expect(own.statusCode).toBe(400);
    expect(own.json().errors[0]).toMatchObject({ field: 'BankCnaps', code: 'banks.cnaps_required' });
    expect(own.json().errors[0].message).toContain('CNAPS');
    expect((await t.call('/api/System/GetDefaultInfo', {}, employeeToken)).json().Version).toBe(info.Version);
    // Other fields save as before; and a person without an account needs no branch.
    const email = await t.call(
      '/api/System/ModifyPersonalinfo',
      { Email: 'zhang.wei@example.cn', Version: info.Version },
      employeeToken,
    );
    expect(email.statusCode, email.body).toBe(200);
    const teamId = await teamIdOf(t, '1000', 'ONC-E-JS');
    const person = (body: Record<string, unknown>) =>
      t.call('/api/system/SaveEmployee', { NameZH: '孙无号', NameEN: 'Wuhao Sun', TeamID: teamId, ...body }, admin);
    expect(fieldsOf(await person({ Code: 'CN0002', BankAccount: '6222000011113333' }))).toEqual(['BankCnaps']);
    const bare = await person({ Code: 'CN0002' });
    expect(bare.statusCode, bare.body).toBe(200);
    const changed = await t.call(
      '/api/system/UpdateEmployeeInfo',
      { EmployeeID: bare.json().EmployeeID, Version: bare.json().Version, BankAccount: '6222000011113333' },
      admin,
    );
    expect(fieldsOf(changed)).toEqual(['BankCnaps']);
    const vendor = await t.call(
      '/api/masterdatamanage/SaveProviderInformation',
      {
        Code: 'VCN0002',
        NameZH: '无行号会务',
        NameEN: 'No Branch Events',
        BankAccount: '456351000000999',
        Category: 'conference',
      },
      admin,
    );
    expect(fieldsOf(vendor)).toEqual(['BankCnaps']);
  });
});

describe('people imported from Excel', () => {
  it('checks each row’s CNAPS code against the directory and stores the branch, refusing the file on a bad one', async () => {
    const header = ['Code', 'NameZH', 'NameEN', 'TeamCode', 'BankName', 'BankAccount', 'BankCnaps'];
    const bad = await workbook([
      header,
      ['CNX001', '孙一', 'Yi Sun', 'ONC-E-JS', '招商银行', '6225000011110001', '308290003020'],
      ['CNX002', '孙二', 'Er Sun', 'ONC-E-JS', '招商银行', '6225000011110002', '104100000004'],
      ['CNX003', '孙三', 'San Sun', 'ONC-E-JS', '招商银行', '6225000011110003', ''],
    ]);
    const refused = await upload(t, '/api/system/ImportEmployee', bad, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toEqual(['3.BankCnaps', '4.BankCnaps']);
    expect(refused.json().errors[1].message).toContain('联行号');
    expect(await t.ctx.db.select().from(employee).where(eq(employee.code, 'CNX001'))).toEqual([]);
    const good = await workbook([
      header,
      ['CNX001', '孙一', 'Yi Sun', 'ONC-E-JS', '', '6225000011110001', '308290003020'],
    ]);
    expect((await upload(t, '/api/system/ImportEmployee', good, admin)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(employee).where(eq(employee.code, 'CNX001'));
    expect(row).toMatchObject({
      bankName: '招商银行',
      bankCnaps: '308290003020',
      bankBranch: '招商银行股份有限公司上海分行',
    });
  });
});

describe('paying accounts', () => {
  const account = { Code: 'ICBC-BJ', AccountName: '华康医药', AccountNo: '0200 0011 0900 1234', Cnaps: '102100099996' };

  it('saves an account on a branch of the directory with its layout; one default per company', async () => {
    const made = await t.call(`${P}/Save`, { ...account, Layout: 'pain001', IsDefault: true }, admin);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      AccountNo: '0200001109001234',
      BankName: '中国工商银行',
      BranchName: '中国工商银行股份有限公司北京市分行营业部',
      Layout: 'pain001',
      IsDefault: true,
      Currency: 'CNY',
    });
    const all = (await t.call(`${P}/Search`, { PageSize: 50 }, admin)).json().Rows;
    expect(all.filter((r: { IsDefault: boolean }) => r.IsDefault).map((r: { Code: string }) => r.Code)).toEqual([
      'ICBC-BJ',
    ]);
    expect((await t.call(`${P}/Pick`, {}, finance)).statusCode).toBe(200);
    expect(fieldsOf(await t.call(`${P}/Save`, { ...account, Code: 'X1', Cnaps: '102100000000' }, admin))).toEqual([
      'Cnaps',
    ]);
    expect(fieldsOf(await t.call(`${P}/Save`, { ...account, Layout: 'mt940' }, admin))).toEqual(['Layout']);
    const twice = await t.call(`${P}/Save`, account, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('banks.payer_code_duplicate');
  });

  concurrencyTest('keeps one default account when two are made default at once; the later one is told so', async () => {
    const [a, b] = await Promise.all(
      ['DEF-A', 'DEF-B'].map((Code) => t.call(`${P}/Save`, { ...account, Code, IsDefault: true }, admin)),
    );
    const codes = [a!, b!].map((r) => (r.statusCode === 200 ? 'ok' : r.json().code));
    expect(codes).toContain('ok');
    for (const c of codes) expect(['ok', 'banks.payer_default_changed']).toContain(c);
    const all = (await t.call(`${P}/Search`, { PageSize: 50 }, admin)).json().Rows;
    expect(all.filter((r: { IsDefault: boolean }) => r.IsDefault)).toHaveLength(1);
  });
});
