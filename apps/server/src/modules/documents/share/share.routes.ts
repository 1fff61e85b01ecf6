import { SharedDocument, SharedTokenBody, ShareLink, ShareLinkBody } from '@ems/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { currentUser, get, post } from '../../../core/http';
import { disposition } from '../attachments/attachment.routes';
import { DOCUMENT_READERS } from '../lifecycle/document.policy';
import * as share from './share.service';

const TokenQuery = z.object({ token: z.string().trim().min(1).max(2000) });
const tags = ['shared links'];

/**
 * Signed, expiring read-only links to one document or one file (`/otherSysViewDetail`, `/viewAttachment`): issued
 * to a signed-in reader, opened by anyone holding the link, without signing in.
 */
export async function shareRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/document/GetShareLink',
    {
      permission: [...DOCUMENT_READERS],
      summary: 'A signed read-only link to one document that opens without signing in until it expires',
      tags: ['documents'],
      body: ShareLinkBody,
      response: ShareLink,
    },
    async (req) =>
      share.documentLink(ctx, currentUser(req), { id: req.body.ID, hours: req.body.Hours, requestId: String(req.id) }),
  );
  post(
    app,
    '/api/UploadAttachment/GetShareLink',
    {
      permission: [...DOCUMENT_READERS],
      summary: 'A signed read-only link to one file that opens without signing in until it expires',
      tags: ['attachments'],
      body: ShareLinkBody,
      response: ShareLink,
    },
    async (req) =>
      share.attachmentLink(ctx, currentUser(req), {
        id: req.body.ID,
        hours: req.body.Hours,
        requestId: String(req.id),
      }),
  );

  const documentOpts = {
    permission: 'public',
    summary: 'The document a signed link names, read-only: its content and its files, each with a link',
    tags,
    response: SharedDocument,
  } as const;
  post(app, '/api/Shared/Document', { ...documentOpts, body: SharedTokenBody }, async (req) =>
    share.openDocument(ctx, req.body.Token, req.culture),
  );
  get(app, '/api/Shared/Document', { ...documentOpts, querystring: TokenQuery }, async (req) =>
    share.openDocument(ctx, (req.query as z.infer<typeof TokenQuery>).token, req.culture),
  );

  const send = async (token: string, reply: FastifyReply) => {
    const { file, stream } = await share.openAttachment(ctx, token);
    return reply
      .header('Content-Type', file.mimeType)
      .header('Content-Disposition', disposition('inline', file.fileName))
      .header('Content-Length', file.size)
      .header('Cache-Control', 'private, no-store')
      .send(stream);
  };
  const fileSummary = 'The file a signed link names, shown in place';
  post(
    app,
    '/api/Shared/Attachment',
    { permission: 'public', summary: fileSummary, tags, body: SharedTokenBody },
    async (req, reply) => send(req.body.Token, reply),
  );
  get(
    app,
    '/api/Shared/Attachment',
    { permission: 'public', summary: fileSummary, tags, querystring: TokenQuery },
    async (req, reply) => send((req.query as z.infer<typeof TokenQuery>).token, reply),
  );
}
