import {
  ClinicalTrialHcoList,
  CustomerReasonList,
  CustomerRow,
  DeleteDocumentRowsBody,
  DocumentRef,
  LecturerAgreementIdBody,
  LecturerAgreementList,
  pageOf,
  SaveChooseCustomerBody,
  SaveClinicalTrialHcoBody,
  SaveCustomerReasonBody,
  SaveLecturerAgreementBody,
  SearchCustomerBody,
  SearchHcoBody,
  SearchLecturerBody,
  SelectedCustomerList,
} from '@ems/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context';
import { currentUser, postGroup } from '../../../core/http';
import { sendPdf } from '../../../core/pdf';
import { searchCustomers } from '../../masterdata/customers/customer.service';
import { visible } from '../document.service';
import { DOCUMENT_READERS } from '../lifecycle/document.policy';
import * as customers from './customer.service';
import * as lecturers from './lecturer.service';

const tags = ['document customers'];
/** Changing a document's customers is part of filling it in; reading them, of opening it. */
const FILL_IN = 'personalExpense';
const READERS = [...DOCUMENT_READERS];

/** Whose coverage comes first: the document's applicant, else whom the caller fills in for, else the caller. */
async function coverer(ctx: AppContext, req: FastifyRequest, documentId: number | undefined) {
  const user = currentUser(req);
  if (documentId) return (await visible(ctx.db, user, documentId)).d.applicantId;
  return user.actingFor?.kinds.includes('fill_in') ? user.actingFor.principalId : user.userId;
}

export async function customerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/document', permission: FILL_IN, tags });
  call(
    'Search_CustomerList',
    {
      summary: 'HCPs or HCOs to choose as attendees, those the applicant covers first',
      body: SearchCustomerBody,
      response: pageOf(CustomerRow),
    },
    async (req) => {
      const b = req.body;
      const coveredBy = await coverer(ctx, req, b.DocumentID);
      return searchCustomers(
        ctx.db,
        currentUser(req).companyId,
        { kind: b.Kind, keyword: b.Keyword, ids: b.CustomerIDs, coveredBy, page: b },
        req.culture,
      );
    },
  );
  call(
    'SearchCoverage',
    {
      summary: 'The HCPs or HCOs the applicant covers (an HCP also through its hospital)',
      body: SearchCustomerBody,
      response: pageOf(CustomerRow),
    },
    async (req) => {
      const b = req.body;
      const coveredBy = await coverer(ctx, req, b.DocumentID);
      return searchCustomers(
        ctx.db,
        currentUser(req).companyId,
        { kind: b.Kind, keyword: b.Keyword, ids: b.CustomerIDs, coveredBy, coveredOnly: true, page: b },
        req.culture,
      );
    },
  );
  call(
    'SearchHCOList',
    {
      summary: 'Hospitals (HCOs), clinical-trial ones only when asked',
      body: SearchHcoBody,
      response: pageOf(CustomerRow),
    },
    async (req) => {
      const b = req.body;
      return searchCustomers(
        ctx.db,
        currentUser(req).companyId,
        {
          kind: 'HCO',
          keyword: b.Keyword,
          ids: b.HCOIDs,
          clinicalTrialOnly: b.ClinicalTrialOnly ?? false,
          coveredBy: await coverer(ctx, req, undefined),
          page: b,
        },
        req.culture,
      );
    },
  );
  call(
    'SearchLecturer',
    { summary: 'HCPs who may lecture at a meeting', body: SearchLecturerBody, response: pageOf(CustomerRow) },
    async (req) => {
      const b = req.body;
      return searchCustomers(
        ctx.db,
        currentUser(req).companyId,
        { kind: 'HCP', keyword: b.Keyword, ids: b.HCPIDs, coveredBy: await coverer(ctx, req, undefined), page: b },
        req.culture,
      );
    },
  );
  call(
    'Search_SelectedCustomerList',
    {
      permission: READERS,
      summary: 'A document’s HCP/HCO attendees by line, with the per-head amounts',
      body: DocumentRef,
      response: SelectedCustomerList,
    },
    async (req) => customers.selected(ctx.db, currentUser(req), req.body.DocumentID, req.culture),
  );
  call(
    'GetCustomerReasonList',
    { summary: 'Reasons for inviting a customer (base-info list CUSTOMER_REASON)', response: CustomerReasonList },
    async (req) => customers.reasons(ctx.db, currentUser(req), req.culture),
  );
  call(
    'SaveChooseCustomer',
    {
      summary: 'Adds attendees to a line whose expense item involves HCP; the line is split per head again',
      body: SaveChooseCustomerBody,
      response: SelectedCustomerList,
    },
    async (req) => {
      const user = currentUser(req);
      await customers.choose(ctx, user, req.body, String(req.id));
      return customers.selected(ctx.db, user, req.body.DocumentID, req.culture);
    },
  );
  call(
    'SaveCustomerReasonSingle',
    { summary: 'The reason one attendee is invited', body: SaveCustomerReasonBody, response: SelectedCustomerList },
    async (req) => {
      const user = currentUser(req);
      await customers.saveReason(ctx, user, req.body, String(req.id));
      return customers.selected(ctx.db, user, req.body.DocumentID, req.culture);
    },
  );
  call(
    'DeleteChooseCustomer',
    {
      summary: 'Removes attendees; their lines are split per head again',
      body: DeleteDocumentRowsBody,
      response: SelectedCustomerList,
    },
    async (req) => {
      const user = currentUser(req);
      await customers.unchoose(ctx, user, req.body, String(req.id));
      return customers.selected(ctx.db, user, req.body.DocumentID, req.culture);
    },
  );
  call(
    'SearchClinicalTrialHCO',
    {
      permission: READERS,
      summary: 'The clinical-trial HCOs kept on a document',
      body: DocumentRef,
      response: ClinicalTrialHcoList,
    },
    async (req) => customers.clinicalHcos(ctx.db, currentUser(req), req.body.DocumentID, req.culture),
  );
  call(
    'SaveClinicalTrialHCO',
    {
      summary: 'Keeps clinical-trial HCOs on a document',
      body: SaveClinicalTrialHcoBody,
      response: ClinicalTrialHcoList,
    },
    async (req) => {
      const user = currentUser(req);
      await customers.saveClinical(ctx, user, req.body, String(req.id));
      return customers.clinicalHcos(ctx.db, user, req.body.DocumentID, req.culture);
    },
  );
  call(
    'DeleteClinicalTrialHCO',
    {
      summary: 'Removes clinical-trial HCOs from a document',
      body: DeleteDocumentRowsBody,
      response: ClinicalTrialHcoList,
    },
    async (req) => {
      const user = currentUser(req);
      await customers.deleteClinical(ctx, user, req.body, String(req.id));
      return customers.clinicalHcos(ctx.db, user, req.body.DocumentID, req.culture);
    },
  );

  const view = postGroup(app, { base: '/api/DocumentViewCenter', permission: FILL_IN, tags });
  view(
    'SearchLecturerAgreement',
    {
      permission: READERS,
      summary: 'A document’s lecturer agreements: per HCP and meeting, the fee before and after tax',
      body: DocumentRef,
      response: LecturerAgreementList,
    },
    async (req) => lecturers.list(ctx.db, currentUser(req), req.body.DocumentID, req.culture),
  );
  view(
    'SaveLecturerAgreementSingle',
    {
      summary: 'Adds or changes a lecturer agreement; the individual income tax is worked out from the fee agreed',
      body: SaveLecturerAgreementBody,
      response: LecturerAgreementList,
    },
    async (req) => {
      const user = currentUser(req);
      await lecturers.save(ctx, user, req.body, String(req.id));
      return lecturers.list(ctx.db, user, req.body.DocumentID, req.culture);
    },
  );
  view(
    'DeleteLecturerAgreement',
    { summary: 'Removes lecturer agreements', body: DeleteDocumentRowsBody, response: LecturerAgreementList },
    async (req) => {
      const user = currentUser(req);
      await lecturers.remove(ctx, user, req.body, String(req.id));
      return lecturers.list(ctx.db, user, req.body.DocumentID, req.culture);
    },
  );
  view(
    'PrintLecturerAgreement',
    { permission: READERS, summary: 'One lecturer agreement as a bilingual PDF', body: LecturerAgreementIdBody },
    async (req, reply) => {
      const { fileName, pdf } = await lecturers.print(ctx.db, currentUser(req), req.body.ID);
      return sendPdf(reply, fileName, pdf);
    },
  );
}
