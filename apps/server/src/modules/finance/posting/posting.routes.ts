import {
  AuditTrailRow,
  BeginBatchBody,
  type Culture,
  FinanceDocumentRow,
  GetBatchRecordBody,
  LoadDocumentDataBody,
  LoadRecordDataBody,
  LoadRemitDataBody,
  PostingBatchPage,
  PostingBatchResult,
  PostingCount,
  type PostingOrderRow,
  PostingOrderRow as PostingOrderRowSchema,
  PostingSettings,
  pageOf,
  RecordRow,
  RemitRow,
  ResendPostingBody,
  SavePostingSettingsBody,
  SearchAuditTrailLogBody,
  SearchOrderDataBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { type ExportColumn, sendXlsx } from '../../../core/export';
import { currentUser, postGroup } from '../../../core/http';
import * as posting from './posting.service';
import * as records from './records.service';
import * as settings from './settings.service';

/** The posting centre's screen (entry management): every call here is its function. */
const SCREEN = 'postIntoAccount';
const tags = ['finance posting'];

/** Posting batches to the ERP (DESIGN §12) and the entry-management lists of the `postIntoAccount` screen. */
export async function postingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  posting.configureErpGateway(ctx.config);
  const t = (culture: Culture, key: string) => ctx.messages.t(key, culture);
  const h = (culture: Culture) => (k: string) => t(culture, `posting.field.${k}`);
  const stateName = (culture: Culture, s: string) => t(culture, `doc.status.${s}`);

  const batch = postGroup(app, { base: '/api/SumitExpense', permission: SCREEN, tags });
  batch(
    'SearchOrderData',
    {
      summary: 'Claims waiting for the ERP, failed or posted, with their vouchers’ posting state, paged',
      body: SearchOrderDataBody,
      response: pageOf(PostingOrderRowSchema),
    },
    async (req) => posting.searchOrders(ctx.db, actorOf(req), req.body),
  );
  batch(
    'GetCount',
    {
      summary: 'How many claims wait, are on their way, failed and were posted',
      body: z.object({}),
      response: PostingCount,
    },
    async (req) => posting.countOrders(ctx.db, actorOf(req)),
  );
  batch(
    'GetBatchRecord',
    {
      summary: 'Posting batches newest first with their results; with BatchID that batch’s claims',
      body: GetBatchRecordBody,
      response: PostingBatchPage,
    },
    async (req) => posting.batchRecord(ctx.db, actorOf(req), req.body),
  );
  batch(
    'BeginBatch',
    {
      summary: 'Group the selected (or all) waiting claims into a batch and send their vouchers to the ERP',
      body: BeginBatchBody,
      response: PostingBatchResult,
    },
    async (req) => posting.beginBatch(ctx.db, currentUser(req), actorOf(req), req.body),
  );
  batch(
    'ResendPosting',
    {
      summary: 'Send failed claims again: back to waiting (resend) and queued in a new batch',
      body: ResendPostingBody,
      response: PostingBatchResult,
    },
    async (req) =>
      posting.beginBatch(
        ctx.db,
        currentUser(req),
        actorOf(req),
        { IDs: req.body.IDs, All: false },
        { onlyFailed: true },
      ),
  );
  batch(
    'GetSettings',
    {
      summary: 'The GL accounts postings use (technical parameters, read-only) and the ERP posting settings',
      body: z.object({}),
      response: PostingSettings,
    },
    async (req) => settings.settings(ctx.db, actorOf(req)),
  );
  batch(
    'SaveSettings',
    {
      summary: 'Save the document type of each voucher kind and the fields the ERP requires',
      body: SavePostingSettingsBody,
      response: PostingSettings,
    },
    async (req) => settings.saveSettings(ctx.db, actorOf(req), req.body),
  );
  batch(
    'ExportExcel',
    { summary: 'The claims of the list’s view and filters as Excel', body: SearchOrderDataBody },
    async (req, reply) => {
      const rows = await posting.exportOrders(ctx.db, actorOf(req), req.body);
      const c = req.culture;
      const cols: ExportColumn<PostingOrderRow>[] = [
        { header: h(c)('docNo'), width: 18, value: (r) => r.DocNo },
        { header: h(c)('status'), width: 12, value: (r) => stateName(c, r.Status) },
        { header: h(c)('applicantCode'), width: 12, value: (r) => r.ApplicantCode },
        { header: h(c)('applicantName'), width: 14, value: (r) => r.ApplicantName },
        { header: h(c)('amountCny'), width: 14, value: (r) => r.TotalAmountCNY },
        {
          header: h(c)('voucherState'),
          width: 12,
          value: (r) => (r.VoucherState ? t(c, `posting.voucherState.${r.VoucherState}`) : ''),
        },
        { header: h(c)('postingDate'), width: 12, value: (r) => r.PostingDate },
        { header: h(c)('period'), width: 10, value: (r) => r.Period },
        { header: h(c)('erpDocNo'), width: 14, value: (r) => r.ErpDocNo },
        { header: h(c)('lastError'), width: 40, value: (r) => r.LastError },
      ];
      return sendXlsx(reply, `${t(c, 'posting.file.orders')}.xlsx`, 'posting', cols, rows);
    },
  );

  const doc = postGroup(app, { base: '/api/document', permission: SCREEN, tags });
  doc(
    'LoadDocumentData',
    {
      permission: [SCREEN, 'documentList'],
      summary: 'Loans and claims in finance’s hands, with their ERP number',
      body: LoadDocumentDataBody,
      response: pageOf(FinanceDocumentRow),
    },
    async (req) => records.loadDocuments(ctx.db, actorOf(req), req.body),
  );
  doc(
    'ExportDocumentData',
    { permission: [SCREEN, 'documentList'], summary: 'The documents list as Excel', body: LoadDocumentDataBody },
    async (req, reply) => {
      const Rows = records.exportDocuments(ctx.db, actorOf(req), req.body);
      const c = req.culture;
      const cols: ExportColumn<FinanceDocumentRow>[] = [
        { header: h(c)('docNo'), width: 18, value: (r) => r.DocNo },
        { header: h(c)('docType'), width: 10, value: (r) => t(c, `posting.docType.${r.DocType}`) },
        { header: h(c)('status'), width: 12, value: (r) => stateName(c, r.Status) },
        { header: h(c)('applicantCode'), width: 12, value: (r) => r.ApplicantCode },
        { header: h(c)('applicantName'), width: 14, value: (r) => r.ApplicantName },
        { header: h(c)('currency'), width: 8, value: (r) => r.Currency },
        { header: h(c)('amount'), width: 14, value: (r) => r.TotalAmount },
        { header: h(c)('amountCny'), width: 14, value: (r) => r.TotalAmountCNY },
        { header: h(c)('approvedAt'), width: 20, value: (r) => r.ApprovedAt },
        { header: h(c)('erpDocNo'), width: 14, value: (r) => r.ErpDocNo },
      ];
      return sendXlsx(reply, `${t(c, 'posting.file.documents')}.xlsx`, 'documents', cols, Rows);
    },
  );
  doc(
    'LoadRecordData',
    {
      permission: [SCREEN, 'financialVouchers'],
      summary: 'Vouchers with their accounting entries and posting state',
      body: LoadRecordDataBody,
      response: pageOf(RecordRow),
    },
    async (req) => records.loadRecords(ctx.db, actorOf(req), req.body),
  );
  doc(
    'ExportRecordData',
    {
      permission: [SCREEN, 'financialVouchers'],
      summary: 'The accounting entries, one row per entry line, as Excel',
      body: LoadRecordDataBody,
    },
    async (req, reply) => {
      const vouchers = records.exportRecords(ctx.db, actorOf(req), req.body);
      const c = req.culture;
      type Line = { v: RecordRow; e: RecordRow['Entries'][number] };
      const lines = (async function* (): AsyncGenerator<Line> {
        for await (const v of vouchers) for (const e of v.Entries) yield { v, e };
      })();
      const cols: ExportColumn<Line>[] = [
        { header: h(c)('voucherId'), width: 10, value: (r) => r.v.VoucherID },
        { header: h(c)('docNo'), width: 18, value: (r) => r.v.DocNo },
        { header: h(c)('kind'), width: 12, value: (r) => t(c, `posting.kind.${r.v.Kind}`) },
        { header: h(c)('voucherState'), width: 10, value: (r) => t(c, `posting.voucherState.${r.v.State}`) },
        { header: h(c)('postingDate'), width: 12, value: (r) => r.v.PostingDate },
        { header: h(c)('period'), width: 10, value: (r) => r.v.Period },
        { header: h(c)('erpDocNo'), width: 14, value: (r) => r.v.ErpDocNo },
        { header: h(c)('lineNo'), width: 6, value: (r) => r.e.LineNo },
        { header: h(c)('side'), width: 6, value: (r) => t(c, `posting.side.${r.e.Side}`) },
        { header: h(c)('glAccount'), width: 12, value: (r) => r.e.GLAccount },
        { header: h(c)('amountCny'), width: 14, value: (r) => r.e.Amount },
        { header: h(c)('currency'), width: 8, value: (r) => r.e.Currency },
        { header: h(c)('amountOriginal'), width: 14, value: (r) => r.e.AmountOriginal },
        { header: h(c)('costCentre'), width: 12, value: (r) => r.e.CostCentreCode },
        { header: h(c)('internalOrder'), width: 12, value: (r) => r.e.InternalOrderCode },
        { header: h(c)('product'), width: 12, value: (r) => r.e.ProductCode },
        { header: h(c)('employee'), width: 12, value: (r) => r.e.EmployeeCode },
        { header: h(c)('text'), width: 30, value: (r) => r.e.Text },
      ];
      return sendXlsx(reply, `${t(c, 'posting.file.records')}.xlsx`, 'entries', cols, lines);
    },
  );
  doc(
    'LoadRemitData',
    {
      permission: [SCREEN, 'paymentVoucher'],
      summary: 'What posted claims owe each payee, with the payee’s bank account',
      body: LoadRemitDataBody,
      response: pageOf(RemitRow),
    },
    async (req) => records.loadRemit(ctx.db, actorOf(req), req.body, currentUser(req)),
  );
  doc(
    'ExportRemitData',
    { permission: [SCREEN, 'paymentVoucher'], summary: 'The remittance list as Excel', body: LoadRemitDataBody },
    async (req, reply) => {
      const Rows = records.exportRemit(ctx.db, actorOf(req), req.body, currentUser(req));
      const c = req.culture;
      const cols: ExportColumn<RemitRow>[] = [
        { header: h(c)('docNo'), width: 18, value: (r) => r.DocNo },
        { header: h(c)('status'), width: 12, value: (r) => stateName(c, r.Status) },
        { header: h(c)('payeeCode'), width: 12, value: (r) => r.PayeeCode },
        { header: h(c)('payeeName'), width: 14, value: (r) => r.PayeeName },
        { header: h(c)('bankName'), width: 20, value: (r) => r.BankName },
        { header: h(c)('bankAccount'), width: 22, value: (r) => r.BankAccount },
        { header: h(c)('amountCny'), width: 14, value: (r) => r.Amount },
        { header: h(c)('erpDocNo'), width: 14, value: (r) => r.ErpDocNo },
      ];
      return sendXlsx(reply, `${t(c, 'posting.file.remit')}.xlsx`, 'remittance', cols, Rows);
    },
  );
  doc(
    'SearchAuditTrailLog',
    {
      permission: [SCREEN, 'auditLogs'],
      summary: 'Finance’s audit trail: its records and the documents’ finance actions, newest first',
      body: SearchAuditTrailLogBody,
      response: pageOf(AuditTrailRow),
    },
    async (req) => records.auditTrail(ctx.db, currentUser(req), actorOf(req), req.body),
  );
  doc(
    'ExportAuditTrailLog',
    { permission: [SCREEN, 'auditLogs'], summary: 'The audit trail as Excel', body: SearchAuditTrailLogBody },
    async (req, reply) => {
      const Rows = records.exportAuditTrail(ctx.db, currentUser(req), actorOf(req), req.body);
      const c = req.culture;
      const cols: ExportColumn<AuditTrailRow>[] = [
        { header: h(c)('at'), width: 22, value: (r) => r.At },
        { header: h(c)('actor'), width: 14, value: (r) => r.ActorName },
        { header: h(c)('action'), width: 16, value: (r) => r.Action },
        { header: h(c)('entity'), width: 16, value: (r) => r.Entity },
        { header: h(c)('entityId'), width: 10, value: (r) => r.EntityID },
        { header: h(c)('docNo'), width: 18, value: (r) => r.DocNo },
        { header: h(c)('detail'), width: 60, value: (r) => r.Detail },
        { header: h(c)('requestId'), width: 24, value: (r) => r.RequestID },
      ];
      return sendXlsx(reply, `${t(c, 'posting.file.audit')}.xlsx`, 'audit', cols, Rows);
    },
  );
}
