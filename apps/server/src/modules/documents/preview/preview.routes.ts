import { type DocType, DocumentIdBody, PreviewData } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import { DOCUMENT_READERS } from '../lifecycle/document.policy';
import { preview } from './preview.service';

const tags = ['documents'];
const CALLS: [string, DocType][] = [
  ['GetApplyData', 'apply'],
  ['GetLoanData', 'loan'],
  ['GetDeputyData', 'deputy'],
];

export async function previewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const [name, docType] of CALLS) {
    post(
      app,
      `/api/Preview/${name}`,
      {
        permission: [...DOCUMENT_READERS],
        summary: `A print-ready view of one ${docType} document: head, lines, totals in words, route, file count`,
        tags,
        body: DocumentIdBody,
        response: PreviewData,
      },
      async (req) => preview(ctx, currentUser(req), req.body.ID, docType, req.culture),
    );
  }
}
