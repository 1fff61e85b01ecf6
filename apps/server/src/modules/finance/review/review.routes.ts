import {
  AssignSMEBody,
  BackOrderBody,
  CancelWriteOffBody,
  ChargebackNewOrderBody,
  ChargebackOrderDataBody,
  CheckOrderListBody,
  CheckPassBody,
  Ok,
  PrintOrderBody,
  ReReceiveBody,
  ReturnDetail,
  ReturnIdBody,
  ReturnPage,
  ReturnRow,
  ReviewBatchResult,
  ReviewDocBody,
  ReviewOrder,
  ReviewPage,
  ReviewReasonList,
  SaveReturnDetailBody,
  SaveReturnMainBody,
  SaveSTOrderBody,
  SearchReasonBody,
  SearchReturnsBody,
  SMENameList,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, postGroup } from '../../../core/http';
import { sendPdf } from '../../../core/pdf';
import * as chargebacks from './chargeback.service';
import * as checks from './check.service';
import * as returns from './returns.service';
import * as review from './review.service';

const WRITE_OFF = 'expensewriteoff';
const CHARGEBACK = 'chargeBack';
const RETURNS = 'ChargebackProcessingCenter';
const REVIEW_SCREENS = [WRITE_OFF, CHARGEBACK, RETURNS];

/**
 * The shared-service centre's review (DESIGN §12): accounting review and write-off (`CheckDocument`), chargeback and
 * S.T. holds (`Chargeback`), and the returns centre (`ReturnDocumentsCenter`). Every change of a document is a
 * transition, one per document of a batch.
 */
export async function reviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const check = postGroup(app, { base: '/api/CheckDocument', permission: WRITE_OFF, tags: ['accounting review'] });
  check(
    'OrderList',
    {
      summary: 'The normal or special check list (optionally with documents still awaiting paper), or the written off',
      body: CheckOrderListBody,
      response: ReviewPage,
    },
    async (req) => checks.orderList(ctx, currentUser(req), req.body, req.culture),
  );
  check(
    'Order',
    {
      permission: REVIEW_SCREENS,
      summary: 'One document for review: lines, vouchers and history',
      body: ReviewDocBody,
      response: ReviewOrder,
    },
    async (req) => review.order(ctx, currentUser(req), req.body.ID, req.culture),
  );
  const passCall = (name: string, list: 'normal' | 'special', summary: string) =>
    check(name, { summary, body: CheckPassBody, response: ReviewBatchResult }, async (req) =>
      checks.pass(ctx, currentUser(req), list, req.body, req.culture, String(req.id)),
    );
  passCall('NormalCheck', 'normal', 'Pass (write off) documents of the normal check: the voucher is written, to post');
  passCall('SpecialCheck', 'special', 'Pass (write off) documents of the special check: the voucher is written');
  check(
    'BackOrder',
    {
      summary: 'No-pass: the documents go back to their owners with the reason',
      body: BackOrderBody,
      response: ReviewBatchResult,
    },
    async (req) => checks.backOrder(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );
  check(
    'CancelWriteOff',
    {
      summary: 'Write-off cancel: passed documents whose voucher was not sent go back to review',
      body: CancelWriteOffBody,
      response: ReviewBatchResult,
    },
    async (req) => checks.cancelWriteOff(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );

  const cb = postGroup(app, { base: '/api/Chargeback', permission: CHARGEBACK, tags: ['chargeback'] });
  cb(
    'OrderData',
    {
      summary: 'Documents that may be charged back, or those held (S.T.)',
      body: ChargebackOrderDataBody,
      response: ReviewPage,
    },
    async (req) => chargebacks.orderData(ctx, currentUser(req), req.body, req.culture),
  );
  cb(
    'ChargebackNewOrder',
    {
      summary: 'Batch chargeback, a reason per document: back to the owners, open vouchers withdrawn',
      body: ChargebackNewOrderBody,
      response: ReviewBatchResult,
    },
    async (req) => chargebacks.chargeback(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );
  cb(
    'SaveSTOrder',
    {
      summary: 'Batch S.T.: hold with a reason, or release to review',
      body: SaveSTOrderBody,
      response: ReviewBatchResult,
    },
    async (req) => chargebacks.saveST(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );
  cb(
    'GetSMEName',
    { permission: REVIEW_SCREENS, summary: 'The SSC people documents are assigned to', response: SMENameList },
    async (req) => review.sscPeople(ctx.db, actorOf(req)),
  );
  cb(
    'AssignSME',
    {
      permission: [WRITE_OFF, CHARGEBACK],
      summary: 'Assign documents to an SSC person, or clear it',
      body: AssignSMEBody,
      response: ReviewBatchResult,
    },
    async (req) => review.assign(ctx, actorOf(req), req.body.IDs, req.body.SMEID ?? null),
  );
  cb(
    'PrintOrder',
    { summary: 'The selected documents as a chargeback / S.T. list (PDF)', body: PrintOrderBody },
    async (req, reply) => {
      const { fileName, pdf } = await chargebacks.printOrder(ctx, currentUser(req), req.body.IDs);
      return sendPdf(reply, fileName, pdf);
    },
  );

  const ret = postGroup(app, { base: '/api/ReturnDocumentsCenter', permission: RETURNS, tags: ['returns centre'] });
  ret(
    'Search',
    { summary: 'Return slips of documents finance sent back', body: SearchReturnsBody, response: ReturnPage },
    async (req) => returns.search(ctx.db, currentUser(req), req.body, req.culture),
  );
  ret('LoadMain', { summary: 'One return slip', body: ReturnIdBody, response: ReturnRow }, async (req) =>
    returns.loadMain(ctx.db, currentUser(req), req.body.ReturnID, req.culture),
  );
  ret(
    'LoadDetail',
    { summary: 'One return slip with its itemised problems', body: ReturnIdBody, response: ReturnDetail },
    async (req) => returns.loadDetail(ctx.db, currentUser(req), req.body.ReturnID, req.culture),
  );
  ret(
    'SaveMain',
    {
      summary: 'How the paper went back (date, courier number) and a remark',
      body: SaveReturnMainBody,
      response: ReturnRow,
    },
    async (req) => {
      await returns.saveMain(ctx, currentUser(req), req.body, String(req.id));
      return returns.loadMain(ctx.db, currentUser(req), req.body.ReturnID, req.culture);
    },
  );
  ret(
    'SaveDetail',
    { summary: 'The return slip’s itemised problems', body: SaveReturnDetailBody, response: ReturnDetail },
    async (req) => {
      await returns.saveDetail(ctx, currentUser(req), req.body, String(req.id));
      return returns.loadDetail(ctx.db, currentUser(req), req.body.ReturnID, req.culture);
    },
  );
  ret(
    'SearchReason',
    {
      permission: REVIEW_SCREENS,
      summary: 'Chargeback (and no-pass) reasons, or S.T. reasons',
      body: SearchReasonBody,
      response: ReviewReasonList,
    },
    async (req) => review.reasons(ctx.db, actorOf(req), req.body.Kind),
  );
  ret(
    'ReReceive',
    {
      summary: 'The returned paper came back unchanged: the document is received again',
      body: ReReceiveBody,
      response: Ok,
    },
    async (req) => {
      await returns.reReceive(ctx, currentUser(req), req.body, String(req.id));
      return { Success: true as const };
    },
  );
  ret('Print', { summary: 'The return slip as a PDF', body: ReturnIdBody }, async (req, reply) => {
    const { fileName, pdf } = await returns.print(ctx, currentUser(req), req.body.ReturnID);
    return sendPdf(reply, fileName, pdf);
  });
}
