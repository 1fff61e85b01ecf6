import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { form, PASSWORD, type TestApp } from './app';

/** Helpers of the finance master-data tests: sign-in to a company, id lookups, Excel files and uploads. */

export async function companyId(t: TestApp, code: string): Promise<number> {
  const r = await t.ctx.database.db.query.company.findFirst({ where: (c, { eq }) => eq(c.code, code) });
  if (!r) throw new Error(`no company ${code}`);
  return r.id;
}

/** An access token of `username` signed in to the company with `code`. */
export async function tokenFor(t: TestApp, username: string, code: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/Token',
    ...form({ grant_type: 'password', username, password: PASSWORD, CompanyID: String(await companyId(t, code)) }),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} to ${code} failed: ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

export async function employeeIdOf(t: TestApp, username: string): Promise<number> {
  const r = await t.ctx.database.db.query.userAccount.findFirst({ where: (u, { eq }) => eq(u.username, username) });
  if (!r) throw new Error(`no user ${username}`);
  return r.employeeId;
}

export async function teamIdOf(t: TestApp, companyCode: string, teamCode: string): Promise<number> {
  const cid = await companyId(t, companyCode);
  const r = await t.ctx.database.db.query.team.findFirst({
    where: (x, { and, eq }) => and(eq(x.companyId, cid), eq(x.code, teamCode)),
  });
  if (!r) throw new Error(`no team ${teamCode}`);
  return r.id;
}

export async function costCentreOf(t: TestApp, companyCode: string, code: string) {
  const cid = await companyId(t, companyCode);
  const r = await t.ctx.database.db.query.costCentre.findFirst({
    where: (x, { and, eq }) => and(eq(x.companyId, cid), eq(x.code, code)),
  });
  if (!r) throw new Error(`no cost centre ${code}`);
  return r;
}

/** An .xlsx file of the given rows (the first row is the header). */
export async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of a downloaded .xlsx, header first, as text. */
export async function sheetOf(res: LightMyRequestResponse): Promise<string[][]> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return sheetRows(res.rawPayload);
}

/** The rows of the first sheet of a workbook, header first, as text. */
export async function sheetRows(payload: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

/** POSTs one file as multipart/form-data, as the web client's upload does. */
export function upload(
  t: TestApp,
  url: string,
  file: Buffer,
  token?: string,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const boundary = `----ems${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

/** Every call in `urls` answers 401 without a token and 403 to the demo employee (who has no master functions). */
export async function expectGuarded(t: TestApp, employeeToken: string, urls: string[]): Promise<void> {
  for (const url of urls) {
    const anonymous = await t.call(url, {});
    expect(anonymous.statusCode, `${url} without token`).toBe(401);
    const employee = await t.call(url, {}, employeeToken);
    expect(employee.statusCode, `${url} as employee`).toBe(403);
    expect(employee.json().code).toBe('auth.function_missing');
  }
}

/** The fields a 400 names. */
export function fieldsOf(res: LightMyRequestResponse): string[] {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
  return (res.json().errors as { field: string }[]).map((e) => e.field);
}
