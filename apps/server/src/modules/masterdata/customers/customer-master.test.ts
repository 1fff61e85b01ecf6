import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { backendPid, concurrencyTest, waitUntilBlocked } from '../../../../test/concurrency';
import { auditLog } from '../../audit/audit.table';
import {
  expectFieldErrors,
  expectGuards,
  otherCompanyToken,
  sheetRows,
  upload,
  workbook,
} from '../expense/guards.test-helper';
import { customerHco, customerHcp } from './customer.table';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

const B = '/api/customerMaster';

interface Row {
  ID: number;
  Code: string;
  Name: string;
  Version: number;
  Active: boolean;
  [k: string]: unknown;
}

async function find(kind: 'HCO' | 'HCP', code: string, token = admin): Promise<Row> {
  const res = await t.call(`${B}/Search${kind}`, { Keyword: code, PageSize: 100 }, token);
  const row = (res.json().Rows as Row[]).find((r) => r.Code === code);
  expect(row, code).toBeDefined();
  return row!;
}

describe('HCOs', () => {
  it('lists HCOs with the city in the reader’s language, clinical-trial ones as a filter', async () => {
    const en = await t.call(`${B}/SearchHCO`, { Keyword: 'H001', Language: 'en-GB' }, admin);
    expect(en.statusCode).toBe(200);
    expect(en.json().Rows[0]).toMatchObject({ Code: 'H001', City: 'Beijing', CityZH: '北京', IsClinicalTrial: true });
    const zh = await t.call(`${B}/SearchHCO`, { Keyword: 'H001', Language: 'zh-CN' }, admin);
    expect(zh.json().Rows[0]).toMatchObject({ City: '北京', Name: '北京协和医院' });
    const trial = await t.call(`${B}/SearchHCO`, { ClinicalTrial: true, PageSize: 100 }, admin);
    const others = await t.call(`${B}/SearchHCO`, { ClinicalTrial: false, PageSize: 100 }, admin);
    expect(trial.json().Rows.every((r: Row) => r.IsClinicalTrial)).toBe(true);
    expect(others.json().Rows.some((r: Row) => r.IsClinicalTrial)).toBe(false);
    expect(trial.json().Total + others.json().Total).toBe((await t.call(`${B}/SearchHCO`, {}, admin)).json().Total);
  });

  it('creates, updates by version, refuses a duplicate code and a changed code', async () => {
    const body = { Code: 'H900', NameZH: '测试医院', NameEN: 'Test Hospital', CityZH: '杭州', CityEN: 'Hangzhou' };
    const created = await t.call(`${B}/SaveHCO`, { ...body, Level: '3A', IsClinicalTrial: true }, admin);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ Code: 'H900', Active: true, IsClinicalTrial: true, Version: 1 });
    const dup = await t.call(`${B}/SaveHCO`, body, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('Code');
    const id = created.json().ID;
    const updated = await t.call(`${B}/SaveHCO`, { ...body, ID: id, Version: 1, CityEN: 'Hang Zhou' }, admin);
    expect(updated.json()).toMatchObject({ CityEN: 'Hang Zhou', Version: 2, IsClinicalTrial: false });
    expect((await t.call(`${B}/SaveHCO`, { ...body, ID: id, Version: 1 }, admin)).statusCode).toBe(409);
    const renamed = await t.call(`${B}/SaveHCO`, { ...body, Code: 'H901', ID: id, Version: 2 }, admin);
    expect(renamed.statusCode).toBe(400);
    // The same code in another company is another HCO.
    const other = await otherCompanyToken(t);
    expect((await t.call(`${B}/SaveHCO`, body, other)).statusCode).toBe(200);
  });

  it('stops an HCO: the document pickers no longer offer it, documents keep it; starts it again', async () => {
    const h = await find('HCO', 'H003');
    const offered = async () =>
      (await t.call('/api/document/SearchHCOList', { Keyword: 'H003' }, employee)).json().Rows.length;
    expect(await offered()).toBe(1);
    const stop = await t.call(`${B}/StopHCO`, { Items: [{ ID: h.ID, Version: h.Version }] }, admin);
    expect(stop.json()).toEqual({ Success: true, Changed: 1 });
    expect(await offered()).toBe(0);
    const stopped = await find('HCO', 'H003');
    expect(stopped.Active).toBe(false);
    // Stopping again at the old version is refused; at the new one nothing changes.
    expect((await t.call(`${B}/StopHCO`, { Items: [{ ID: h.ID, Version: h.Version }] }, admin)).statusCode).toBe(409);
    const again = await t.call(`${B}/StopHCO`, { Items: [{ ID: h.ID, Version: stopped.Version }] }, admin);
    expect(again.json().Changed).toBe(0);
    // A new HCP may not be placed at a stopped HCO.
    const hcp = await t.call(
      `${B}/SaveHCP`,
      { Code: 'P900', NameZH: '新医生', NameEN: 'New Doctor', HCOID: h.ID },
      admin,
    );
    expect(hcp.statusCode).toBe(400);
    expect(hcp.json().errors[0]).toMatchObject({ field: 'HCOID', code: 'customer_master.hco_stopped' });
    const start = await t.call(`${B}/StartHCO`, { Items: [{ ID: h.ID, Version: stopped.Version }] }, admin);
    expect(start.json().Changed).toBe(1);
    expect(await offered()).toBe(1);
    const audits = await t.ctx.database.db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.entity, 'customer_hco'), eq(a.entityId, String(h.ID))),
    });
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['stop', 'start']));
  });

  it('refuses deleting an HCO with doctors, deletes an unused one; another company’s HCO is 404', async () => {
    const used = await find('HCO', 'H001');
    const refused = await t.call(`${B}/DeleteHCO`, { IDs: [used.ID] }, admin, { 'accept-language': 'en-GB' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('HCPs');
    const other = await otherCompanyToken(t);
    expect((await t.call(`${B}/DeleteHCO`, { IDs: [used.ID] }, other)).statusCode).toBe(404);
    expect((await t.call(`${B}/StopHCO`, { Items: [{ ID: used.ID, Version: used.Version }] }, other)).statusCode).toBe(
      404,
    );
    const saved = await t.call(
      `${B}/SaveHCO`,
      { ID: used.ID, Version: used.Version, Code: 'H001', NameZH: 'x', NameEN: 'x' },
      other,
    );
    expect(saved.statusCode).toBe(404);
    const spare = await t.call(`${B}/SaveHCO`, { Code: 'H950', NameZH: '空医院', NameEN: 'Empty Hospital' }, admin);
    const gone = await t.call(`${B}/DeleteHCO`, { IDs: [spare.json().ID] }, admin);
    expect(gone.json()).toEqual({ Success: true, Changed: 1 });
  });

  it('exports HCOs in the import layout and imports them back; a bad file changes nothing', async () => {
    const res = await t.call(`${B}/ExportHCO`, { Keyword: 'H00', Language: 'en-GB' }, admin);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      'Code',
      'Chinese name',
      'English name',
      'Hospital grade',
      'City (Chinese)',
      'City (English)',
      'Clinical-trial HCO',
      'Active',
    ]);
    expect(rows[1]).toEqual([
      'H001',
      '北京协和医院',
      'Peking Union Medical College Hospital',
      '3A',
      '北京',
      'Beijing',
      'Yes',
      'Yes',
    ]);
    rows.push(['H960', '新导入医院', 'Imported Hospital', '2A', '南京', 'Nanjing', 'No', 'Yes']);
    const imported = await upload(t, `${B}/ImportHCO`, await workbook(rows), admin);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ Created: 1, Updated: rows.length - 2 });
    expect((await find('HCO', 'H960')).CityEN).toBe('Nanjing');

    const before = (await t.call(`${B}/SearchHCO`, {}, admin)).json().Total;
    const bad = await workbook([
      rows[0]!,
      ['H970', '好的', 'Good', '', '', '', 'No', 'Yes'],
      ['', '缺编码', 'No code', '', '', '', 'No', 'Yes'],
      ['H971', '标志错', 'Bad flag', '', '', '', 'Maybe', 'Yes'],
      ['H970', '重复', 'Repeated', '', '', '', 'No', 'Yes'],
    ]);
    const refused = await upload(t, `${B}/ImportHCO`, bad, admin, { Language: 'en-GB' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('import.rows_invalid');
    const fields = (refused.json().errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['3.Code', '4.ClinicalTrial', '5.Code']);
    expect((await t.call(`${B}/SearchHCO`, {}, admin)).json().Total).toBe(before);
  });
});

describe('HCPs', () => {
  it('creates an HCP at an HCO with a bilingual title, stops it so the pickers drop it', async () => {
    const h = await find('HCO', 'H002');
    const body = {
      Code: 'P910',
      NameZH: '钱医生',
      NameEN: 'Dr Qian',
      HCOID: h.ID,
      TitleZH: '主任医师',
      TitleEN: 'Chief Physician',
      Department: '肿瘤内科',
    };
    const created = await t.call(`${B}/SaveHCP`, body, admin, { 'accept-language': 'en-GB' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ Code: 'P910', HCOCode: 'H002', Title: 'Chief Physician', Active: true });
    expect((await t.call(`${B}/SaveHCP`, body, admin)).statusCode).toBe(409);
    const picker = async () =>
      (await t.call('/api/document/Search_CustomerList', { Kind: 'HCP', Keyword: 'P910' }, employee)).json().Rows;
    expect((await picker())[0]).toMatchObject({ Code: 'P910', Title: '主任医师' });
    const stop = await t.call(`${B}/StopHCP`, { Items: [{ ID: created.json().ID, Version: 1 }] }, admin);
    expect(stop.json().Changed).toBe(1);
    expect(await picker()).toEqual([]);
    const stopped = await t.call(`${B}/SearchHCP`, { Keyword: 'P910', Status: 'inactive' }, admin);
    expect(stopped.json().Rows.map((r: Row) => r.Code)).toEqual(['P910']);
    const other = await otherCompanyToken(t);
    expect((await t.call(`${B}/StartHCP`, { Items: [{ ID: created.json().ID, Version: 2 }] }, other)).statusCode).toBe(
      404,
    );
    expect((await t.call(`${B}/SearchHCP`, { Keyword: 'P910' }, other)).json().Total).toBe(0);
  });

  it('keeps an HCP’s ID number checked, shows it masked only, keeps it when left empty, and never audits it', async () => {
    const h = await find('HCO', 'H002');
    const body = { Code: 'P911', NameZH: '孙医生', NameEN: 'Dr Sun', HCOID: h.ID };
    // 11010519491231002X: the check character of GB 11643's own example.
    const wrong = await t.call(`${B}/SaveHCP`, { ...body, IDNumber: '110105194912310021' }, admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ field: 'IDNumber', code: 'customer_master.id_number_invalid' });
    const created = await t.call(`${B}/SaveHCP`, { ...body, IDNumber: '11010519491231002x' }, admin);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().IDNumber).toBe('**************002X');
    const [row] = await t.ctx.db.select().from(customerHcp).where(eq(customerHcp.code, 'P911'));
    expect(row!.idNumber).toBe('11010519491231002X');
    // Saved again without a number (the editor never holds the one on file): it stays.
    const again = await t.call(
      `${B}/SaveHCP`,
      { ...body, ID: created.json().ID, Version: created.json().Version, TitleZH: '主治医师' },
      admin,
    );
    expect(again.json()).toMatchObject({ IDNumber: '**************002X', TitleZH: '主治医师' });
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.json().ID)));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audits.map((a) => a.detail))).not.toContain('19491231');
    // A passport number is kept as it is.
    const passport = await t.call(`${B}/SaveHCP`, { ...body, Code: 'P912', IDNumber: 'E12345678' }, admin);
    expect(passport.json().IDNumber).toBe('*****5678');
  });

  it('imports HCPs naming the HCO by code; an unknown HCO refuses the whole file; exports them', async () => {
    const file = await workbook([
      ['编码', '中文名称', '英文名称', '医院编码', '职称（中文）', '职称（英文）', '科室', '启用'],
      ['P920', '孔医生', 'Dr Kong', 'H001', '主治医师', 'Attending Physician', '心内科', '是'],
      ['P921', '曹医生', 'Dr Cao', '', '', '', '', ''],
    ]);
    const ok = await upload(t, `${B}/ImportHCP`, file, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ Imported: 2, Created: 2, Updated: 0 });
    expect(await find('HCP', 'P920')).toMatchObject({ HCOCode: 'H001', TitleEN: 'Attending Physician' });

    const bad = await workbook([
      [
        'Code',
        'Chinese name',
        'English name',
        'HCO code',
        'Title (Chinese)',
        'Title (English)',
        'Department',
        'Active',
      ],
      ['P930', '好', 'Good', 'H001', '', '', '', 'Yes'],
      ['P931', '错', 'Bad', 'H999', '', '', '', 'Yes'],
    ]);
    const refused = await upload(t, `${B}/ImportHCP`, bad, admin, { Language: 'en-GB' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toEqual(['3.HCOCode']);
    expect((await t.call(`${B}/SearchHCP`, { Keyword: 'P930' }, admin)).json().Total).toBe(0);

    const res = await t.call(`${B}/ExportHCP`, { Keyword: 'P920', Language: 'zh-CN' }, admin);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      '编码',
      '中文名称',
      '英文名称',
      '医院编码',
      '医院',
      '职称（中文）',
      '职称（英文）',
      '科室',
      '启用',
    ]);
    expect(rows[1]).toEqual([
      'P920',
      '孔医生',
      'Dr Kong',
      'H001',
      '北京协和医院',
      '主治医师',
      'Attending Physician',
      '心内科',
      '是',
    ]);
  });
});

describe('coverage', () => {
  it('adds, lists, exports, imports and removes representatives’ coverage', async () => {
    const hcp = await find('HCP', 'P016');
    const me = (await t.call(`${B}/SearchCoverage`, { Keyword: 'H001' }, admin)).json().Rows[0];
    const employeeId = me.EmployeeID as number;
    const added = await t.call(
      `${B}/AddCoverage`,
      { EmployeeID: employeeId, Kind: 'HCP', CustomerIDs: [hcp.ID] },
      admin,
    );
    expect(added.json()).toEqual({ Success: true, Changed: 1 });
    const again = await t.call(
      `${B}/AddCoverage`,
      { EmployeeID: employeeId, Kind: 'HCP', CustomerIDs: [hcp.ID] },
      admin,
    );
    expect(again.json().Changed).toBe(0);
    const listed = await t.call(`${B}/SearchCoverage`, { EmployeeID: employeeId, Kind: 'HCP', PageSize: 100 }, admin);
    const row = (listed.json().Rows as { ID: number; CustomerCode: string }[]).find((r) => r.CustomerCode === 'P016');
    expect(row).toBeDefined();

    const res = await t.call(`${B}/ExportCoverage`, { EmployeeID: employeeId, Language: 'en-GB' }, admin);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['Representative code', 'Representative', 'Customer type', 'Customer code', 'Customer']);
    const code = rows[1]![0] as string;
    const file = await workbook([
      ['Representative code', 'Customer type', 'Customer code'],
      [code, 'HCO', 'H005'],
      [code, 'hcp', 'P001'],
    ]);
    const imported = await upload(t, `${B}/ImportCoverage`, file, admin);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().Imported).toBe(2);
    const bad = await workbook([
      ['Representative code', 'Customer type', 'Customer code'],
      ['NOBODY', 'HCO', 'H005'],
      [code, 'XYZ', 'H005'],
      [code, 'HCP', 'P999'],
    ]);
    const refused = await upload(t, `${B}/ImportCoverage`, bad, admin, { Language: 'en-GB' });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['2.EmployeeCode', '3.Kind', '4.CustomerCode']);

    const other = await otherCompanyToken(t);
    expect((await t.call(`${B}/RemoveCoverage`, { IDs: [row!.ID] }, other)).statusCode).toBe(404);
    const removed = await t.call(`${B}/RemoveCoverage`, { IDs: [row!.ID] }, admin);
    expect(removed.json()).toEqual({ Success: true, Changed: 1 });
    const unknown = await t.call(
      `${B}/AddCoverage`,
      { EmployeeID: employeeId, Kind: 'HCO', CustomerIDs: [hcp.ID + 100000] },
      admin,
    );
    expect(unknown.statusCode).toBe(400);
  });
});

describe('a stop racing another change', () => {
  concurrencyTest('waits for the HCO’s lock and refuses the version the user saw when it moved', async () => {
    const h = await find('HCO', 'H007');
    let stop: Promise<{ statusCode: number }> = Promise.resolve({ statusCode: 0 });
    await t.ctx.db.transaction(async (tx) => {
      // Another change holds the HCO (and moves its version) while the stop arrives.
      await tx.select().from(customerHco).where(eq(customerHco.id, h.ID)).for('update');
      stop = t.call(`${B}/StopHCO`, { Items: [{ ID: h.ID, Version: h.Version }] }, admin);
      await waitUntilBlocked(t.ctx.db, await backendPid(tx), stop);
      await tx
        .update(customerHco)
        .set({ version: h.Version + 1, nameEn: 'Renamed meanwhile' })
        .where(eq(customerHco.id, h.ID));
    });
    expect((await stop).statusCode).toBe(409);
    expect((await find('HCO', 'H007')).Active).toBe(true);
    const audits = await t.ctx.database.db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.entity, 'customer_hco'), eq(a.entityId, String(h.ID))),
    });
    expect(audits.filter((a) => a.action === 'stop')).toEqual([]);
  });

  concurrencyTest('an HCP import waits for an HCO being stopped and refuses to link a doctor to it', async () => {
    const made = await t.call(
      `${B}/SaveHCO`,
      { Code: 'H950', NameZH: '停用中医院', NameEN: 'Stopping Hospital' },
      admin,
    );
    expect(made.statusCode, made.body).toBe(200);
    const file = await workbook([
      ['编码', '中文名称', '英文名称', '医院编码', '职称（中文）', '职称（英文）', '科室', '启用'],
      ['P950', '晚医生', 'Dr Late', 'H950', '', '', '', '是'],
    ]);
    let imported!: ReturnType<typeof upload>;
    await t.ctx.db.transaction(async (tx) => {
      // The HCO's editor stops it; the import arrives before that commits.
      await tx.update(customerHco).set({ active: false }).where(eq(customerHco.id, made.json().ID));
      imported = upload(t, `${B}/ImportHCP`, file, admin);
      await waitUntilBlocked(t.ctx.db, await backendPid(tx), imported);
    });
    const res = await imported;
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['2.HCOCode']);
    expect((await t.call(`${B}/SearchHCP`, { Keyword: 'P950' }, admin)).json().Total).toBe(0);
  });
});

describe('guards', () => {
  it('answers 401 without a token and 403 without the function', async () => {
    await expectGuards(
      t,
      employee,
      [
        'SearchHCO',
        'SaveHCO',
        'StartHCO',
        'StopHCO',
        'DeleteHCO',
        'ExportHCO',
        'ImportHCO',
        'SearchHCP',
        'SaveHCP',
        'StopHCP',
        'ExportHCP',
        'ImportHCP',
        'SearchCoverage',
        'AddCoverage',
        'RemoveCoverage',
        'ExportCoverage',
        'ImportCoverage',
      ].map((a) => ({ url: `${B}/${a}`, body: {} })),
    );
  });

  it('refuses invalid bodies with field errors', async () => {
    await expectFieldErrors(t, admin, `${B}/SaveHCO`, { Code: 'a b', NameZH: '' }, ['Code', 'NameZH', 'NameEN']);
    await expectFieldErrors(t, admin, `${B}/SaveHCP`, { ID: 1, Code: 'A', NameZH: 'a', NameEN: 'a' }, ['Version']);
    await expectFieldErrors(t, admin, `${B}/AddCoverage`, { EmployeeID: 'x', Kind: 'X', CustomerIDs: [] }, [
      'EmployeeID',
      'Kind',
      'CustomerIDs',
    ]);
  });
});
