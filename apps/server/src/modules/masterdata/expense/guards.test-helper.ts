import { expect } from 'vitest';
import type { TestApp } from '../../../../test/app';
import { tokenFor } from '../../../../test/finance';

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
export function otherCompanyToken(t: TestApp): Promise<string> {
  return tokenFor(t, 'admin', '2000');
}

export { sheetRows, upload, workbook } from '../../../../test/finance';
