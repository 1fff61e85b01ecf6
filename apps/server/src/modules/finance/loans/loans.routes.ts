import {
  CancelLoanWriteOffBody,
  type Culture,
  DocumentDetail,
  ExportLoanAccountBody,
  ExportLoanPostingBody,
  Id,
  LoanAccountPage,
  type LoanAccountRow,
  LoanBatchResult,
  LoanEmployeeRow,
  LoanIdBody,
  LoanMovementList,
  LoanPostingActionBody,
  LoanPostingRow,
  pageOf,
  RepayLoanBody,
  SearchLoanAccountBody,
  SearchLoanPostingBody,
  Version,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { type ExportColumn, sendXlsx } from '../../../core/export';
import { currentUser, postGroup } from '../../../core/http';
import { ACTION_ROUTES } from '../../documents/lifecycle/document.policy';
import * as posting from './loan-posting.service';
import * as loans from './loans.service';

const tags = ['finance-loans'];
const SCREEN = 'loanAccountManagement';
const DocumentVersionBody = z.object({ ID: Id, Version });

export async function loanRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const t = (culture: Culture, key: string) => ctx.messages.t(key, culture);

  const account = postGroup(app, { base: '/api/LoanAccount', permission: SCREEN, tags });
  account(
    'Search',
    {
      summary: 'Booked loans with balance, pending write-offs and ageing, paged, with the balance per ageing bucket',
      body: SearchLoanAccountBody,
      response: LoanAccountPage,
    },
    async (req) => loans.searchAccounts(ctx.db, actorOf(req), req.body),
  );
  account(
    'SearchEmployee',
    {
      summary: 'Loan balances per person, with their ageing',
      body: SearchLoanAccountBody,
      response: pageOf(LoanEmployeeRow),
    },
    async (req) => loans.searchEmployees(ctx.db, actorOf(req), req.body),
  );
  account(
    'Export',
    { summary: 'The loan accounts with the same filters and sort as Excel', body: ExportLoanAccountBody },
    async (req, reply) => {
      const rows = await loans.exportAccounts(ctx.db, actorOf(req), req.body);
      return sendXlsx(
        reply,
        `${t(req.culture, `menu.account.${SCREEN}`)}.xlsx`,
        SCREEN,
        accountColumns(req.culture),
        rows,
      );
    },
  );
  account(
    'Movements',
    { summary: 'One loan’s account and every movement of its balance', body: LoanIdBody, response: LoanMovementList },
    async (req) => loans.movements(ctx.db, actorOf(req), req.body.LoanID),
  );
  account(
    'Repay',
    {
      summary: 'Record money the employee paid back: a repayment voucher (bank to advance) queued to the ERP',
      body: RepayLoanBody,
      response: LoanMovementList,
    },
    async (req) => loans.repay(ctx.db, actorOf(req), req.body),
  );
  account(
    'CancelWriteOff',
    {
      summary:
        'Reverse a deputy’s write-off of a loan, with a reason: the amount is owed again, a reversing voucher queued',
      body: CancelLoanWriteOffBody,
      response: LoanMovementList,
    },
    async (req) => loans.cancelWriteOff(ctx.db, actorOf(req), req.body),
  );

  const loanPosting = postGroup(app, { base: '/api/LoanPosting', permission: SCREEN, tags });
  loanPosting(
    'Search',
    {
      summary: 'Loans to post, being posted, refused by the ERP, posted and paid, with their voucher',
      body: SearchLoanPostingBody,
      response: pageOf(LoanPostingRow),
    },
    async (req) => posting.search(ctx.db, actorOf(req), req.body),
  );
  loanPosting(
    'StartPosting',
    { summary: 'Queue the picked loans’ vouchers to the ERP', body: LoanPostingActionBody, response: LoanBatchResult },
    async (req) => posting.startPosting(ctx, actorOf(req), req.body.IDs),
  );
  loanPosting(
    'ResendPosting',
    {
      summary: 'Send the picked loans the ERP refused again',
      body: LoanPostingActionBody,
      response: LoanBatchResult,
    },
    async (req) => posting.resendPosting(ctx, currentUser(req), actorOf(req), req.body.IDs),
  );
  loanPosting(
    'Payed',
    { summary: 'Mark the picked posted loans paid', body: LoanPostingActionBody, response: LoanBatchResult },
    async (req) => posting.payed(ctx, currentUser(req), actorOf(req), req.body.IDs),
  );
  loanPosting(
    'Export',
    { summary: 'The loan posting list of a tab as Excel', body: ExportLoanPostingBody },
    async (req, reply) => {
      const rows = await posting.exportRows(ctx.db, actorOf(req), req.body);
      return sendXlsx(
        reply,
        `${t(req.culture, 'loans.posting.title')}.xlsx`,
        'loans',
        postingColumns(req.culture),
        rows,
      );
    },
  );

  const doc = postGroup(app, { base: '/api/document', permission: ACTION_ROUTES.mark_paid.permission, tags });
  for (const docType of ['loan', 'deputy'] as const) {
    doc(
      docType === 'loan' ? 'PayedForLoan' : 'PayedForDeputy',
      { summary: `Mark a posted ${docType} paid`, body: DocumentVersionBody, response: DocumentDetail },
      async (req) =>
        posting.payedFor(ctx, currentUser(req), {
          id: req.body.ID,
          version: req.body.Version,
          docType,
          requestId: String(req.id),
          culture: req.culture,
        }),
    );
  }
  doc(
    'OnlyAirTicketCompleted',
    {
      summary: 'Close a posted deputy with nothing to pay: air tickets only, or fully offset against loans',
      body: DocumentVersionBody,
      response: DocumentDetail,
      permission: ACTION_ROUTES.complete_unpaid.permission,
    },
    async (req) =>
      posting.completeUnpaid(ctx, currentUser(req), {
        id: req.body.ID,
        version: req.body.Version,
        requestId: String(req.id),
        culture: req.culture,
      }),
  );

  function accountColumns(culture: Culture): ExportColumn<LoanAccountRow>[] {
    const h = (k: string) => t(culture, `loans.field.${k}`);
    return [
      { header: h('docNo'), width: 20, value: (r) => r.DocNo },
      { header: h('employeeCode'), width: 14, value: (r) => r.EmployeeCode },
      { header: h('employeeName'), width: 16, value: (r) => r.EmployeeName },
      { header: h('team'), width: 24, value: (r) => r.TeamName },
      { header: h('status'), width: 12, value: (r) => t(culture, `doc.status.${r.Status}`) },
      { header: h('approvedOn'), width: 12, value: (r) => r.ApprovedOn },
      { header: h('dueDate'), width: 12, value: (r) => r.DueDate },
      { header: h('ageDays'), width: 10, value: (r) => r.AgeDays },
      { header: h('bucket'), width: 12, value: (r) => t(culture, `loans.bucket.${r.Bucket}`) },
      { header: h('total'), width: 14, value: (r) => r.Total },
      { header: h('writtenOff'), width: 14, value: (r) => r.WrittenOff },
      { header: h('repaid'), width: 14, value: (r) => r.Repaid },
      { header: h('balance'), width: 14, value: (r) => r.Balance },
      { header: h('pending'), width: 14, value: (r) => r.Pending },
      { header: h('open'), width: 14, value: (r) => r.Open },
    ];
  }

  function postingColumns(culture: Culture): ExportColumn<LoanPostingRow>[] {
    const h = (k: string) => t(culture, `loans.field.${k}`);
    return [
      { header: h('docNo'), width: 20, value: (r) => r.DocNo },
      { header: h('employeeCode'), width: 14, value: (r) => r.EmployeeCode },
      { header: h('employeeName'), width: 16, value: (r) => r.EmployeeName },
      { header: h('total'), width: 14, value: (r) => r.Amount },
      { header: h('status'), width: 12, value: (r) => t(culture, `doc.status.${r.Status}`) },
      { header: h('approvedOn'), width: 12, value: (r) => r.ApprovedOn },
      { header: h('postingDate'), width: 12, value: (r) => r.PostingDate },
      { header: h('erpDocNo'), width: 14, value: (r) => r.ErpDocNo },
      { header: h('lastError'), width: 40, value: (r) => r.LastError },
    ];
  }
}
