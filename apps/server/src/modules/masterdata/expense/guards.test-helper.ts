import { expect } from 'vitest';
import type { TestApp } from '../../../../test/app';

/** Checks the guards every master-data call shares: 401 without a token, 403 for a user without the function. */
export async function expectGuards(
  t: TestApp,
  employeeToken: string,
  calls: { url: string; body: unknown; open?: boolean }[],
): Promise<void> {
  for (const c of calls) {
    const anonymous = await t.call(c.url, c.body);
    expect(anonymous.statusCode, `401 ${c.url}`).toBe(401);
    expect(anonymous.json().code).toBe('auth.unauthorized');
    if (c.open) continue;
    const denied = await t.call(c.url, c.body, employeeToken);
    expect(denied.statusCode, `403 ${c.url}`).toBe(403);
    expect(denied.json().code).toBe('auth.function_missing');
  }
}

/** A call refused with 400 and errors on exactly these fields (among others). */
export async function expectFieldErrors(
  t: TestApp,
  token: string,
  url: string,
  body: unknown,
  fields: string[],
): Promise<void> {
  const res = await t.call(url, body, token);
  expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
  const got = (res.json().errors as { field: string }[]).map((e) => e.field);
  expect(got, url).toEqual(expect.arrayContaining(fields));
}

/** Signs in as admin in company 2000 (admin belongs to both) to own records of another company. */
export async function otherCompanyToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/Token',
    payload: `grant_type=password&username=admin&password=Passw0rd!&CompanyID=${await companyId(t, '2000')}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

async function companyId(t: TestApp, code: string): Promise<number> {
  const row = await t.ctx.database.db.query.company.findFirst({ where: (c, { eq }) => eq(c.code, code) });
  return row!.id;
}

/** POSTs an .xlsx file as multipart/form-data, with form fields, as the web client's imports do. */
export async function upload(
  t: TestApp,
  url: string,
  file: Buffer,
  token: string,
  fields: Record<string, string> = {},
) {
  const boundary = `----ems${Date.now()}`;
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
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
}

/** An .xlsx workbook of these rows (the first is the header). */
export async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of the first sheet of a downloaded workbook, as text. */
export async function sheetRows(payload: Buffer): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}
