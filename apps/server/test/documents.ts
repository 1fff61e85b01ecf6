import type { DocumentDetail, TokenResponse } from '@ems/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { shanghaiToday } from '../src/core/time';
import { userAccount } from '../src/modules/auth/auth.table';
import { employeeRoleTeam } from '../src/modules/org/org.table';
import type { TestApp } from './app';
import type { documentMasters } from './factories';

/** A signed-in demo user as a test holds it. */
export type Session = Pick<TokenResponse, 'access_token' | 'UserID'>;
export type Masters = Awaited<ReturnType<typeof documentMasters>>;

/** The one step most test workflows need: the applicant's line manager. */
export const LINE_MANAGER_STEP = { Seq: 1, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' };

/** Saves a workflow template as an administrator would, and insists it was accepted. */
export async function saveWorkflow(
  t: TestApp,
  token: string,
  workflow: { Code: string; DocType: string; NameZH: string; NameEN: string },
  details: Record<string, unknown>[] = [LINE_MANAGER_STEP],
) {
  const saved = await t.call('/api/workflowSetting/SaveDetail', { Workflow: workflow, Details: details }, token);
  expect(saved.statusCode, saved.body).toBe(200);
  return saved;
}

/**
 * Saves a draft deputy of one hotel line on the test's own cost centre and type, and insists it was saved;
 * `over` replaces any field of the body.
 */
export async function saveDeputy(
  t: TestApp,
  m: Masters,
  token: string,
  amount = '300.00',
  over: Record<string, unknown> = {},
): Promise<DocumentDetail> {
  const res = await t.call(
    '/api/document/SaveDeputyDetail',
    {
      ExpenseTypeID: m.type.id,
      CostCenterID: m.own.id,
      Reason: '差旅',
      Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: shanghaiToday(), Amount: amount }],
      ...over,
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Saves a draft apply of one meal line on the test's own cost centre and apply type, and insists it was saved. */
export async function saveApply(
  t: TestApp,
  m: Masters,
  token: string,
  amount = '300',
  over: Record<string, unknown> = {},
): Promise<DocumentDetail> {
  const res = await t.call(
    '/api/document/SavePlanDetail',
    {
      ExpenseTypeID: m.applyType.id,
      CostCenterID: m.own.id,
      Lines: [{ ExpenseItemID: m.meal.id, ExpenseDate: shanghaiToday(), Amount: amount }],
      ...over,
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The principal (signed in with `token`) lets `proxyUserId` approve for them today; insists it was granted. */
export async function grantProxyToday(t: TestApp, token: string, proxyUserId: number) {
  const today = shanghaiToday();
  const granted = await t.call(
    '/api/ProxyApproveUser/SaveOrUpdateProxyUser',
    { ProxyUserID: proxyUserId, StartDate: today, EndDate: today },
    token,
  );
  expect(granted.statusCode, granted.body).toBe(200);
  return granted.json() as { ID: number };
}

/** Takes every role from a demo user: still able to sign in, but holding no function at all. */
export async function withoutRoles(t: TestApp, username: string) {
  const [acc] = await t.ctx.db.select().from(userAccount).where(eq(userAccount.username, username));
  await t.ctx.db.delete(employeeRoleTeam).where(eq(employeeRoleTeam.employeeId, acc!.employeeId));
}
