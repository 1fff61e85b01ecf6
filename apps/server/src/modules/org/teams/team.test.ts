import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { teamIdOf } from '../../../../test/finance';
import { auditLog } from '../../audit/audit.table';

let t: TestApp;
let admin: string;
let employee: string;
const db = () => t.ctx.database.db;

const teamId = (companyCode: string, code: string) => teamIdOf(t, companyCode, code);

beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

const newTeam = (over: Record<string, unknown> = {}) => ({
  Code: 'T-NEW',
  NameZH: '新团队',
  NameEN: 'New team',
  IsEVM: false,
  Active: true,
  ...over,
});

describe('team list and details', () => {
  it('lists the company’s teams, in the caller’s language, with filters and paging', async () => {
    const res = await t.call('/api/system/GetTeamList', { PageSize: 5, Language: 'en-GB' }, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Total).toBe(22);
    expect(body.Rows).toHaveLength(5);
    const evm = (await t.call('/api/system/GetTeamList', { IsEVM: 'true', PageSize: 50 }, admin)).json();
    expect(evm.Rows.map((r: { Code: string }) => r.Code).sort()).toEqual([
      'CV-S-GD',
      'ONC-E-JS',
      'ONC-E-SH',
      'ONC-N-BJ',
    ]);
    const sh = (await t.call('/api/system/GetTeamList', { Keyword: 'Shanghai', Language: 'en-GB' }, admin)).json();
    expect(sh.Rows[0]).toMatchObject({
      Code: 'ONC-E-SH',
      Name: 'Oncology Shanghai District',
      ParentName: 'Oncology East Region',
      TherapeuticAreaName: 'Oncology',
      IsEVM: true,
    });
    expect(sh.Rows[0].MemberCount).toBeGreaterThan(10);
    const zh = (await t.call('/api/system/GetTeamList', { Keyword: 'ONC-E-SH' }, admin)).json();
    expect(zh.Rows[0].Name).toBe('肿瘤上海区');
  });

  it('loads one team with its path; another company’s team is not found', async () => {
    const id = await teamId('1000', 'ONC-E-SH');
    const res = await t.call('/api/system/LoadTeamInfo', { TeamID: id, Language: 'en-GB' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().Path.map((p: { Code: string }) => p.Code)).toEqual(['GM', 'ONC', 'ONC-E', 'ONC-E-SH']);
    const other = await teamId('2000', 'DEV');
    expect((await t.call('/api/system/LoadTeamInfo', { TeamID: other }, admin)).statusCode).toBe(404);
  });

  it('tells whether a team is an EVM team, the user’s own by default', async () => {
    const mine = (await t.call('/api/system/GetTeamIsEVM', {}, employee)).json();
    expect(mine.IsEVM).toBe(true);
    const gm = await teamId('1000', 'GM');
    expect((await t.call('/api/system/GetTeamIsEVM', { TeamID: gm }, employee)).json().IsEVM).toBe(false);
    const other = await teamId('2000', 'GM');
    expect((await t.call('/api/system/GetTeamIsEVM', { TeamID: other }, employee)).statusCode).toBe(404);
  });

  it('gives each user the teams their roles cover', async () => {
    const adminAuth = (await t.call('/api/system/getTeamAuth', {}, admin)).json();
    expect(adminAuth.WholeCompany).toBe(true);
    expect(adminAuth.Rows.length).toBe(22);
    const manager = (await t.login('manager')).access_token;
    const mgr = (await t.call('/api/system/getTeamAuth', {}, manager)).json();
    expect(mgr.WholeCompany).toBe(false);
    expect(mgr.Rows.map((r: { Code: string }) => r.Code)).toEqual(['ONC-E-SH']);
    const emp = (await t.call('/api/system/getTeamAuth', {}, employee)).json();
    expect(emp).toEqual({ WholeCompany: false, Rows: [] });
  });

  it('lists an employee’s teams in the company', async () => {
    const own = (await t.call('/api/system/ChooseEmployeeTeam', { Language: 'en-GB' }, employee)).json();
    expect(own.Rows).toEqual([expect.objectContaining({ Code: 'ONC-E-SH', IsHome: true })]);
  });
});

describe('saving teams', () => {
  it('creates and updates a team under a parent of the same company, audited', async () => {
    const parent = await teamId('1000', 'ONC-E');
    const created = await t.call('/api/system/SaveTeam', newTeam({ ParentID: parent, BU: 'ONC' }), admin);
    expect(created.statusCode).toBe(200);
    const team1 = created.json();
    expect(team1).toMatchObject({ Code: 'T-NEW', ParentID: parent, Active: true, Version: 1 });
    const updated = await t.call(
      '/api/system/SaveTeam',
      newTeam({ TeamID: team1.TeamID, ParentID: parent, NameEN: 'Renamed', Version: 1, Language: 'en-GB' }),
      admin,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ Name: 'Renamed', Version: 2 });
    const stale = await t.call(
      '/api/system/SaveTeam',
      newTeam({ TeamID: team1.TeamID, ParentID: parent, Version: 1 }),
      admin,
    );
    expect(stale.statusCode).toBe(409);
    const audits = await db().select().from(auditLog).where(eq(auditLog.entity, 'team'));
    expect(audits.filter((a) => a.entityId === String(team1.TeamID)).map((a) => a.action)).toEqual([
      'create',
      'update',
    ]);
  });

  it('refuses a duplicate code, a parent of another company and a loop', async () => {
    const dup = await t.call('/api/system/SaveTeam', newTeam({ Code: 'onc-e-sh' }), admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'org.code_duplicate', errors: [{ field: 'Code' }] });
    const foreign = await teamId('2000', 'DEV');
    const other = await t.call('/api/system/SaveTeam', newTeam({ Code: 'T-X', ParentID: foreign }), admin);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toMatchObject({ field: 'ParentID', code: 'org.team_parent_not_found' });

    const onc = await teamId('1000', 'ONC');
    const info = (await t.call('/api/system/LoadTeamInfo', { TeamID: onc }, admin)).json();
    const below = await teamId('1000', 'ONC-E-SH');
    const loop = await t.call(
      '/api/system/SaveTeam',
      {
        ...newTeam({ Code: 'ONC', NameZH: info.NameZH, NameEN: info.NameEN }),
        TeamID: onc,
        ParentID: below,
        Version: info.Version,
        Language: 'en-GB',
      },
      admin,
    );
    expect(loop.statusCode).toBe(422);
    expect(loop.json()).toMatchObject({ code: 'org.team_cycle' });
    expect(loop.json().message).toContain('cannot be placed under itself');
    const self = await t.call(
      '/api/system/SaveTeam',
      {
        ...newTeam({ Code: 'ONC', NameZH: info.NameZH, NameEN: info.NameEN }),
        TeamID: onc,
        ParentID: onc,
        Version: info.Version,
      },
      admin,
    );
    expect(self.json().code).toBe('org.team_cycle');
  });

  it('stops a team only when no active sub-team or person is left in it', async () => {
    const sh = await teamId('1000', 'ONC-E-SH');
    const info = (await t.call('/api/system/LoadTeamInfo', { TeamID: sh }, admin)).json();
    const body = {
      TeamID: sh,
      Code: info.Code,
      NameZH: info.NameZH,
      NameEN: info.NameEN,
      ParentID: info.ParentID,
      IsEVM: true,
      Active: false,
      Version: info.Version,
    };
    const refused = await t.call('/api/system/SaveTeam', body, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('org.team_has_members');
    const p = (await t.call('/api/system/LoadTeamInfo', { TeamID: info.ParentID }, admin)).json();
    const parent = await t.call(
      '/api/system/SaveTeam',
      { ...body, TeamID: p.TeamID, Code: p.Code, ParentID: p.ParentID, IsEVM: false, Version: p.Version },
      admin,
    );
    expect(parent.statusCode).toBe(422);
    expect(parent.json().code).toBe('org.team_has_active_children');

    const empty = (await t.call('/api/system/SaveTeam', newTeam({ Code: 'T-EMPTY', ParentID: sh }), admin)).json();
    const stopped = await t.call(
      '/api/system/SaveTeam',
      newTeam({ Code: 'T-EMPTY', ParentID: sh, TeamID: empty.TeamID, Active: false, Version: empty.Version }),
      admin,
    );
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().Active).toBe(false);
    const under = await t.call('/api/system/SaveTeam', newTeam({ Code: 'T-UNDER', ParentID: empty.TeamID }), admin);
    expect(under.json().code).toBe('org.team_parent_stopped');
  });

  it('refuses invalid bodies with field errors', async () => {
    const res = await t.call('/api/system/SaveTeam', { Code: 'bad code!', NameZH: '', Sort: -1 }, admin);
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['Code', 'NameZH', 'NameEN', 'Sort']));
  });

  it('marks support functions', async () => {
    const ids = [await teamId('1000', 'MED'), await teamId('1000', 'MKT')];
    const res = await t.call('/api/system/SetTeamSupportFunction', { TeamIDs: ids, IsSupportFunction: true }, admin);
    expect(res.statusCode).toBe(200);
    const list = (await t.call('/api/system/GetTeamList', { IsSupportFunction: true, PageSize: 50 }, admin)).json();
    expect(list.Rows.map((r: { Code: string }) => r.Code)).toEqual(expect.arrayContaining(['MED', 'MKT', 'SSC', 'HR']));
    const foreign = await teamId('2000', 'FIN');
    const res404 = await t.call(
      '/api/system/SetTeamSupportFunction',
      { TeamIDs: [foreign], IsSupportFunction: false },
      admin,
    );
    expect(res404.statusCode).toBe(404);
  });
});

describe('therapeutic areas', () => {
  it('lists, creates, refuses duplicates and deletes only unused areas', async () => {
    const list = (await t.call('/api/system/SearchTherapeuticArea', { Language: 'en-GB' }, admin)).json();
    expect(list.Rows.map((r: { Code: string }) => r.Code)).toEqual(['ONC', 'CV', 'RESP', 'IMM']);
    expect(list.Rows[0]).toMatchObject({ Name: 'Oncology', TeamCount: 7 });
    const created = await t.call(
      '/api/system/SaveTherapeuticArea',
      { Code: 'NEURO', NameZH: '神经', NameEN: 'Neurology' },
      admin,
    );
    expect(created.statusCode).toBe(200);
    const dup = await t.call(
      '/api/system/SaveTherapeuticArea',
      { Code: 'neuro', NameZH: '神经', NameEN: 'Neurology' },
      admin,
    );
    expect(dup.statusCode).toBe(409);
    const onc = list.Rows[0].TherapeuticAreaID;
    const used = await t.call('/api/system/DeleteTherapeuticArea', { IDs: [onc], Language: 'en-GB' }, admin);
    expect(used.statusCode).toBe(422);
    expect(used.json().message).toContain('ONC');
    const del = await t.call('/api/system/DeleteTherapeuticArea', { IDs: [created.json().TherapeuticAreaID] }, admin);
    expect(del.statusCode).toBe(200);
  });

  it('lets a team carry an active area only', async () => {
    const list = (await t.call('/api/system/SearchTherapeuticArea', {}, admin)).json();
    const imm = list.Rows.find((r: { Code: string }) => r.Code === 'IMM');
    const res = await t.call(
      '/api/system/SaveTeam',
      newTeam({ Code: 'T-IMM', TherapeuticAreaID: imm.TherapeuticAreaID }),
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('TherapeuticAreaID');
  });
});

describe('team calls', () => {
  const calls = [
    '/api/system/GetTeamList',
    '/api/system/LoadTeamInfo',
    '/api/system/SaveTeam',
    '/api/system/SetTeamSupportFunction',
    '/api/system/SearchTherapeuticArea',
    '/api/system/SaveTherapeuticArea',
    '/api/system/DeleteTherapeuticArea',
  ];
  it('need a sign-in, and the master function', async () => {
    for (const url of [
      ...calls,
      '/api/system/GetTeamIsEVM',
      '/api/system/getTeamAuth',
      '/api/system/ChooseEmployeeTeam',
    ])
      expect((await t.call(url, {})).statusCode, url).toBe(401);
    for (const url of calls) expect((await t.call(url, {}, employee)).statusCode, url).toBe(403);
  });
});
