import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { employee as employeeTable } from '../org.table';

let t: TestApp;
let admin: string;
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await testApp();
  admin = (await t.login('admin')).access_token;
});
afterAll(() => t.close());

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('People');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(file: Buffer, language = 'zh-CN') {
  const boundary = '----org-import-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="Language"\r\n\r\n${language}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.app.inject({
    method: 'POST',
    url: '/api/system/ImportEmployee',
    payload,
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': language,
    },
  });
}

const HEADER_EN = [
  'Employee code',
  'Chinese name',
  'English name',
  'Team code',
  'Line manager code',
  'Email',
  'User name',
  'Approval limit',
];

async function managerCode(): Promise<string> {
  const m = (await t.call('/api/system/SearchEmployee', { Keyword: 'manager' }, admin)).json().Rows[0];
  return m.Code;
}

describe('people export', () => {
  it('exports the filtered people with headers in the caller’s language, in the import layout', async () => {
    const res = await t.call('/api/system/ExportEmployee', { Keyword: 'ONC', Language: 'en-GB' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''People.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Employee code', 'Chinese name', 'English name', 'Team code']);
    expect(header).toContain('Status');
    const zh = await t.call('/api/system/ExportEmployee', { Keyword: 'employee' }, admin);
    const wbz = new ExcelJS.Workbook();
    await wbz.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    const s = wbz.worksheets[0]!;
    expect(s.getRow(1).getCell(1).value).toBe('工号');
    expect(s.rowCount).toBe(2);
    expect(s.getRow(2).getCell(2).value).toBe('张伟');
  });

  it('imports its own export unchanged', async () => {
    const team = (await t.call('/api/system/GetTeamList', { Keyword: 'ONC-E-SH' }, admin)).json().Rows[0];
    const exported = await t.call('/api/system/ExportEmployee', { TeamID: team.TeamID }, admin);
    const res = await upload(exported.rawPayload);
    expect(res.statusCode).toBe(200);
    expect(res.json().Created).toBe(0);
    expect(res.json().Updated).toBeGreaterThan(10);
  });
});

describe('people import', () => {
  it('creates and updates people from a good file in one go', async () => {
    const m = await managerCode();
    const file = await workbook([
      HEADER_EN,
      ['P80001', '钱多多', 'Duoduo Qian', 'ONC-E-SH', m, 'duoduo.qian@huakang-demo.cn', 'duoduo.qian', '3000'],
      ['P80002', '孙小美', 'Xiaomei Sun', 'ONC-E-SH', 'P80001', null, null, null],
    ]);
    const res = await upload(file, 'en-GB');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Imported: 2, Created: 2, Updated: 0 });
    const [a] = await db().select().from(employeeTable).where(eq(employeeTable.code, 'P80001'));
    const [b] = await db().select().from(employeeTable).where(eq(employeeTable.code, 'P80002'));
    expect(a).toMatchObject({ approvalLimit: '3000.00', email: 'duoduo.qian@huakang-demo.cn' });
    expect(b!.lineManagerId).toBe(a!.id);
    const again = await upload(
      await workbook([
        ['工号', '中文姓名', '英文姓名', '团队代码'],
        ['P80002', '孙小美', 'Xiaomei Sun', 'ONC-E-JS'],
      ]),
    );
    expect(again.json()).toEqual({ Imported: 1, Created: 0, Updated: 1 });
    const [b2] = await db().select().from(employeeTable).where(eq(employeeTable.code, 'P80002'));
    // Columns left out of the file stay as they were.
    expect(b2!.lineManagerId).toBe(a!.id);
  });

  it('refuses a file with bad rows, naming each bad cell in the user’s language, and changes nothing', async () => {
    const before = (await t.call('/api/system/SearchEmployee', { PageSize: 1 }, admin)).json().Total;
    const file = await workbook([
      HEADER_EN,
      ['P70001', '周一', 'Yi Zhou', 'NO-SUCH-TEAM', null, 'not-an-email', null, '-5'],
      ['P70002', '', 'Er Zhou', 'ONC-E-SH', 'P70002', null, 'manager', null],
      ['P70003', '周三', 'San Zhou', 'ONC-E-SH', null, null, null, null],
      ['P70003', '周三', 'San Zhou', 'ONC-E-SH', null, null, null, null],
    ]);
    const res = await upload(file, 'en-GB');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('import.rows_invalid');
    const cells = body.errors.map((e: { field: string }) => e.field).sort();
    expect(cells).toEqual(
      ['2.Email', '2.ApprovalLimit', '2.TeamCode', '3.NameZH', '3.LineManagerCode', '3.Username', '5.Code'].sort(),
    );
    const team = body.errors.find((e: { field: string }) => e.field === '2.TeamCode');
    expect(team.message).toBe('Row 2, "Team code": The team does not exist in this company');
    const zh = (await upload(file, 'zh-CN')).json();
    expect(zh.errors.find((e: { field: string }) => e.field === '3.Username').message).toContain('登录名');
    expect((await t.call('/api/system/SearchEmployee', { PageSize: 1 }, admin)).json().Total).toBe(before);
  });

  it('refuses a loop of line managers made by the file', async () => {
    const m = await managerCode();
    const emp = (await t.call('/api/system/SearchEmployee', { Keyword: 'employee' }, admin)).json().Rows[0];
    const file = await workbook([
      ['Employee code', 'Chinese name', 'English name', 'Team code', 'Line manager code'],
      [m, '李静', 'Jing Li', 'ONC-E-SH', emp.Code],
    ]);
    const res = await upload(file, 'en-GB');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: '2.LineManagerCode' });
  });

  it('refuses a file that is not Excel or lacks required columns', async () => {
    expect((await upload(Buffer.from('plain text'))).json().code).toBe('import.not_xlsx');
    const res = await upload(await workbook([['Employee code'], ['X1']]));
    expect(res.json().code).toBe('import.columns_missing');
  });
});
