import {
  ApplyDocumentBody,
  ApplyUnblockBody,
  AttachmentIdBody,
  DocumentDetail,
  DocumentIdBody,
  GRByMilestone,
  GRByMonth,
  GRData,
  GRIdBody,
  GRList,
  GRRelationBody,
  GRRow,
  MilestoneList,
  MilestoneRow,
  Ok,
  RowVersionBody,
  SaveGRBody,
  SaveMilestoneBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context';
import { currentUser, postGroup } from '../../../core/http';
import { receiptFiles, removeReceiptFile } from '../attachments/attachment.service';
import { DOCUMENT_READERS } from '../lifecycle/document.policy';
import { removeEvidence, requestUnblock } from './block.service';
import * as receipts from './receipts.service';

const tags = ['applies'];
/** Changing an apply's milestones, receipts and evidence, or a claim's receipts, is part of filling in documents. */
const FILL_IN = 'personalExpense';
const READERS = [...DOCUMENT_READERS];
const ok = { Success: true as const };

/** Long-term applies' milestones and goods receipts, their relation to claims, and the apply block (DESIGN §11). */
export async function appliesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const doc = postGroup(app, { base: '/api/document', permission: FILL_IN, tags });
  doc(
    'SearchMilestoneList',
    {
      summary: "An apply's milestones with what was received on each",
      body: ApplyDocumentBody,
      response: MilestoneList,
      permission: READERS,
    },
    async (req) => receipts.searchMilestones(ctx.db, currentUser(req), req.body.DocumentID),
  );
  doc(
    'SaveMilestone',
    {
      summary: 'Add or change a milestone of an apply (together within its total)',
      body: SaveMilestoneBody,
      response: MilestoneRow,
    },
    async (req) => receipts.saveMilestone(ctx.db, currentUser(req), req.body, String(req.id)),
  );
  doc(
    'DeleteMilestone',
    { summary: 'Remove a milestone that has no goods receipts', body: RowVersionBody, response: Ok },
    async (req) => {
      await receipts.deleteMilestone(ctx.db, currentUser(req), req.body, String(req.id));
      return ok;
    },
  );
  doc(
    'SaveGR',
    { summary: 'Record or change a goods receipt of an approved apply', body: SaveGRBody, response: GRRow },
    async (req) => receipts.saveReceipt(ctx.db, currentUser(req), req.body, String(req.id)),
  );
  doc(
    'DeleteGR',
    { summary: 'Remove a goods receipt no claim pays for, with its files', body: RowVersionBody, response: Ok },
    async (req) => {
      await receipts.deleteReceipt(ctx, currentUser(req), req.body, String(req.id));
      return ok;
    },
  );
  doc(
    'GetApplyRelGR',
    {
      summary: 'The goods receipts of an apply, or those a claim pays for',
      body: ApplyDocumentBody,
      response: GRList,
      permission: READERS,
    },
    async (req) => receipts.relatedReceipts(ctx.db, currentUser(req), req.body.DocumentID),
  );
  doc(
    'GetUnrelationGR',
    {
      summary: "Goods receipts of a claim's apply that no claim pays for yet",
      body: ApplyDocumentBody,
      response: GRList,
      permission: READERS,
    },
    async (req) => receipts.unrelatedReceipts(ctx.db, currentUser(req), req.body.DocumentID),
  );
  doc(
    'SaveRelationGR',
    { summary: 'A claim pays for goods receipts of its apply', body: GRRelationBody, response: GRList },
    async (req) => receipts.changeRelation(ctx.db, currentUser(req), req.body, true, String(req.id)),
  );
  doc(
    'DelRelationGR',
    { summary: 'A claim lets goods receipts go', body: GRRelationBody, response: GRList },
    async (req) => receipts.changeRelation(ctx.db, currentUser(req), req.body, false, String(req.id)),
  );
  doc(
    'GetGRDetailByMilestone',
    {
      summary: "An apply's goods receipts by milestone",
      body: ApplyDocumentBody,
      response: GRByMilestone,
      permission: READERS,
    },
    async (req) => receipts.byMilestone(ctx.db, currentUser(req), req.body.DocumentID),
  );
  doc(
    'GetGRDetailByMonth',
    {
      summary: "An apply's goods receipts by month received",
      body: ApplyDocumentBody,
      response: GRByMonth,
      permission: READERS,
    },
    async (req) => receipts.byMonth(ctx.db, currentUser(req), req.body.DocumentID),
  );
  doc(
    'UpdateApplyUnblock',
    {
      summary:
        'The applicant releases a blocked apply with complete evidence, or gives an unlock reason for their manager',
      body: ApplyUnblockBody,
      response: DocumentDetail,
    },
    async (req) => requestUnblock(ctx, currentUser(req), req.body, req.culture, String(req.id)),
  );

  const preview = postGroup(app, { base: '/api/Preview', permission: READERS, tags });
  preview(
    'GetGRList',
    { summary: "A print-ready list of an apply's goods receipts", body: DocumentIdBody, response: GRList },
    async (req) => receipts.relatedReceipts(ctx.db, currentUser(req), req.body.ID),
  );
  preview(
    'GetGRData',
    { summary: 'One goods receipt with its files', body: GRIdBody, response: GRData },
    async (req) => {
      const user = currentUser(req);
      const r = await receipts.receipt(ctx.db, user, req.body.ID);
      const files = await receiptFiles(ctx, r.row.DocumentID, r.row.ID, req.culture, r.editable);
      return { ...r.row, Files: files, Editable: r.editable };
    },
  );

  const files = postGroup(app, { base: '/api/UploadAttachment', permission: FILL_IN, tags });
  files(
    'RemoveApplyBlockFile',
    {
      summary: 'Take back an evidence file of an approved apply before its block is resolved',
      body: AttachmentIdBody,
      response: Ok,
    },
    async (req) => {
      await removeEvidence(ctx, currentUser(req), req.body.ID, String(req.id));
      return ok;
    },
  );
  files(
    'DeleteGRFile',
    { summary: 'Remove a file of a goods receipt', body: AttachmentIdBody, response: Ok },
    async (req) => {
      await removeReceiptFile(ctx, currentUser(req), req.body.ID, String(req.id));
      return ok;
    },
  );
}
