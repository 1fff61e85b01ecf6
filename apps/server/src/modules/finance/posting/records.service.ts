import type {
  AuditTrailRow,
  FinanceDocumentRow,
  LoadDocumentDataBody,
  LoadRecordDataBody,
  LoadRemitDataBody,
  RecordRow,
  RemitRow,
  SearchAuditTrailLogBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { Db } from '../../../core/db';
import { forbidden } from '../../../core/errors';
import { EXPORT_PAGE } from '../../../core/export';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { shownAccount, type Viewer } from '../../../core/masking';
import { glAccount } from '../entries/accounts';
import * as repo from './records.repository';

/** Exports read at most this many rows; a larger export is narrowed by its filters. */
const EXPORT_ROWS = 200_000;

/**
 * Every row of a list for its export, a keyset page at a time (each page after the last id read), so a deep
 * export costs what its first page does and never sits in memory whole.
 */
async function* keyset<R, T>(
  page: (afterId: number | undefined) => PromiseLike<R[]>,
  idOf: (r: R) => number,
  convert: (rows: R[]) => Promise<T[]> | T[],
): AsyncGenerator<T> {
  let after: number | undefined;
  for (let read = 0; read < EXPORT_ROWS; ) {
    const rows = await page(after);
    read += rows.length;
    yield* await convert(rows);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE) return;
    after = idOf(last);
  }
}

function toDocumentRow(r: repo.DocumentRow, actor: Actor): FinanceDocumentRow {
  const d = r.d;
  return {
    ID: d.id,
    DocNo: d.docNo,
    DocType: d.docType,
    Status: d.status,
    ApplicantCode: r.applicantCode,
    ApplicantName: localName(actor.culture, r.applicantZh, r.applicantEn),
    Currency: d.currency,
    TotalAmount: d.totalAmount,
    TotalAmountCNY: d.totalAmountCny,
    ApprovedAt: d.approvedAt?.toISOString() ?? null,
    ErpDocNo: r.erpDocNo,
  };
}

export async function loadDocuments(db: Db, actor: Actor, q: LoadDocumentDataBody) {
  const { rows, ...total } = await repo.documents(db, actor.companyId, q);
  return { ...total, Rows: rows.map((r) => toDocumentRow(r, actor)) };
}

export function exportDocuments(db: Db, actor: Actor, q: LoadDocumentDataBody) {
  return keyset(
    (after) => repo.documentsAfter(db, actor.companyId, q, after),
    (r) => r.d.id,
    (rows) => rows.map((r) => toDocumentRow(r, actor)),
  );
}

export async function loadRecords(db: Db, actor: Actor, q: LoadRecordDataBody) {
  const { rows, ...total } = await repo.vouchers(db, actor.companyId, q);
  return { ...total, Rows: await withEntries(db, rows) };
}

export function exportRecords(db: Db, actor: Actor, q: LoadRecordDataBody) {
  return keyset(
    (after) => repo.vouchersAfter(db, actor.companyId, q, after),
    (r) => r.v.id,
    (rows) => withEntries(db, rows),
  );
}

async function withEntries(db: Db, rows: { v: repo.VoucherRow; docNo: string | null }[]): Promise<RecordRow[]> {
  const entries = await repo.entries(
    db,
    rows.map((r) => r.v.id),
  );
  const byVoucher = new Map<number, RecordRow['Entries']>();
  for (const e of entries) {
    const list = byVoucher.get(e.e.voucherId) ?? [];
    list.push({
      LineNo: e.e.lineNo,
      Side: e.e.side,
      GLAccount: e.e.glAccount,
      Amount: e.e.amount,
      Currency: e.e.currency,
      AmountOriginal: e.e.amountOriginal,
      CostCentreCode: e.costCentre,
      InternalOrderCode: e.internalOrder,
      ProductCode: e.product,
      EmployeeCode: e.employee,
      Text: e.e.text,
    });
    byVoucher.set(e.e.voucherId, list);
  }
  const out: RecordRow[] = rows.map(({ v, docNo }) => ({
    VoucherID: v.id,
    DocumentID: v.documentId,
    DocNo: docNo,
    Kind: v.kind,
    State: v.state,
    PostingDate: v.postingDate,
    Period: v.period,
    Amount: v.amount,
    PostingRef: v.postingRef,
    ErpDocNo: v.erpDocNo,
    LastError: v.lastError,
    Entries: byVoucher.get(v.id) ?? [],
  }));
  return out;
}

function toRemitRow(r: repo.PayableRow, actor: Actor, viewer: Viewer): RemitRow {
  return {
    DocumentID: r.documentId,
    DocNo: r.docNo,
    Status: r.status,
    PayeeCode: r.payeeCode,
    PayeeName: localName(actor.culture, r.payeeZh, r.payeeEn),
    BankName: r.bankName,
    BankAccount: shownAccount(viewer, r.bankAccount),
    Amount: r.amount,
    ErpDocNo: r.erpDocNo,
  };
}

export async function loadRemit(db: Db, actor: Actor, q: LoadRemitDataBody, viewer: Viewer) {
  const payable = await glAccount(db, actor.companyId, 'payable');
  const { rows, ...total } = await repo.payables(db, actor.companyId, payable, q);
  return { ...total, Rows: rows.map((r) => toRemitRow(r, actor, viewer)) };
}

/** Every payable of the filter, a page of documents at a time after the last one read. */
export async function* exportRemit(db: Db, actor: Actor, q: LoadRemitDataBody, viewer: Viewer) {
  const payable = await glAccount(db, actor.companyId, 'payable');
  let after: number | undefined;
  for (let read = 0; read < EXPORT_ROWS; ) {
    const page = await repo.payablesAfter(db, actor.companyId, payable, q, after);
    read += page.rows.length;
    for (const r of page.rows) yield toRemitRow(r, actor, viewer);
    if (!page.full || page.lastId === undefined) return;
    after = page.lastId;
  }
}

/** Every record of the company only for a user who holds the audit-log report (auditLogs). */
function assertAuditScope(user: SessionUser, q: SearchAuditTrailLogBody) {
  if (q.All && !user.functions.has('auditLogs')) throw forbidden();
}

export async function auditTrail(db: Db, user: SessionUser, actor: Actor, q: SearchAuditTrailLogBody) {
  assertAuditScope(user, q);
  const { rows, ...total } = await repo.auditTrail(db, actor.companyId, q);
  return { ...total, Rows: rows.map((r) => toAuditRow(r, actor)) };
}

export function exportAuditTrail(db: Db, user: SessionUser, actor: Actor, q: SearchAuditTrailLogBody) {
  assertAuditScope(user, q);
  return keyset(
    (after) => repo.auditAfter(db, actor.companyId, q, after),
    (r) => r.a.id,
    (rows) => rows.map((r) => toAuditRow(r, actor)),
  );
}

function toAuditRow(r: repo.AuditRow, actor: Actor): AuditTrailRow {
  return {
    ID: r.a.id,
    At: r.a.at.toISOString(),
    ActorName: r.actorZh === null ? null : localName(actor.culture, r.actorZh, r.actorEn ?? r.actorZh),
    Action: r.a.action,
    Entity: r.a.entity,
    EntityID: r.a.entityId,
    DocNo: r.docNo,
    Detail: r.a.detail === null ? null : JSON.stringify(r.a.detail),
    RequestID: r.a.requestId,
  };
}
