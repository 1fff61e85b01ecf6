import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplicaPair, replicaPair, replicaUnavailableReason } from '../../../scripts/replica.mjs';
import { type Config, loadConfig } from '../src/core/config';
import { type Database, openDatabase } from '../src/core/db';
import type { ReplicaLog } from '../src/core/replica';
import { seed } from '../src/db/seed';
import { type TestApp, testAppOn } from './app';
import { type Masters, saveDeputy } from './documents';
import { documentMasters } from './factories';

// Needs PostgreSQL's server programs to make a primary and its standby; the embedded database has no replica.
const unavailable = replicaUnavailableReason();

let pair: ReplicaPair;
let config: Config;
let t: TestApp;
let m: Masters;
let token: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Whether the handle's query ran on the standby (in recovery) rather than on the primary. */
async function inRecovery(db: Database['reportDb'] | Parameters<Parameters<Database['db']['transaction']>[0]>[0]) {
  const result = (await db.execute(sql`select pg_is_in_recovery() as r`)) as unknown as { rows: { r: boolean }[] };
  return result.rows[0]?.r;
}

/** The document numbers the view centre (report reads) and the personal list (the primary) show for one number. */
async function seen(docNo: string) {
  const viewCentre = await t.call('/api/DocumentViewCenter/SearchList', { Keyword: docNo }, token);
  const personal = await t.call('/api/document/SearchDocument', { Keyword: docNo }, token);
  expect(viewCentre.statusCode, viewCentre.body).toBe(200);
  expect(personal.statusCode, personal.body).toBe(200);
  const nos = (r: typeof viewCentre) => (r.json() as { Rows: { DocNo: string }[] }).Rows.map((row) => row.DocNo);
  return { viewCentre: nos(viewCentre), personal: nos(personal) };
}

async function exportedRows(docNo: string): Promise<number> {
  const res = await t.call('/api/DocumentViewCenter/DownloadList', { Keyword: docNo }, token);
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return (book.worksheets[0]?.actualRowCount ?? 1) - 1;
}

describe.skipIf(unavailable)(
  `report reads on a streaming replica${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    beforeAll(async () => {
      pair = await replicaPair();
      config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: 'nowhere',
        TOKEN_RATE_LIMIT_PER_MINUTE: '1000',
        DATABASE_URL: pair.primaryUrl(),
        REPLICA_DATABASE_URL: pair.standbyUrl(),
        // Back to the replica one second after a failure; replay is paused on purpose below, so no lag limit here.
        REPLICA_RETRY_SECONDS: '1',
        REPLICA_MAX_LAG_SECONDS: '0',
      });
      const primary = await openDatabase({ url: config.databaseUrl });
      await primary.migrate();
      await seed(primary.db, config);
      await primary.close();
      await pair.caughtUp();
      t = await testAppOn(config);
      m = await documentMasters(t.ctx.db);
      token = (await t.login('employee')).access_token;
    }, 90_000);
    afterAll(async () => {
      await t?.close();
      pair?.stop();
    });

    it('serves the view centre and its export from the replica, the personal list from the primary', async () => {
      expect(await inRecovery(t.ctx.reportDb)).toBe(true);
      expect(await inRecovery(t.ctx.db)).toBe(false);
      await pair.pauseReplay();
      try {
        const doc = await saveDeputy(t, m, token, '120.00', { Reason: '副本尚未重放' });
        // The applicant's own list sees the write at once; the replica, replay held, does not have it yet.
        expect(await seen(doc.DocNo)).toEqual({ viewCentre: [], personal: [doc.DocNo] });
        expect(await exportedRows(doc.DocNo)).toBe(0);
        await pair.resumeReplay();
        await pair.caughtUp();
        // Replayed is not always visible at the same instant to every connection of the replica: give it a moment.
        let after = await seen(doc.DocNo);
        for (let tries = 0; tries < 25 && after.viewCentre.length === 0; tries++) {
          await new Promise((r) => setTimeout(r, 200));
          after = await seen(doc.DocNo);
        }
        expect(after).toEqual({ viewCentre: [doc.DocNo], personal: [doc.DocNo] });
        expect(await exportedRows(doc.DocNo)).toBe(1);
      } finally {
        await pair.resumeReplay();
      }
    });

    it('leaves a wrong query to its caller: not run again on the primary, the replica still up', async () => {
      await expect(t.ctx.reportDb.execute(sql`select * from no_such_table`)).rejects.toMatchObject({
        cause: { code: '42P01' },
      });
      expect(t.ctx.database.replica?.health()).toMatchObject({ state: 'up' });
      expect(await inRecovery(t.ctx.reportDb)).toBe(true);
    });

    it('runs a transaction begun on the report handle on the primary', async () => {
      expect(await t.ctx.reportDb.transaction((tx) => inRecovery(tx))).toBe(false);
    });

    it('falls back to the primary while the replica is down, says so once, and returns to the replica', async () => {
      const replica = t.ctx.database.replica!;
      const logged: { level: string; msg: string }[] = [];
      const log: ReplicaLog = {
        info: (_o, msg) => logged.push({ level: 'info', msg }),
        warn: (_o, msg) => logged.push({ level: 'warn', msg }),
      };
      replica.reportTo(log);

      pair.stopStandby();
      const doc = await saveDeputy(t, m, token, '130.00', { Reason: '副本停机' });
      for (let i = 0; i < 3; i++) expect((await seen(doc.DocNo)).viewCentre).toEqual([doc.DocNo]);
      expect(replica.health()).toMatchObject({ state: 'down' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', replica: { state: 'down' } });
      // Past the retry time the replica is tried again, fails again, and nothing more is logged.
      await sleep(1100);
      expect((await seen(doc.DocNo)).viewCentre).toEqual([doc.DocNo]);
      expect(logged.map((l) => l.level)).toEqual(['warn']);

      pair.startStandby();
      await pair.caughtUp();
      await pair.pauseReplay();
      try {
        const later = await saveDeputy(t, m, token, '140.00', { Reason: '副本恢复' });
        await sleep(1100);
        // Only the replica, replay held, can miss the document the primary has.
        expect(await seen(later.DocNo)).toEqual({ viewCentre: [], personal: [later.DocNo] });
        expect(replica.health()).toMatchObject({ state: 'up' });
        expect(logged.map((l) => l.level)).toEqual(['warn', 'info']);
      } finally {
        await pair.resumeReplay();
      }
    });

    it('leaves reads to the primary while the replica is farther behind than the limit', async () => {
      const database = await openDatabase({
        url: pair.primaryUrl(),
        replica: { url: pair.standbyUrl(), retrySeconds: 1, maxLagSeconds: 1 },
      });
      try {
        database.replica!.reportTo({ info: () => undefined, warn: () => undefined });
        expect((await database.replica!.check()).state).toBe('up');
        await pair.pauseReplay();
        await database.db.execute(sql`create table replica_lag_probe (at timestamptz default now())`);
        await database.db.execute(sql`insert into replica_lag_probe default values`);
        await sleep(1500);
        const behind = await database.replica!.check();
        expect(behind.state).toBe('behind');
        expect(behind.lagSeconds).toBeGreaterThan(1);
        expect(await inRecovery(database.reportDb)).toBe(false);
        await pair.resumeReplay();
        await pair.caughtUp();
        expect(await database.replica!.check()).toMatchObject({ state: 'up', lagSeconds: 0 });
        expect(await inRecovery(database.reportDb)).toBe(true);
      } finally {
        await pair.resumeReplay();
        await database.close();
      }
    });
  },
);
