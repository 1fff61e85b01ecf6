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
import { localName } from '../../../core/i18n';
import { glAccount } from '../entries/accounts';
import * as repo from './records.repository';

/** Exports read at most this many rows; a larger export is narrowed by its filters. */
const EXPORT_ROWS = 20_000;
const all = <Q extends { PageIndex: number; PageSize: number }>(q: Q): Q => ({
  ...q,
  PageIndex: 1,
  PageSize: EXPORT_ROWS,
});

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

export async function loadDocuments(db: Db, actor: Actor, q: LoadDocumentDataBody, exporting = false) {
  const { total, rows } = await repo.documents(db, actor.companyId, exporting ? all(q) : q);
  return { Total: total, Rows: rows.map((r) => toDocumentRow(r, actor)) };
}

export async function loadRecords(db: Db, actor: Actor, q: LoadRecordDataBody, exporting = false) {
  const { total, rows } = await repo.vouchers(db, actor.companyId, exporting ? all(q) : q);
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
  return { Total: total, Rows: out };
}

export async function loadRemit(db: Db, actor: Actor, q: LoadRemitDataBody, exporting = false) {
  const payable = await glAccount(db, actor.companyId, 'payable');
  const { total, rows } = await repo.payables(db, actor.companyId, payable, exporting ? all(q) : q);
  return {
    Total: total,
    Rows: rows.map(
      (r): RemitRow => ({
        DocumentID: r.documentId,
        DocNo: r.docNo,
        Status: r.status,
        PayeeCode: r.payeeCode,
        PayeeName: localName(actor.culture, r.payeeZh, r.payeeEn),
        BankName: r.bankName,
        BankAccount: r.bankAccount,
        Amount: r.amount,
        ErpDocNo: r.erpDocNo,
      }),
    ),
  };
}

export async function auditTrail(db: Db, actor: Actor, q: SearchAuditTrailLogBody, exporting = false) {
  const { total, rows } = await repo.auditTrail(db, actor.companyId, exporting ? all(q) : q);
  return {
    Total: total,
    Rows: rows.map(
      (r): AuditTrailRow => ({
        ID: r.a.id,
        At: r.a.at.toISOString(),
        ActorName: r.actorZh === null ? null : localName(actor.culture, r.actorZh, r.actorEn ?? r.actorZh),
        Action: r.a.action,
        Entity: r.a.entity,
        EntityID: r.a.entityId,
        DocNo: r.docNo,
        Detail: r.a.detail === null ? null : JSON.stringify(r.a.detail),
        RequestID: r.a.requestId,
      }),
    ),
  };
}
