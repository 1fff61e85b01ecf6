import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { companyId, expectGuarded, fieldsOf, tokenFor } from '../../../../test/finance';
import { today } from '../finance-shared';
import { fxRateFor, postingPeriod } from './periods.service';

let t: TestApp;
let admin: string;
let employee: string;
let finance: string;
const year = Number(today().slice(0, 4));
const next = year + 1;
beforeAll(async () => {
  t = await testApp();
  [admin, employee, finance] = await t.tokens('admin', 'employee', 'finance');
});
afterAll(() => t.close());

const S = '/api/system';

describe('guards', () => {
  it('FX rates and cut-off days need their functions', async () => {
    await expectGuarded(t, employee, [
      `${S}/SearchFCSetting`,
      `${S}/SaveFCSetting`,
      `${S}/DeleteFCSetting`,
      `${S}/GetOrderCutOffDay`,
      `${S}/SetOrderCutOffDay`,
      `${S}/DeleteOrderCutOffDay`,
      `${S}/GetCutOffDay`,
      `${S}/SetCutOffDay`,
      `${S}/DeleteCutOffDay`,
    ]);
    // Shared-service finance keeps FX rates and the general cut-off, but not the order cut-off (a master screen).
    expect((await t.call(`${S}/SearchFCSetting`, {}, finance)).statusCode).toBe(200);
    expect((await t.call(`${S}/GetCutOffDay`, {}, finance)).statusCode).toBe(200);
    expect((await t.call(`${S}/GetOrderCutOffDay`, {}, finance)).statusCode).toBe(403);
  });
});

describe('FX rates', () => {
  it('lists the demo’s last twelve months for five currencies, newest first, and filters', async () => {
    const all = (await t.call(`${S}/SearchFCSetting`, { PageSize: 100 }, admin)).json();
    expect(all.Total).toBe(60);
    expect(all.Rows[0].Period).toBe(today().slice(0, 7));
    expect(all.Rows[0].Rate).toMatch(/^\d+\.\d{6}$/);
    const usd = (await t.call(`${S}/SearchFCSetting`, { Currency: 'usd', PageSize: 100 }, admin)).json();
    expect(usd.Total).toBe(12);
    expect(usd.Rows.every((r: { Currency: string; Rate: string }) => r.Currency === 'USD' && Number(r.Rate) > 7)).toBe(
      true,
    );
  });

  it('are set, changed at the version seen and deleted; one rate per currency and month', async () => {
    const created = await t.call(
      `${S}/SaveFCSetting`,
      { Currency: 'chf', Year: next, Month: 1, Rate: '8.1234565' },
      admin,
    );
    expect(fieldsOf(created)).toEqual(['Rate']);
    const ok = await t.call(`${S}/SaveFCSetting`, { Currency: 'chf', Year: next, Month: 1, Rate: '8.123456' }, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    const r = ok.json();
    expect(r).toMatchObject({ Currency: 'CHF', Period: `${next}-01`, Rate: '8.123456', Version: 1 });
    const dup = await t.call(
      `${S}/SaveFCSetting`,
      { Currency: 'CHF', Year: next, Month: 1, Rate: '8', Language: 'en-GB' },
      admin,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`There is already a CHF rate for ${next}-01`);
    const upd = await t.call(`${S}/SaveFCSetting`, { ...r, Rate: 8.2 }, admin);
    expect(upd.json()).toMatchObject({ Rate: '8.200000', Version: 2 });
    expect((await t.call(`${S}/SaveFCSetting`, { ...r, Rate: '8.3' }, admin)).statusCode).toBe(409);
    expect((await t.call(`${S}/DeleteFCSetting`, { IDs: [r.FCSettingID] }, admin)).json().Changed).toBe(1);
    expect((await t.call(`${S}/DeleteFCSetting`, { IDs: [r.FCSettingID] }, admin)).statusCode).toBe(404);
  });

  it('refuse CNY, bad currencies, rates and months, and another company’s rates', async () => {
    expect(
      fieldsOf(await t.call(`${S}/SaveFCSetting`, { Currency: 'CNY', Year: next, Month: 1, Rate: '1' }, admin)),
    ).toEqual(['Currency']);
    expect(
      fieldsOf(await t.call(`${S}/SaveFCSetting`, { Currency: 'US', Year: 1999, Month: 13, Rate: '0' }, admin)),
    ).toEqual(expect.arrayContaining(['Currency', 'Year', 'Month', 'Rate']));
    expect(
      fieldsOf(await t.call(`${S}/SaveFCSetting`, { Currency: 'USD', Year: next, Month: 2, Rate: '-7.1' }, admin)),
    ).toEqual(['Rate']);
    const other = await tokenFor(t, 'admin', '2000');
    const theirs = (await t.call(`${S}/SearchFCSetting`, { PageSize: 1 }, other)).json().Rows[0];
    expect((await t.call(`${S}/SaveFCSetting`, { ...theirs, Rate: '1.5' }, admin)).statusCode).toBe(404);
    expect((await t.call(`${S}/DeleteFCSetting`, { IDs: [theirs.FCSettingID] }, admin)).statusCode).toBe(404);
  });

  it('fxRateFor gives the month’s rate, else the latest before it, and 1 for CNY', async () => {
    const cid = await companyId(t, '1000');
    const month = today().slice(0, 7);
    const now = await fxRateFor(t.ctx.db, cid, 'USD', `${month}-15`);
    expect(now).toMatchObject({ period: month, rate: expect.stringMatching(/^7\.\d{6}$/) });
    const later = await fxRateFor(t.ctx.db, cid, 'USD', `${next + 1}-06-01`);
    expect(later?.period).toBe(month);
    expect(await fxRateFor(t.ctx.db, cid, 'USD', '2001-01-01')).toBeUndefined();
    expect(await fxRateFor(t.ctx.db, cid, 'CNY', '2026-03-01')).toEqual({ rate: '1.000000', period: '2026-03' });
  });
});

describe('cut-off days', () => {
  it('list the current year’s general and order days of the demo', async () => {
    const general = (await t.call(`${S}/GetCutOffDay`, { Year: year }, admin)).json();
    expect(general.Total).toBe(12);
    expect(general.Rows[0]).toMatchObject({ Kind: 'general', Year: year, Month: 1 });
    expect(
      general.Rows.every((r: { Day: string; Month: number }) =>
        r.Day.startsWith(`${year}-${String(r.Month).padStart(2, '0')}`),
      ),
    ).toBe(true);
    const order = (await t.call(`${S}/GetOrderCutOffDay`, { Year: year, Month: 12 }, admin)).json();
    expect(order.Rows[0]).toMatchObject({ Kind: 'order', Day: `${next}-01-05` });
  });

  it('are set within the month or the first 15 days of the next, moved while open, and deleted while open', async () => {
    const out = await t.call(`${S}/SetCutOffDay`, { Year: next, Month: 3, Day: `${next}-04-16` }, admin);
    expect(fieldsOf(out)).toEqual(['Day']);
    const created = await t.call(`${S}/SetCutOffDay`, { Year: next, Month: 3, Day: `${next}-04-03` }, admin);
    expect(created.statusCode, created.body).toBe(200);
    const c = created.json();
    expect(c).toMatchObject({ Kind: 'general', Passed: false, Version: 1 });
    const dup = await t.call(`${S}/SetCutOffDay`, { Year: next, Month: 3, Day: `${next}-03-25` }, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('cutoff.duplicate');
    // The order cut-off of the same month is a separate day.
    expect(
      (await t.call(`${S}/SetOrderCutOffDay`, { Year: next, Month: 3, Day: `${next}-04-05` }, admin)).statusCode,
    ).toBe(200);
    const moved = await t.call(`${S}/SetCutOffDay`, { ...c, Day: `${next}-03-25` }, admin);
    expect(moved.json()).toMatchObject({ Day: `${next}-03-25`, Version: 2 });
    expect((await t.call(`${S}/SetCutOffDay`, { ...c, Day: `${next}-03-24` }, admin)).statusCode).toBe(409);
    const cid = await companyId(t, '1000');
    expect(await postingPeriod(t.ctx.db, cid, `${next}-03-25`)).toEqual({ year: next, month: 3 });
    expect(await postingPeriod(t.ctx.db, cid, `${next}-03-26`)).toEqual({ year: next, month: 4 });
    expect((await t.call(`${S}/DeleteCutOffDay`, { IDs: [c.CutOffDayID] }, admin)).json().Changed).toBe(1);
    expect(await postingPeriod(t.ctx.db, cid, `${next}-03-26`)).toEqual({ year: next, month: 3 });
    // Another kind's id is not found here.
    const order = (await t.call(`${S}/GetOrderCutOffDay`, { Year: next, Month: 3 }, admin)).json().Rows[0];
    expect((await t.call(`${S}/DeleteCutOffDay`, { IDs: [order.CutOffDayID] }, admin)).statusCode).toBe(404);
  });

  it('a passed day closes its period: it cannot be moved or deleted', async () => {
    const back = await t.call(
      `${S}/SetCutOffDay`,
      { Year: year - 1, Month: 6, Day: `${year - 1}-06-25`, Language: 'en-GB' },
      admin,
    );
    expect(back.statusCode).toBe(200);
    const b = back.json();
    expect(b.Passed).toBe(true);
    const move = await t.call(`${S}/SetCutOffDay`, { ...b, Day: `${year - 1}-06-26`, Language: 'en-GB' }, admin);
    expect(move.statusCode).toBe(422);
    expect(move.json().message).toBe(
      `The cut-off day ${year - 1}-06-25 has passed: the period is closed and cannot change`,
    );
    expect((await t.call(`${S}/DeleteCutOffDay`, { IDs: [b.CutOffDayID] }, admin)).statusCode).toBe(422);
    // This month's day, while still open, cannot be moved to a day already gone.
    const month = Number(today().slice(5, 7));
    const current = (await t.call(`${S}/GetCutOffDay`, { Year: year, Month: month }, admin)).json().Rows[0];
    const firstOfMonth = `${today().slice(0, 7)}-01`;
    if (!current.Passed && firstOfMonth < today()) {
      expect(fieldsOf(await t.call(`${S}/SetCutOffDay`, { ...current, Day: firstOfMonth }, admin))).toEqual(['Day']);
    }
    expect(fieldsOf(await t.call(`${S}/SetCutOffDay`, { Year: next, Month: 2, Day: `${next}-02-30` }, admin))).toEqual([
      'Day',
    ]);
  });
});
