import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { teamIdOf } from '../../../../test/finance';
import { eventually, startTestJobs } from '../../../../test/jobs';
import { outboundJob } from '../../outbound/outbound.table';
import { evmOutbox } from '../evm.table';
import { type EvmGateway, evmSimulator, useEvmGateway } from './evm.gateway';
import { evmJob } from './evm.service';

let t: TestApp;
let admin: string;
let employee: string;
const db = () => t.ctx.database.db;

const teamId = (companyCode: string, code: string) => teamIdOf(t, companyCode, code);
const search = async (body: Record<string, unknown> = {}) =>
  (await t.call('/api/system/SearchEVMTeamRelation', body, admin)).json();

let jobs: Awaited<ReturnType<typeof startTestJobs>>;

beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
  jobs = await startTestJobs(t.ctx, { mail: async () => undefined, evm: evmJob(t.ctx.db) });
}, 60_000);
afterAll(async () => {
  await jobs.stop();
  await t.close();
});
afterEach(() => {
  useEvmGateway(evmSimulator);
});

const down: EvmGateway = {
  name: 'down',
  async send() {
    return { ok: false, error: 'EVM service unavailable (503)' };
  },
};

describe('EVM team relations', () => {
  it('lists the demo relations with their state', async () => {
    const list = await search({ Language: 'en-GB' });
    expect(list.Total).toBe(4);
    const sh = list.Rows.find((r: { TeamCode: string }) => r.TeamCode === 'ONC-E-SH');
    expect(sh).toMatchObject({
      EvmCode: 'EVM-ONC-SH',
      Status: 'sent',
      SendCount: 1,
      TeamName: 'Oncology Shanghai District',
    });
    expect((await search({ Status: 'new' })).Rows.map((r: { TeamCode: string }) => r.TeamCode)).toEqual(['CV-S-GD']);
  });

  it('relates only active EVM teams of the company, one relation per team', async () => {
    const gm = await teamId('1000', 'GM');
    const notEvm = await t.call(
      '/api/system/SaveEVMTeamRelation',
      { TeamID: gm, EvmCode: 'EVM-GM', EvmName: 'x' },
      admin,
    );
    expect(notEvm.statusCode).toBe(400);
    expect(notEvm.json().errors[0]).toMatchObject({ field: 'TeamID', code: 'org.team_not_evm' });
    const sh = await teamId('1000', 'ONC-E-SH');
    const dup = await t.call('/api/system/SaveEVMTeamRelation', { TeamID: sh, EvmCode: 'EVM-X', EvmName: 'x' }, admin);
    expect(dup.statusCode).toBe(409);
    const foreign = await teamId('2000', 'DEV-E');
    expect(
      (await t.call('/api/system/SaveEVMTeamRelation', { TeamID: foreign, EvmCode: 'E', EvmName: 'x' }, admin))
        .statusCode,
    ).toBe(400);
    const invalid = await t.call('/api/system/SaveEVMTeamRelation', { EvmCode: 'has space', EvmName: '' }, admin);
    expect(invalid.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['TeamID', 'EvmCode', 'EvmName']),
    );
  });

  it('sends a new relation through the EVM job, recording the message in the outbox', async () => {
    const gd = (await search({ Status: 'new' })).Rows[0];
    const res = await t.call('/api/system/SendEVMTeamRelation', { IDs: [gd.ID] }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().Rows[0]).toMatchObject({ ID: gd.ID, Status: 'queued', Reference: null });
    await eventually(async () => expect((await search({ Keyword: 'EVM-CV-GD' })).Rows[0].Status).toBe('sent'));
    const out = await db().select().from(evmOutbox).where(eq(evmOutbox.relationId, gd.ID));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      status: 'sent',
      action: 'upsert',
      attempt: 1,
      reference: expect.stringMatching(/^EVM-SIM-/),
    });
    expect(out[0]!.payload).toMatchObject({ teamCode: 'CV-S-GD', evmCode: 'EVM-CV-GD', companyCode: '1000' });
    const again = await t.call('/api/system/SendEVMTeamRelation', { IDs: [gd.ID], Language: 'en-GB' }, admin);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('use resend');
  });

  it('marks a changed relation to be sent again; a failed send is retried with back-off, then by resend', async () => {
    const sh = (await search({ Keyword: 'EVM-ONC-SH' })).Rows[0];
    const upd = await t.call(
      '/api/system/UpdateEVMTeamRelation',
      { ID: sh.ID, TeamID: sh.TeamID, EvmCode: 'EVM-ONC-SH2', EvmName: '肿瘤-上海会议一组', Version: sh.Version },
      admin,
    );
    expect(upd.statusCode).toBe(200);
    expect(upd.json().Status).toBe('changed');
    const stale = await t.call(
      '/api/system/UpdateEVMTeamRelation',
      { ID: sh.ID, TeamID: sh.TeamID, EvmCode: 'EVM-ONC-SH3', EvmName: 'x', Version: sh.Version },
      admin,
    );
    expect(stale.statusCode).toBe(409);

    useEvmGateway(down);
    const queued = await t.call('/api/system/SendEVMTeamRelation', { IDs: [sh.ID] }, admin, {
      'x-request-id': 'evm-send-req-0001',
    });
    expect(queued.json().Rows[0]).toMatchObject({ Status: 'queued', Error: null });
    const busy = await t.call('/api/system/ResendEVMTeamRelation', { IDs: [sh.ID] }, admin);
    expect(busy.json().code).toBe('org.evm_queued');
    await eventually(async () =>
      expect((await search({ Keyword: 'EVM-ONC-SH2' })).Rows[0]).toMatchObject({
        Status: 'failed',
        LastError: 'EVM service unavailable (503)',
      }),
    );
    const [job] = await db()
      .select()
      .from(outboundJob)
      .where(and(eq(outboundJob.queue, 'evm'), eq(outboundJob.requestId, 'evm-send-req-0001')));
    expect(job).toMatchObject({ state: 'failed', attempts: 3, lastError: expect.stringContaining('503') });
    expect(jobs.lines.filter((l) => l.outboundId === job!.id).map((l) => l.requestId)).toEqual([
      'evm-send-req-0001',
      'evm-send-req-0001',
      'evm-send-req-0001',
    ]);

    useEvmGateway(evmSimulator);
    const retried = await t.call('/api/system/ResendEVMTeamRelation', { IDs: [sh.ID] }, admin);
    expect(retried.json().Rows[0].Status).toBe('queued');
    await eventually(async () =>
      expect((await search({ Keyword: 'EVM-ONC-SH2' })).Rows[0]).toMatchObject({
        Status: 'sent',
        LastError: null,
        SendCount: 3,
      }),
    );
    const attempts = await db().select().from(evmOutbox).where(eq(evmOutbox.relationId, sh.ID));
    expect(attempts.map((a) => a.status).sort()).toEqual(['failed', 'sent', 'sent']);
  });

  it('retries a failed call until the EVM system takes it', async () => {
    const gd = (await search({ Keyword: 'EVM-CV-GD' })).Rows[0];
    let failures = 1;
    useEvmGateway({
      name: 'flaky',
      async send(message, outboxId) {
        if (failures-- > 0) throw new Error('connection reset');
        return evmSimulator.send(message, outboxId);
      },
    });
    expect((await t.call('/api/system/ResendEVMTeamRelation', { IDs: [gd.ID] }, admin)).statusCode).toBe(200);
    await eventually(async () =>
      expect((await search({ Keyword: 'EVM-CV-GD' })).Rows[0]).toMatchObject({ Status: 'sent', LastError: null }),
    );
    const [latest] = await db()
      .select()
      .from(outboundJob)
      .where(eq(outboundJob.queue, 'evm'))
      .orderBy(desc(outboundJob.id))
      .limit(1);
    expect(latest).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });

  it('resends only relations sent before', async () => {
    const js = await teamId('1000', 'ONC-N-BJ');
    const rel = (await search({ TeamID: js })).Rows[0];
    const del = await t.call('/api/system/DeleteEVMTeamRelation', { IDs: [rel.ID] }, admin);
    expect(del.statusCode).toBe(200);
    await eventually(async () => expect((await search({ TeamID: js })).Total).toBe(0));
    const created = (
      await t.call('/api/system/SaveEVMTeamRelation', { TeamID: js, EvmCode: 'EVM-BJ', EvmName: '北京' }, admin)
    ).json();
    const res = await t.call('/api/system/ResendEVMTeamRelation', { IDs: [created.ID] }, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('org.evm_not_sent_yet');
  });

  it('withdraws a sent relation from the EVM system before deleting it, and keeps it when that fails', async () => {
    const js = (await search({ Keyword: 'EVM-ONC-JS' })).Rows[0];
    useEvmGateway(down);
    const queued = await t.call('/api/system/DeleteEVMTeamRelation', { IDs: [js.ID] }, admin);
    expect(queued.statusCode).toBe(200);
    expect((await search({ Keyword: 'EVM-ONC-JS' })).Rows[0].Status).toBe('deleting');
    await eventually(async () =>
      expect((await search({ Keyword: 'EVM-ONC-JS' })).Rows[0]).toMatchObject({
        Status: 'failed',
        LastError: 'EVM service unavailable (503)',
      }),
    );
    useEvmGateway(evmSimulator);
    expect((await t.call('/api/system/DeleteEVMTeamRelation', { IDs: [js.ID] }, admin)).statusCode).toBe(200);
    await eventually(async () => expect((await search({ Keyword: 'EVM-ONC-JS' })).Total).toBe(0));
    const log = await db().select().from(evmOutbox).where(eq(evmOutbox.relationId, js.ID));
    expect(
      log
        .filter((l) => l.action === 'delete')
        .map((l) => l.status)
        .sort(),
    ).toEqual(['failed', 'sent']);
    expect((await t.call('/api/system/DeleteEVMTeamRelation', { IDs: [js.ID] }, admin)).statusCode).toBe(404);
  });

  it('keeps the EVM flag while a relation exists', async () => {
    const gd = (await search({ Keyword: 'EVM-CV-GD' })).Rows[0];
    const info = (await t.call('/api/system/LoadTeamInfo', { TeamID: gd.TeamID }, admin)).json();
    const res = await t.call(
      '/api/system/SaveTeam',
      {
        TeamID: info.TeamID,
        Code: info.Code,
        NameZH: info.NameZH,
        NameEN: info.NameEN,
        ParentID: info.ParentID,
        IsEVM: false,
        Version: info.Version,
      },
      admin,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('org.team_evm_relation_exists');
  });

  it('needs a sign-in and the EVM function', async () => {
    for (const c of ['Search', 'Save', 'Update', 'Delete', 'Send', 'Resend']) {
      const url = `/api/system/${c}EVMTeamRelation`;
      expect((await t.call(url, {})).statusCode, url).toBe(401);
      expect((await t.call(url, {}, employee)).statusCode, url).toBe(403);
    }
  });
});
