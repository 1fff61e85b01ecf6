import {
  PostBatch,
  PostBatchBody,
  PostCenterBatchResult,
  PostCenterPage,
  PostCenterReceiveBody,
  PostCenterReceived,
  PostCenterReturnAllBody,
  SearchPostCenterBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context';
import { currentUser, postGroup } from '../../../core/http';
import * as post from './postcentre.service';

/** The post centre (DESIGN §12): paper originals received by scanning the printed barcode, in mailing batches. */
export async function postCentreRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/document', permission: 'documentPostCenter', tags: ['post centre'] });
  call(
    'SearchPostCenter',
    {
      summary: 'Loans and reimbursements awaiting their paper, or the clerk’s open mailing batch',
      body: SearchPostCenterBody,
      response: PostCenterPage,
    },
    async (req) => post.search(ctx.db, currentUser(req), req.body, req.culture),
  );
  call(
    'PostCenterReceive',
    {
      summary: 'The paper of one document arrived: its number (scanned or typed) marks it received, into the batch',
      body: PostCenterReceiveBody,
      response: PostCenterReceived,
    },
    async (req) => post.receive(ctx, currentUser(req), req.body.DocNo, req.culture, String(req.id)),
  );
  call(
    'PostCenterReturnAll',
    {
      summary: 'Send every document of the open batch back to its owner, with the reason; the batch closes',
      body: PostCenterReturnAllBody,
      response: PostCenterBatchResult,
    },
    async (req) =>
      post.settleBatch(
        ctx,
        currentUser(req),
        req.body.BatchID,
        { action: 'return_mail', reason: req.body.Reason },
        String(req.id),
      ),
  );
  call(
    'PostCenterDeleteAll',
    {
      summary: 'Undo every receipt of the open batch (scanned by mistake): the documents await their paper again',
      body: PostBatchBody,
      response: PostCenterBatchResult,
    },
    async (req) => post.settleBatch(ctx, currentUser(req), req.body.BatchID, { action: 'unreceive' }, String(req.id)),
  );
  call(
    'PostCenterCloseBatch',
    {
      summary: 'Hand the open batch on: its documents stay received and the next scan opens a new batch',
      body: PostBatchBody,
      response: PostBatch,
    },
    async (req) => post.closeBatch(ctx, currentUser(req), req.body.BatchID, String(req.id)),
  );
}
