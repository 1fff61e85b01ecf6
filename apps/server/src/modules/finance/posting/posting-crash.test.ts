import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { concurrencyDescribe, concurrencyTest } from '../../../../test/concurrency';
import { eventually } from '../../../../test/jobs';
import { copyOfTemplate, type ServerProcess, startServerProcess } from '../../../../test/processes';
import { type Database, openDatabase } from '../../../core/db';
import { document } from '../../documents/document.table';
import { outboundJob } from '../../outbound/outbound.table';
import { voucher } from '../entries/entries.table';
import { writeVoucher } from '../entries/voucher.service';
import { erpCallLog } from './posting.table';

// Exactly once across a crash: the ERP books a voucher, and the server process dies before it records the answer.
// A new process finds the abandoned job, sends the voucher again under the same posting reference, and the ERP
// answers the booking it already has: one ERP document per voucher.

let database: Awaited<ReturnType<typeof copyOfTemplate>>;
let db: Database;
const servers: ServerProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'ems-erp-crash-'));

/** The customer's SAP middleware as the HTTP adapter expects it, idempotent by the Idempotency-Key header. */
const booked = new Map<string, string>();
const received: string[] = [];
let crashOnNext: ServerProcess | null = null;
const erp = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (c) => (body += String(c)));
  req.on('end', () => {
    const key = String(req.headers['idempotency-key']);
    received.push(key);
    if (!booked.has(key)) booked.set(key, String(4_900_000_000 + booked.size));
    const victim = crashOnNext;
    if (victim) {
      // Booked; the process that asked dies before any answer reaches it.
      crashOnNext = null;
      victim.child.kill('SIGKILL');
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ DocumentNo: booked.get(key) }));
  });
});

const env = () => ({
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  JWT_SECRET: 'one-secret-for-every-process-of-the-app-0123456789',
  ERP_URL: `http://127.0.0.1:${(erp.address() as AddressInfo).port}`,
  // Abandoned calls come back within seconds instead of minutes.
  JOB_EXPIRE_SECONDS: '3',
  JOB_MAINTENANCE_SECONDS: '1',
  JOB_RETRY_DELAY_SECONDS: '1',
});

beforeAll(async () => {
  await new Promise<void>((r) => erp.listen(0, '127.0.0.1', r));
  database = await copyOfTemplate();
  db = await openDatabase({ url: database.url });
  // Only this test's voucher goes to the ERP stand-in: the demo's own calls still waiting (its remitted run's
  // payment voucher) are taken out of the copy.
  await db.db.delete(outboundJob).where(and(isNull(outboundJob.relayedAt), eq(outboundJob.queue, 'erp')));
}, 60_000);
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await db?.close();
  await database?.drop();
  erp.closeAllConnections();
  await new Promise((r) => erp.close(r));
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(server: ServerProcess) {
  const res = await fetch(`${server.baseUrl}/api/auth/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'finance', password: 'Passw0rd!', CompanyID: '1' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

concurrencyDescribe('a worker that dies between sending and recording', () => {
  concurrencyTest(
    'leaves one ERP document per voucher after a restart',
    async () => {
      // A claim of the demo data, past review, with its voucher.
      const [d] = await db.db
        .select()
        .from(document)
        .where(and(eq(document.companyId, 1), eq(document.docType, 'deputy')))
        .limit(1);
      expect(d).toBeDefined();
      const v = await db.db.transaction(async (tx) => {
        await tx.update(document).set({ status: 'to_post' }).where(eq(document.id, d!.id));
        return writeVoucher(tx, {
          companyId: 1,
          documentId: d!.id,
          kind: 'expense',
          postingDate: '2026-11-20',
          period: '2026-11',
          entries: [
            { side: 'D', glAccount: '66020101', amount: '100.00', text: d!.docNo },
            { side: 'C', glAccount: '224101', amount: '100.00', employeeId: d!.applicantId, text: d!.docNo },
          ],
        });
      });

      const first = await startServerProcess(env());
      servers.push(first);
      await first.ready(60_000);
      crashOnNext = first;
      const begun = await fetch(`${first.baseUrl}/api/SumitExpense/BeginBatch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await signIn(first)}` },
        body: JSON.stringify({ IDs: [d!.id] }),
      });
      expect(begun.status, await begun.clone().text()).toBe(200);
      expect(((await begun.json()) as { Queued: number }).Queued).toBe(1);
      await first.exited;
      expect(booked.size).toBe(1);
      const [mid] = await db.db.select().from(voucher).where(eq(voucher.id, v.id));
      // Killed before recording: the voucher is still on its way, the RFC log holds the request with no answer.
      expect(mid!.state).toBe('queued');
      expect(
        (await db.db.select().from(erpCallLog).where(eq(erpCallLog.voucherId, v.id))).map((c) => c.outcome),
      ).toEqual(['pending']);

      const second = await startServerProcess(env());
      servers.push(second);
      await second.ready(60_000);
      await eventually(async () => {
        const [row] = await db.db.select().from(voucher).where(eq(voucher.id, v.id));
        expect(row!.state).toBe('posted');
      }, 60_000);

      const [after] = await db.db.select().from(voucher).where(eq(voucher.id, v.id));
      expect(after!.erpDocNo).toBe(booked.get(v.postingRef));
      expect(received.filter((k) => k === v.postingRef)).toHaveLength(2);
      expect(booked.size).toBe(1);
      const [doc] = await db.db.select().from(document).where(eq(document.id, d!.id));
      expect(doc!.status).toBe('posted');
      const calls = await db.db.select().from(erpCallLog).where(eq(erpCallLog.voucherId, v.id)).orderBy(erpCallLog.id);
      expect(calls.map((c) => c.outcome)).toEqual(['pending', 'ok']);
      expect(calls[1]!.erpDocNo).toBe(after!.erpDocNo);
    },
    180_000,
  );
});
