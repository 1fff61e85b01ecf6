import type { ErpCallRow } from '@ems/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { document } from '../../documents/document.table';
import { erpCallLog } from './posting.table';

/** The RFC log's rows: one per request to the ERP, its response beside it. */

export async function start(
  db: Db,
  v: {
    companyId: number;
    voucherId: number;
    documentId: number | null;
    outboundJobId: number | null;
    postingRef: string;
    gateway: string;
    request: unknown;
  },
) {
  const [row] = await db.insert(erpCallLog).values(v).returning({ id: erpCallLog.id });
  return row!.id;
}

export async function finish(
  db: Db,
  id: number,
  v: {
    outcome: 'ok' | 'refused' | 'unreachable';
    response: unknown;
    erpDocNo?: string | null;
    error?: string | null;
    durationMs: number;
  },
) {
  await db
    .update(erpCallLog)
    .set({
      outcome: v.outcome,
      response: v.response ?? null,
      erpDocNo: v.erpDocNo ?? null,
      error: v.error ?? null,
      durationMs: v.durationMs,
      finishedAt: new Date(),
    })
    .where(eq(erpCallLog.id, id));
}

const columns = { c: erpCallLog, docNo: document.docNo };
type CallRow = { c: typeof erpCallLog.$inferSelect; docNo: string | null };

export async function ofJobs(db: Db, companyId: number, jobIds: number[]) {
  if (jobIds.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(erpCallLog)
    .leftJoin(document, eq(document.id, erpCallLog.documentId))
    .where(and(eq(erpCallLog.companyId, companyId), inArray(erpCallLog.outboundJobId, jobIds)))
    .orderBy(desc(erpCallLog.id));
  return rows.map((r) => ({ ...r, outboundJobId: r.c.outboundJobId }));
}

/** Every call for one voucher, newest first. */
export async function ofVoucher(db: Db, voucherId: number) {
  return db
    .select(columns)
    .from(erpCallLog)
    .leftJoin(document, eq(document.id, erpCallLog.documentId))
    .where(eq(erpCallLog.voucherId, voucherId))
    .orderBy(desc(erpCallLog.id));
}

export function toRow(r: CallRow): ErpCallRow {
  const c = r.c;
  return {
    ID: c.id,
    VoucherID: c.voucherId,
    DocNo: r.docNo,
    PostingRef: c.postingRef,
    Gateway: c.gateway,
    Outcome: c.outcome,
    ErpDocNo: c.erpDocNo,
    Error: c.error,
    Request: JSON.stringify(c.request),
    Response: c.response === null ? null : JSON.stringify(c.response),
    DurationMs: c.durationMs,
    StartedAt: c.startedAt.toISOString(),
  };
}
