import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { companyId, expectGuarded, fieldsOf, tokenFor } from '../../../../test/finance';
import { baseInfoItems } from './baseinfo.service';

let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await testApp();
  [admin, employee] = await t.tokens('admin', 'employee');
});
afterAll(() => t.close());

const B = '/api/baseInfoSetting';

async function typeId(code: string): Promise<number> {
  const res = (await t.call(`${B}/Search`, { Keyword: code }, admin)).json();
  return res.Rows.find((r: { TypeCode: string }) => r.TypeCode === code).TypeID;
}

describe('base info', () => {
  it('is for base-info administrators only', async () => {
    await expectGuarded(t, employee, [
      `${B}/Search`,
      `${B}/Delete`,
      `${B}/SearchBaseInfoList`,
      `${B}/Save`,
      `${B}/SaveBaseInfo`,
      `${B}/DeleteBaseInfo`,
    ]);
  });

  it('lists the demo types and their items in the user’s language', async () => {
    const types = (await t.call(`${B}/Search`, { Language: 'en-GB' }, admin)).json();
    expect(types.Rows.map((r: { TypeCode: string }) => r.TypeCode)).toEqual([
      'CHARGEBACK_REASON',
      'ST_REASON',
      'PAYMENT_METHOD',
      'CUSTOMER_REASON',
      'HCP_MEAL_CAP',
    ]);
    expect(types.Rows[0]).toMatchObject({ Name: 'Chargeback reasons', IsSystem: true, ItemCount: 7 });
    const items = (await t.call(`${B}/SearchBaseInfoList`, { TypeCode: 'PAYMENT_METHOD' }, admin)).json();
    expect(items.Rows.map((r: { Name: string }) => r.Name)).toEqual(['银行转账', '公务卡', '冲抵借款', '现金']);
    const caps = (await t.call(`${B}/SearchBaseInfoList`, { TypeID: await typeId('HCP_MEAL_CAP') }, admin)).json();
    expect(caps.Rows[0]).toMatchObject({ Code: 'TIER1', Value: '300.000000' });
  });

  it('types are created, renamed at the version seen, and deleted only when empty and not the product’s own', async () => {
    const created = await t.call(
      `${B}/Save`,
      { TypeCode: 'REFUND_REASON', NameZH: '退款原因', NameEN: 'Refund reasons' },
      admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    const type = created.json();
    expect(type).toMatchObject({ IsSystem: false, ItemCount: 0, Version: 1 });
    const dup = await t.call(`${B}/Save`, { TypeCode: 'refund_reason', NameZH: '甲', NameEN: 'A' }, admin);
    expect(dup.statusCode).toBe(409);
    const renamed = await t.call(`${B}/Save`, { ...type, NameEN: 'Reasons for refunds' }, admin);
    expect(renamed.json()).toMatchObject({ NameEN: 'Reasons for refunds', Version: 2 });
    expect((await t.call(`${B}/Save`, { ...type, NameEN: 'Stale' }, admin)).statusCode).toBe(409);
    expect(fieldsOf(await t.call(`${B}/Save`, { ...(renamed.json() as object), TypeCode: 'OTHER' }, admin))).toEqual([
      'TypeCode',
    ]);
    const item = await t.call(
      `${B}/SaveBaseInfo`,
      { TypeID: type.TypeID, Code: 'R1', NameZH: '重复付款', NameEN: 'Paid twice' },
      admin,
    );
    expect(item.json()).toMatchObject({ TypeCode: 'REFUND_REASON', Sort: 1, Active: true });
    const inUse = await t.call(`${B}/Delete`, { IDs: [type.TypeID], Language: 'en-GB' }, admin);
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json().message).toBe('Type REFUND_REASON still holds 1 items; delete them first');
    const system = await t.call(`${B}/Delete`, { IDs: [await typeId('ST_REASON')] }, admin);
    expect(system.statusCode).toBe(422);
    expect(system.json().code).toBe('baseinfo.type_system');
    expect((await t.call(`${B}/DeleteBaseInfo`, { IDs: [item.json().BaseInfoID] }, admin)).json().Changed).toBe(1);
    expect((await t.call(`${B}/Delete`, { IDs: [type.TypeID] }, admin)).json().Changed).toBe(1);
  });

  it('items keep codes unique per type, carry an optional figure, and can be switched off', async () => {
    const cb = await typeId('CHARGEBACK_REASON');
    const dup = await t.call(`${B}/SaveBaseInfo`, { TypeID: cb, Code: 'cb01', NameZH: '甲', NameEN: 'A' }, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('Code');
    const created = (
      await t.call(
        `${B}/SaveBaseInfo`,
        { TypeID: cb, Code: 'CB08', NameZH: '附件不清晰', NameEN: 'Attachment unreadable', Value: 1.5 },
        admin,
      )
    ).json();
    expect(created).toMatchObject({ Sort: 8, Value: '1.500000' });
    const off = await t.call(`${B}/SaveBaseInfo`, { ...created, Active: false }, admin);
    expect(off.json()).toMatchObject({ Active: false, Version: 2 });
    const cid = await companyId(t, '1000');
    const active = await baseInfoItems(
      t.ctx.db,
      { userId: 0, companyId: cid, teamId: null, culture: 'en-GB', requestId: 'test' },
      'CHARGEBACK_REASON',
    );
    expect(active.map((i) => i.Code)).not.toContain('CB08');
    expect(active[0]!.Name).toBe('Wrong invoice title or tax number');
    expect(
      fieldsOf(await t.call(`${B}/SaveBaseInfo`, { TypeID: cb, Code: '', NameZH: '甲', Value: 'abc' }, admin)),
    ).toEqual(expect.arrayContaining(['Code', 'NameEN', 'Value']));
  });

  it('answers 404 for another company’s types and items', async () => {
    const other = await tokenFor(t, 'admin', '2000');
    const theirs = (await t.call(`${B}/SearchBaseInfoList`, { TypeCode: 'PAYMENT_METHOD' }, other)).json().Rows[0];
    expect((await t.call(`${B}/SaveBaseInfo`, { ...theirs, NameEN: 'x' }, admin)).statusCode).toBe(404);
    expect((await t.call(`${B}/DeleteBaseInfo`, { IDs: [theirs.BaseInfoID] }, admin)).statusCode).toBe(404);
    const theirType = (await t.call(`${B}/Search`, {}, other)).json().Rows[0];
    expect((await t.call(`${B}/Save`, { ...theirType, NameEN: 'x' }, admin)).statusCode).toBe(404);
  });
});
