import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { form, PASSWORD, type TestApp, testApp } from '../../../test/app';
import { concurrencyDescribe, concurrencyTest } from '../../../test/concurrency';
import { auditLog } from '../audit/audit.table';
import { userAccount } from './auth.table';

const MAX_FAILURES = 5;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ LOGIN_MAX_FAILURES: String(MAX_FAILURES) });
});
afterAll(() => t.close());

const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/Token', ...form({ grant_type: 'password', username, password }) });

/** The sign-in audit trail of one account, in the order the attempts were decided. */
async function trail(username: string) {
  const [account] = await t.ctx.db.select().from(userAccount).where(eq(userAccount.username, username));
  const rows = await t.ctx.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user_account'), eq(auditLog.entityId, String(account!.id))))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => r.action).filter((a) => a.startsWith('sign_in'));
}

concurrencyDescribe('a burst of sign-ins for one account', () => {
  concurrencyTest('gives no token once the failure limit is reached, whatever the order they arrive in', async () => {
    // 24 at once, the right password the 20th: before the attempts were decided one at a time, every one of them
    // read "not locked" before any failure was counted, and the right one got a token after the lock had engaged.
    const attempts = Array.from({ length: 24 }, (_, i) => signIn('auditor', i === 19 ? PASSWORD : 'guess'));
    const answers = await Promise.all(attempts);

    const actions = await trail('auditor');
    const success = actions.indexOf('sign_in');
    const granted = answers.filter((a) => a.statusCode === 200);
    if (granted.length === 0) {
      // The right password came after the lock: it is told so, and nothing was issued.
      expect(answers[19]!.statusCode).toBe(423);
      expect(answers[19]!.json().code).toBe('auth.locked');
      expect(success).toBe(-1);
    } else {
      // The right password came first: fewer failures than the limit were counted before it.
      expect(granted).toHaveLength(1);
      expect(success).toBeGreaterThanOrEqual(0);
      expect(success).toBeLessThan(MAX_FAILURES);
    }
    // However the burst fell, the failures after it locked the account: the owner is told, not let in.
    expect(actions).toContain('sign_in_locked');
    expect(actions.indexOf('sign_in_locked')).toBeGreaterThan(success);
    const after = await signIn('auditor', PASSWORD);
    expect(after.statusCode).toBe(423);
  });
});
