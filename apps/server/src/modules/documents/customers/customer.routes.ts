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
import { type CustomerQuery, searchCustomers } from '../../masterdata/customers/customer.service';
import { visible } from '../document.service';
import { DOCUMENT_READERS } from '../lifecycle/document.policy';
import * as customers from './customer.service';
import * as lecturers from './lecturer.service';

const tags = ['document customers'];
/** Changing a document's customers is part of filling it in; reading them, of opening it. */
const FILL_IN = 'personalExpense';
const READERS = [...DOCUMENT_READERS];

/**
 * Customers to choose, those covered by the document's applicant first (else by whom the caller fills in for, else
 * by the caller).
 */
async function find(
  ctx: AppContext,
  req: FastifyRequest,
  q: Omit<CustomerQuery, 'coveredBy'> & { documentId?: number | undefined },
) {
  const user = currentUser(req);
  const { documentId, ...query } = q;
  const coveredBy = documentId
    ? (await visible(ctx.db, user, documentId)).d.applicantId
    : user.actingFor?.kinds.includes('fill_in')
      ? user.actingFor.principalId
      : user.userId;
  return searchCustomers(ctx.db, user.companyId, { ...query, coveredBy }, req.culture);
}

export async function customerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/document', permission: FILL_IN, tags });
  const customerList = (b: SearchCustomerBody) => ({
    kind: b.Kind,
    keyword: b.Keyword,
    ids: b.CustomerIDs,
    documentId: b.DocumentID,
    page: b,
  });
  call(
    'Search_CustomerList',
    {
      summary: 'HCPs or HCOs to choose as attendees, those the applicant covers first',
      body: SearchCustomerBody,
      response: pageOf(CustomerRow),
    },
    async (req) => find(ctx, req, customerList(req.body)),
  );
  call(
    'SearchCoverage',
    {
      summary: 'The HCPs or HCOs the applicant covers (an HCP also through its hospital)',
      body: SearchCustomerBody,
      response: pageOf(CustomerRow),
    },
    async (req) => find(ctx, req, { ...customerList(req.body), coveredOnly: true }),
  );
  call(
    'SearchHCOList',
    {
      summary: 'Hospitals (HCOs), clinical-trial ones only when asked',
      body: SearchHcoBody,
      response: pageOf(CustomerRow),
    },
    async (req) =>
      find(ctx, req, {
        kind: 'HCO',
        keyword: req.body.Keyword,
        ids: req.body.HCOIDs,
        clinicalTrialOnly: req.body.ClinicalTrialOnly ?? false,
        page: req.body,
      }),
  );
  call(
    'SearchLecturer',
    { summary: 'HCPs who may lecture at a meeting', body: SearchLecturerBody, response: pageOf(CustomerRow) },
    async (req) => find(ctx, req, { kind: 'HCP', keyword: req.body.Keyword, ids: req.body.HCPIDs, page: req.body }),
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
    async (req) => customers.choose(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );
  call(
    'SaveCustomerReasonSingle',
    { summary: 'The reason one attendee is invited', body: SaveCustomerReasonBody, response: SelectedCustomerList },
    async (req) => customers.saveReason(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );
  call(
    'DeleteChooseCustomer',
    {
      summary: 'Removes attendees; their lines are split per head again',
      body: DeleteDocumentRowsBody,
      response: SelectedCustomerList,
    },
    async (req) => customers.unchoose(ctx, currentUser(req), req.body, req.culture, String(req.id)),
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
    async (req) => customers.saveClinical(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );
  call(
    'DeleteClinicalTrialHCO',
    {
      summary: 'Removes clinical-trial HCOs from a document',
      body: DeleteDocumentRowsBody,
      response: ClinicalTrialHcoList,
    },
    async (req) => customers.deleteClinical(ctx, currentUser(req), req.body, req.culture, String(req.id)),
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
    async (req) => lecturers.save(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );
  view(
    'DeleteLecturerAgreement',
    { summary: 'Removes lecturer agreements', body: DeleteDocumentRowsBody, response: LecturerAgreementList },
    async (req) => lecturers.remove(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );
  view(
    'PrintLecturerAgreement',
    { permission: READERS, summary: 'One lecturer agreement as a bilingual PDF', body: LecturerAgreementIdBody },
    async (req, reply) => {
      const { fileName, pdf } = await lecturers.print(ctx, currentUser(req), req.body.ID);
      return sendPdf(reply, fileName, pdf);
    },
  );
}
