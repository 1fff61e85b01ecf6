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
    payload: 'grant_type=password&username=admin&password=Passw0rd!&CompanyID=' + (await companyId(t, '2000')),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

async function companyId(t: TestApp, code: string): Promise<number> {
  const row = await t.ctx.database.db.query.company.findFirst({ where: (c, { eq }) => eq(c.code, code) });
  return row!.id;
}
