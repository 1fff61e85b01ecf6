import {
  AddDocumentBody,
  ChargeableOptions,
  ClaimSources,
  ClaimSourcesBody,
  type DocType,
  DocumentCounts,
  DocumentDetail,
  DocumentIdBody,
  DocumentListRow,
  DocumentVersionBody,
  ExpenseTypeDetailInfo,
  ExpenseTypeDetailInfoBody,
  ExpenseTypeMainInfo,
  ExpenseTypeMainInfoBody,
  Ok,
  pageOf,
  SaveDocumentBody,
  SearchDocumentBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import { currentUser, post } from '../../core/http';
import * as documents from './document.service';
import * as form from './form/form.service';

const tags = ['documents'];
/** Filling in documents is the personal expense centre's function. */
const FILL_IN = 'personalExpense';

/** The specification names the apply document "plan" in its calls. */
const AREAS: [string, DocType][] = [
  ['Plan', 'apply'],
  ['Loan', 'loan'],
  ['Deputy', 'deputy'],
];

export async function documentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const [name, docType] of AREAS) {
    post(
      app,
      `/api/document/Save${name}Detail`,
      {
        permission: FILL_IN,
        summary: `Save a ${docType} document as a draft (create or change)`,
        tags,
        body: SaveDocumentBody,
        response: DocumentDetail,
      },
      async (req) => form.save(ctx, currentUser(req), docType, req.body, req.culture, String(req.id)),
    );
    post(
      app,
      `/api/document/Search${name}Detail`,
      {
        permission: 'authenticated',
        summary: `One ${docType} document with its lines and the actions allowed now`,
        tags,
        body: DocumentIdBody,
        response: DocumentDetail,
      },
      async (req) => documents.load(ctx.db, currentUser(req), req.body.ID, docType, req.culture),
    );
    post(
      app,
      `/api/document/Delete${name}Detail`,
      {
        permission: FILL_IN,
        summary: `Delete a draft ${docType} document`,
        tags,
        body: DocumentVersionBody,
        response: Ok,
      },
      async (req) => {
        await form.remove(ctx, currentUser(req), {
          id: req.body.ID,
          version: req.body.Version,
          docType,
          requestId: String(req.id),
        });
        return { Success: true as const };
      },
    );
  }
  post(
    app,
    '/api/document/SearchDocument',
    {
      permission: FILL_IN,
      summary: 'My documents (applied for or prepared), by type, state and text',
      tags,
      body: SearchDocumentBody,
      response: pageOf(DocumentListRow),
    },
    async (req) => documents.search(ctx.db, currentUser(req), req.body, req.culture),
  );
  post(
    app,
    '/api/document/GetDocumentCount',
    { permission: FILL_IN, summary: 'How many of my documents are in each state', tags, response: DocumentCounts },
    async (req) => documents.counts(ctx.db, currentUser(req)),
  );
  post(
    app,
    '/api/document/DeleteDocument',
    {
      permission: FILL_IN,
      summary: 'Delete a draft document of any type',
      tags,
      body: DocumentVersionBody,
      response: Ok,
    },
    async (req) => {
      await form.remove(ctx, currentUser(req), {
        id: req.body.ID,
        version: req.body.Version,
        requestId: String(req.id),
      });
      return { Success: true as const };
    },
  );
  post(
    app,
    '/api/document/AddDocument',
    {
      permission: FILL_IN,
      summary: 'A new draft, empty or copied from a document of the same type',
      tags,
      body: AddDocumentBody,
      response: DocumentDetail,
    },
    async (req) => form.add(ctx, currentUser(req), req.body.DocType, req.body.CopyFromID, req.culture, String(req.id)),
  );
  post(
    app,
    '/api/document/getExpenseTypeMainInfo',
    {
      permission: FILL_IN,
      summary: 'The applicant of a new document (the principal for a fill-in proxy), their defaults and usable types',
      tags,
      body: ExpenseTypeMainInfoBody,
      response: ExpenseTypeMainInfo,
    },
    async (req) => form.mainInfo(ctx.db, currentUser(req), req.body.DocType, req.culture),
  );
  post(
    app,
    '/api/document/getExpenseTypeDetailInfo',
    {
      permission: FILL_IN,
      summary: 'The expense items and sub-items an expense type offers the applicant',
      tags,
      body: ExpenseTypeDetailInfoBody,
      response: ExpenseTypeDetailInfo,
    },
    async (req) => form.detailInfo(ctx.db, currentUser(req), req.body.DocType, req.body.ExpenseTypeID, req.culture),
  );
  post(
    app,
    '/api/document/SearchClaimSources',
    {
      permission: FILL_IN,
      summary: 'Approved applies a deputy may claim against, and the applicant’s open loans with what is left',
      tags,
      body: ClaimSourcesBody,
      response: ClaimSources,
    },
    async (req) => form.claimSources(ctx.db, currentUser(req), req.body.ApplicantID),
  );
  post(
    app,
    '/api/document/SearchChargeable',
    {
      permission: FILL_IN,
      summary: 'Cost centres and internal orders the applicant may charge today (fund permission)',
      tags,
      response: ChargeableOptions,
    },
    async (req) => form.chargeable(ctx.db, currentUser(req), req.culture),
  );
  post(
    app,
    '/api/document/SearchDocumentDetail',
    {
      permission: 'authenticated',
      summary: 'One document of any type, as the document screen opens it by id',
      tags,
      body: DocumentIdBody,
      response: DocumentDetail,
    },
    async (req) => documents.load(ctx.db, currentUser(req), req.body.ID, undefined, req.culture),
  );
}
