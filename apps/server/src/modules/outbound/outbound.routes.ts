import { OutboundJobRow, pageOf, RetryOutboundJobBody, SearchOutboundJobBody } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import { forbidden } from '../../core/errors';
import { currentUser, post } from '../../core/http';
import * as outbound from './outbound.service';

const tags = ['outbound'];
/** The interface log screen: every call to a system outside, its attempts and its last error. */
const VIEW = 'rfcLog';

export async function outboundRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/document/SearchRFCLog',
    {
      permission: VIEW,
      summary: 'Calls to systems outside (mail, EVM): state, attempts, last error, the request that caused them',
      tags,
      body: SearchOutboundJobBody,
      response: pageOf(OutboundJobRow),
    },
    // A log to read: the replica's copy serves; a retry below answers with its row from the primary.
    async (req) => outbound.search(ctx.reportDb, currentUser(req).companyId, req.body),
  );

  post(
    app,
    '/api/document/RetryRFCLog',
    {
      permission: VIEW,
      summary: 'Gives a failed call a new round of attempts (administrators)',
      tags,
      body: RetryOutboundJobBody,
      response: OutboundJobRow,
    },
    async (req) => {
      const user = currentUser(req);
      // Auditors read the log; only an administrator sends again.
      if (!user.isAdmin) throw forbidden('auth.function_missing');
      return outbound.retry(
        ctx.db,
        { userId: user.userId, companyId: user.companyId, requestId: String(req.id) },
        req.body.ID,
      );
    },
  );
}
