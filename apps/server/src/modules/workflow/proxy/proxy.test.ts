import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { shanghaiToday } from '../../../core/time';

let t: TestApp;
let employee: { access_token: string; UserID: number };
let manager: { access_token: string; UserID: number };
let admin: { access_token: string; UserID: number };
const today = shanghaiToday();
const inDays = (n: number) => shanghaiToday(new Date(Date.now() + n * 86_400_000));

beforeAll(async () => {
  t = await testApp();
  [employee, manager, admin] = await Promise.all([t.login('employee'), t.login('manager'), t.login('admin')]);
});
afterAll(() => t.close());

describe('fill-in proxies', () => {
  it('lets a principal grant, the proxy act for them, and freeing ends it', async () => {
    const saved = await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ProxyUserID: manager.UserID, StartDate: today, EndDate: inDays(10) },
      employee.access_token,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ PrincipalID: employee.UserID, ProxyUserID: manager.UserID, Status: 'active' });

    // Beside the approval proxy the demo data grants the manager.
    const mine = (await t.call('/api/System/GetMyProxy', {}, manager.access_token)).json();
    expect(mine.Rows).toContainEqual(
      expect.objectContaining({ ProxyId: employee.UserID, Kinds: ['fill_in'], Name: '张伟' }),
    );
    expect((await t.call('/api/System/CheckIsProxy', {}, manager.access_token)).json()).toEqual({
      IsProxy: true,
      Count: mine.Rows.length,
    });

    // Acting for the principal is accepted while the grant is in force, and recorded.
    const acting = await t.call('/api/System/ProxyReturn', { ProxyId: employee.UserID }, manager.access_token);
    expect(acting.statusCode).toBe(200);
    const audit = await t.ctx.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.action, 'proxy_return') });
    expect(audit.at(-1)).toMatchObject({ actorId: manager.UserID, principalId: employee.UserID });

    const received = (await t.call('/api/ProxyUser/Search', { Direction: 'received' }, manager.access_token)).json();
    expect(received.Rows.map((r: { ID: number }) => r.ID)).toContain(saved.json().ID);

    const freed = await t.call('/api/ProxyUser/FreeProxyUser', { ID: saved.json().ID }, employee.access_token);
    expect(freed.json().Status).toBe('freed');
    const left = (await t.call('/api/System/GetMyProxy', {}, manager.access_token)).json().Rows;
    expect(left.map((r: { ProxyId: number }) => r.ProxyId)).not.toContain(employee.UserID);
    const refused = await t.call('/api/System/GetDefaultInfo', { ProxyId: employee.UserID }, manager.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.proxy_not_allowed');
  });

  it('refuses bad grants with coded field errors', async () => {
    const self = await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ProxyUserID: employee.UserID, StartDate: today, EndDate: today },
      employee.access_token,
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().errors[0]).toMatchObject({ field: 'ProxyUserID', code: 'proxy.self' });
    const backwards = await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ProxyUserID: manager.UserID, StartDate: inDays(5), EndDate: today },
      employee.access_token,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].field).toBe('EndDate');
    const past = await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ProxyUserID: manager.UserID, StartDate: inDays(-10), EndDate: inDays(-1) },
      employee.access_token,
    );
    expect(past.json().errors[0].code).toBe('proxy.end_in_past');
    const stranger = await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ProxyUserID: 999999, StartDate: today, EndDate: today },
      employee.access_token,
    );
    expect(stranger.json().errors[0].code).toBe('proxy.user_inactive');
    const forOther = await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { PrincipalID: manager.UserID, ProxyUserID: admin.UserID, StartDate: today, EndDate: today },
      employee.access_token,
    );
    // A business refusal, not 403: a 403 would sign the web user out.
    expect(forOther.statusCode).toBe(422);
  });

  it('refuses overlapping grants to the same proxy and stale versions', async () => {
    const first = (
      await t.call(
        '/api/ProxyUser/SaveOrUpdateProxyUser',
        { ProxyUserID: admin.UserID, StartDate: today, EndDate: inDays(5) },
        employee.access_token,
      )
    ).json();
    const overlap = await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ProxyUserID: admin.UserID, StartDate: inDays(3), EndDate: inDays(8) },
      employee.access_token,
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('proxy.overlap');
    const moved = await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ID: first.ID, ProxyUserID: admin.UserID, StartDate: today, EndDate: inDays(7), Version: first.Version },
      employee.access_token,
    );
    expect(moved.json()).toMatchObject({ EndDate: inDays(7), Version: first.Version + 1 });
    const stale = await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ID: first.ID, ProxyUserID: admin.UserID, StartDate: today, EndDate: inDays(6), Version: first.Version },
      employee.access_token,
    );
    expect(stale.statusCode).toBe(409);
  });

  it('hides grants from everyone but their two people and administrators', async () => {
    const g = (
      await t.call(
        '/api/ProxyApproveUser/SaveOrUpdateProxyUser',
        { ProxyUserID: employee.UserID, StartDate: inDays(1), EndDate: inDays(3) },
        manager.access_token,
      )
    ).json();
    const finance = await t.login('finance');
    expect((await t.call('/api/ProxyApproveUser/LoadProxyUser', { ID: g.ID }, finance.access_token)).statusCode).toBe(
      404,
    );
    expect((await t.call('/api/ProxyApproveUser/LoadProxyUser', { ID: g.ID }, employee.access_token)).statusCode).toBe(
      200,
    );
    expect((await t.call('/api/ProxyApproveUser/FreeProxyUser', { ID: g.ID }, employee.access_token)).statusCode).toBe(
      422,
    );
    expect((await t.call('/api/ProxyApproveUser/LoadProxyUser', { ID: g.ID }, admin.access_token)).statusCode).toBe(
      200,
    );
    // Not started yet: the approval proxy may be deleted.
    expect((await t.call('/api/ProxyApproveUser/DeleteProxyUser', { ID: g.ID }, manager.access_token)).statusCode).toBe(
      200,
    );
    expect((await t.call('/api/ProxyApproveUser/LoadProxyUser', { ID: g.ID }, manager.access_token)).statusCode).toBe(
      404,
    );
  });

  it('keeps started approval proxies: they are freed, not deleted', async () => {
    const g = (
      await t.call(
        '/api/ProxyApproveUser/SaveOrUpdateProxyUser',
        { ProxyUserID: admin.UserID, StartDate: today, EndDate: today },
        manager.access_token,
      )
    ).json();
    const del = await t.call('/api/ProxyApproveUser/DeleteProxyUser', { ID: g.ID }, manager.access_token);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('proxy.delete_started');
    const rows = (await t.call('/api/System/GetMyProxy', {}, admin.access_token)).json().Rows;
    expect(rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ ProxyId: manager.UserID, Kinds: ['approve'] })]),
    );
  });

  it('lists by status and direction', async () => {
    const granted = (
      await t.call('/api/ProxyUser/Search', { Direction: 'granted', Status: 'freed' }, employee.access_token)
    ).json();
    expect(granted.Rows.every((r: { Status: string }) => r.Status === 'freed')).toBe(true);
    expect(granted.Total).toBeGreaterThanOrEqual(1);
  });
});
