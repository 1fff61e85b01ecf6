import {
  BankReturnResult,
  CompleteAccountBody,
  CompleteAccountResult,
  ConfirmStepBody,
  DocumentPaymentBody,
  DocumentPaymentResult,
  GenerateDataBody,
  LoadMainExpenseDataBody,
  LoadMainExpenseDataResult,
  PaidDocumentRow,
  PaySuggestPage,
  pageOf,
  RemitBatchResult,
  RemitDocumentRow,
  RemitDocumentsBody,
  RemitPostingResult,
  RemitPostingRow,
  RemitRecordResult,
  RemitRun,
  ResendRemitPostingBody,
  ResendResult,
  RunIdBody,
  SavePostRemarkBody,
  SearchPaidBody,
  SearchPaySuggestBody,
  SearchRemitDocumentsBody,
  SearchRemitPostingBody,
  SearchRunsBody,
  TeamTree,
  TeamTreeBody,
  Version,
} from '@ems/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, postGroup } from '../../../core/http';
import { sendPdf } from '../../../core/pdf';
import { importReturn } from './bank-return.service';
import * as payments from './payments.service';
import { remittanceListPdf } from './remit-print.service';
import * as remittance from './remittance.service';

const clerkOf = (req: FastifyRequest): remittance.Clerk => ({ ...actorOf(req), user: currentUser(req) });
const RemitBody = RunIdBody.extend({ Version });

/**
 * The remittance (DESIGN §12): the six-step run, the payment postings it sends to the ERP, account completion of
 * paid documents and what to pay next.
 */
export async function remitRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['remittance'];
  const run = postGroup(app, { base: '/api/RemittancePosting', permission: 'expenseRemittance', tags });
  run(
    'GetTeamTree',
    { summary: 'The company’s teams, to find documents by', body: TeamTreeBody, response: TeamTree },
    async (req) => remittance.teams(ctx.db, clerkOf(req)),
  );
  run(
    'LoadMainExpenseData',
    {
      summary: 'A run, or the company’s unfinished run to resume at its step, or none',
      body: LoadMainExpenseDataBody,
      response: LoadMainExpenseDataResult,
    },
    async (req) => remittance.load(ctx.db, clerkOf(req), req.body.RunID),
  );
  run(
    'GenerateData',
    {
      summary: 'Step 1, set way: open a run, or change its way (regenerates the list and entries; needs Confirm)',
      body: GenerateDataBody,
      response: RemitRun,
    },
    async (req) => remittance.generate(ctx, clerkOf(req), req.body),
  );
  run(
    'SearchDocuments',
    {
      summary: 'Posted documents no run holds, or the documents of a run, with payee and payable',
      body: SearchRemitDocumentsBody,
      response: pageOf(RemitDocumentRow),
      permission: ['expenseRemittance', 'PaymentManage'],
    },
    async (req) => remittance.searchDocuments(ctx.db, clerkOf(req), req.body),
  );
  run(
    'Pass',
    {
      summary: 'Step 2: documents into the run (each an add_to_remittance transition)',
      body: RemitDocumentsBody,
      response: RemitBatchResult,
    },
    async (req) => remittance.pass(ctx, clerkOf(req), req.body),
  );
  run(
    'NoPass',
    {
      summary: 'Step 2: documents out of the run again (each a remove_from_remittance transition)',
      body: RemitDocumentsBody,
      response: RemitBatchResult,
    },
    async (req) => remittance.noPass(ctx, clerkOf(req), req.body),
  );
  run(
    'ConfirmStep',
    {
      summary: 'Confirm the step the run stands on and move to the next (list, entries, print, remit)',
      body: ConfirmStepBody,
      response: RemitRun,
    },
    async (req) => remittance.confirmStep(ctx, clerkOf(req), req.body),
  );
  run(
    'SearchRecord',
    {
      summary: 'Step 3: the remittance list, one row per bank line',
      body: RunIdBody,
      response: RemitRecordResult,
      permission: ['expenseRemittance', 'PaymentManage'],
    },
    async (req) => remittance.record(ctx.db, clerkOf(req), req.body.RunID),
  );
  run(
    'SearchPostingData',
    { summary: 'Step 4: the payment voucher’s entries', body: RunIdBody, response: RemitPostingResult },
    async (req) => remittance.postingData(ctx.db, clerkOf(req), req.body.RunID),
  );
  run(
    'PrintList',
    { summary: 'Step 5: the remittance list as a PDF to sign; printing it lets the run be remitted', body: RunIdBody },
    async (req, reply) => {
      const { fileName, pdf } = await remittanceListPdf(ctx, clerkOf(req), req.body.RunID);
      return sendPdf(reply, fileName, pdf);
    },
  );
  run(
    'Remit',
    {
      summary: 'Step 6: pay the run: documents paid, payment voucher to the ERP, bank file to the bank',
      body: RemitBody,
      response: RemitRun,
    },
    async (req) => remittance.remit(ctx, clerkOf(req), req.body),
  );
  run(
    'ImportReturn',
    {
      summary:
        'The bank’s return file: each payment (end-to-end id) paid or failed; a failed one waits for remittance again',
      multipart: true,
      response: BankReturnResult,
    },
    async (req) => {
      const clerk = clerkOf(req);
      return importReturn(ctx, req, { ...clerk, user: clerk.user });
    },
  );
  run(
    'SapPost',
    { summary: 'Send the run’s failed payment voucher to the ERP again', body: RunIdBody, response: RemitRun },
    async (req) => remittance.sapPost(ctx, clerkOf(req), req.body.RunID),
  );
  run(
    'SearchRuns',
    {
      summary: 'The company’s remittance runs, newest first',
      body: SearchRunsBody,
      response: pageOf(RemitRun),
      permission: ['expenseRemittance', 'PaymentManage'],
    },
    async (req) => payments.searchRuns(ctx.db, clerkOf(req), req.body),
  );

  const posting = postGroup(app, { base: '/api/RemitPosting', permission: 'remitPosting', tags });
  posting(
    'Search',
    {
      summary: 'Payment postings: each remitted run’s payment voucher and the ERP’s answer',
      body: SearchRemitPostingBody,
      response: pageOf(RemitPostingRow),
    },
    async (req) => payments.searchPostings(ctx.db, clerkOf(req), req.body),
  );
  posting(
    'ResendPosting',
    { summary: 'Send failed payment postings again', body: ResendRemitPostingBody, response: ResendResult },
    async (req) => payments.resendPostings(ctx, clerkOf(req), req.body.RunIDs),
  );
  posting(
    'SavePostRemark',
    { summary: 'Note on a payment posting', body: SavePostRemarkBody, response: RemitRun },
    async (req) => payments.savePostRemark(ctx, clerkOf(req), req.body),
  );

  const completion = postGroup(app, { base: '/api/PmPostiong', permission: 'PaymentManage', tags });
  completion(
    'Search',
    { summary: 'Paid documents awaiting account completion', body: SearchPaidBody, response: pageOf(PaidDocumentRow) },
    async (req) => payments.searchPaid(ctx.db, clerkOf(req), req.body),
  );
  completion(
    'CompleteAccount',
    {
      summary: 'Close paid documents (account completion), each a close transition',
      body: CompleteAccountBody,
      response: CompleteAccountResult,
    },
    async (req) => payments.completeAccount(ctx, clerkOf(req), req.body),
  );

  const payment = postGroup(app, { base: '/api/DocumentPayment', permission: 'authenticated', tags });
  payment(
    'Load',
    {
      summary: 'The payment of a document the user may open: gross, each deduction with its source, net paid',
      body: DocumentPaymentBody,
      response: DocumentPaymentResult,
    },
    async (req) => payments.documentPayment(ctx.db, currentUser(req), req.body.ID),
  );

  const suggest = postGroup(app, { base: '/api/PaySuggest', permission: 'PaySuggest', tags });
  suggest(
    'Search',
    {
      summary: 'What to pay: posted documents no run holds, by payee, longest waiting first, with totals',
      body: SearchPaySuggestBody,
      response: PaySuggestPage,
    },
    async (req) => payments.paySuggest(ctx.db, clerkOf(req), req.body),
  );
}
