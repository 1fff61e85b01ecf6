import { DocumentIdBody } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context';
import { currentUser, postGroup } from '../../../core/http';
import { sendPdf } from '../../../core/pdf';
import { DOCUMENT_READERS } from '../lifecycle/document.policy';
import { documentPdf } from './print.service';

export async function printRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/document', permission: [...DOCUMENT_READERS], tags: ['documents'] });
  call(
    'DownloadPdf',
    {
      summary: 'One document as a PDF file to save: barcode of its number, head, lines, approval steps, history',
      body: DocumentIdBody,
    },
    async (req, reply) => {
      const { fileName, pdf } = await documentPdf(ctx, currentUser(req), req.body.ID, req.culture);
      return sendPdf(reply, fileName, pdf);
    },
  );
  call(
    'PrintDocument',
    { summary: 'The same PDF shown in place (inline), for the browser to print', body: DocumentIdBody },
    async (req, reply) => {
      const { fileName, pdf } = await documentPdf(ctx, currentUser(req), req.body.ID, req.culture);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(pdf);
    },
  );
}
