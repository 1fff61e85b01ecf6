import { LimitPreview, LimitPreviewBody } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import { currentUser, postGroup } from '../../core/http';
import { previewLimits } from './preview.service';

/** Filling in documents is the personal expense centre's function: whoever may save a document may preview it. */
const FILL_IN = 'personalExpense';

export async function limitRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/Limits', permission: FILL_IN, tags: ['limits'] });
  call(
    'Preview',
    {
      summary: "Where a form's lines stand against their budgets and their attendees' caps, before it is saved",
      body: LimitPreviewBody,
      response: LimitPreview,
    },
    async (req) => previewLimits(ctx.db, currentUser(req), req.body, req.culture),
  );
}
