import {
  addMoney,
  compareMoney,
  type GRByMilestone,
  type GRByMonth,
  type GRList,
  type GRRelationBody,
  type GRRow,
  type MilestoneList,
  type MilestoneRow,
  money,
  type RowVersionBody,
  type SaveGRBody,
  type SaveMilestoneBody,
} from '@ems/contracts';
import { requireVersion, staleVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { audit } from '../../audit/audit.service';
import { AttachmentStore } from '../attachments/attachment.storage';
import { visible } from '../document.service';
import { type LockedDocument, lockDocument } from '../lifecycle/document.lock';
import { isOwner } from '../lifecycle/document.policy';
import * as repo from './receipts.repository';

type Doc = Pick<LockedDocument, 'docType' | 'status' | 'applicantId' | 'preparerId' | 'applyStopped'>;

/** Milestones are planned with the apply (draft, returned) and kept up to date once it is approved and taking claims. */
function milestonesOpen(user: SessionUser, d: Doc): boolean {
  return (
    d.docType === 'apply' &&
    isOwner(user, d) &&
    (d.status === 'draft' || d.status === 'returned' || (d.status === 'approved' && !d.applyStopped))
  );
}

/** Goods are received against an approved apply still taking claims. */
function receiptsOpen(user: SessionUser, d: Doc): boolean {
  return d.docType === 'apply' && isOwner(user, d) && d.status === 'approved' && !d.applyStopped;
}

/** A claim relates receipts while its owner may still edit it. */
function relationsOpen(user: SessionUser, d: Doc & { applyId: number | null }): boolean {
  return (
    d.docType === 'deputy' &&
    d.applyId !== null &&
    isOwner(user, d) &&
    (d.status === 'draft' || d.status === 'returned')
  );
}

/** Why a document refuses the change, as one coded refusal. */
function refusal(user: SessionUser, d: Doc, what: 'milestone' | 'receipt'): never {
  if (d.docType !== 'apply') throw refused('apply.not_apply');
  if (!isOwner(user, d)) throw refused('apply.not_owner');
  if (d.applyStopped) throw refused('apply.stopped');
  throw refused(what === 'milestone' ? 'apply.milestones_locked' : 'apply.receipts_need_approved');
}

/** The audit row of a change to an apply's (or claim's) milestones or receipts, on behalf of its applicant. */
function record(
  tx: Db,
  user: SessionUser,
  d: Pick<LockedDocument, 'applicantId'>,
  requestId: string,
  e: { action: string; entity: string; entityId: number; detail: Record<string, unknown> },
) {
  return audit(tx, { companyId: user.companyId, actorId: user.userId, principalId: d.applicantId, requestId, ...e });
}

/** Locks the document the change belongs to (one change at a time, checked against its locked state). */
async function locked(tx: Db, user: SessionUser, id: number): Promise<LockedDocument> {
  const d = await lockDocument(tx, id);
  if (!d || d.companyId !== user.companyId) throw notFound();
  return d;
}

function milestoneRow(r: Awaited<ReturnType<typeof repo.milestonesOf>>[number]): MilestoneRow {
  return {
    ID: r.m.id,
    DocumentID: r.m.documentId,
    Name: r.m.name,
    PlannedDate: r.m.plannedDate,
    Amount: r.m.amount,
    ReceivedAmount: money(r.received),
    ReceiptCount: r.receipts,
    Version: r.m.version,
  };
}

export function receiptRow(r: repo.GRListRow): GRRow {
  return {
    ID: r.g.id,
    DocumentID: r.g.documentId,
    DocNo: r.docNo,
    MilestoneID: r.g.milestoneId,
    MilestoneName: r.milestoneName,
    GRDate: r.g.grDate,
    Month: r.g.grDate.slice(0, 7),
    Amount: r.g.amount,
    Description: r.g.description,
    ClaimID: r.g.claimId,
    ClaimNo: r.claimNo,
    FileCount: r.files,
    Version: r.g.version,
  };
}

const total = (rows: GRRow[]) => addMoney('0', ...rows.map((r) => r.Amount));

/** SearchMilestoneList: an apply's milestones, for anyone who may see the apply. */
export async function searchMilestones(db: Db, user: SessionUser, documentId: number): Promise<MilestoneList> {
  const { d } = await visible(db, user, documentId);
  if (d.docType !== 'apply') throw notFound();
  const rows = (await repo.milestonesOf(db, documentId)).map(milestoneRow);
  return {
    Rows: rows,
    ApplyAmount: d.totalAmount,
    PlannedAmount: addMoney('0', ...rows.map((r) => r.Amount)),
    Editable: milestonesOpen(user, d),
  };
}

/** SaveMilestone: adds or changes a milestone; together they may not exceed the apply's total. */
export async function saveMilestone(db: Db, user: SessionUser, body: SaveMilestoneBody, requestId: string) {
  await visible(db, user, body.DocumentID);
  const id = await db.transaction(async (tx) => {
    const d = await locked(tx, user, body.DocumentID);
    if (!milestonesOpen(user, d)) refusal(user, d, 'milestone');
    const existing = body.ID ? await repo.findMilestone(tx, body.ID) : undefined;
    if (body.ID && existing?.documentId !== d.id) throw notFound();
    const version = existing ? requireVersion(body.Version) : 0;
    const planned = addMoney(await repo.plannedSum(tx, d.id, existing?.id), body.Amount);
    if (compareMoney(planned, d.totalAmount) > 0)
      throw fieldError('Amount', 'apply.milestones_over_total', { total: d.totalAmount, planned });
    if (existing) {
      const received = await repo.receivedSum(tx, { documentId: d.id, milestoneId: existing.id });
      if (compareMoney(received, body.Amount) > 0)
        throw fieldError('Amount', 'apply.milestone_below_received', { received });
    }
    const values = { name: body.Name, plannedDate: body.PlannedDate, amount: money(body.Amount) };
    const row = existing
      ? await repo.updateMilestone(tx, existing.id, version, values)
      : await repo.insertMilestone(tx, { documentId: d.id, ...values });
    if (!row) throw staleVersion();
    await record(tx, user, d, requestId, {
      action: existing ? 'update' : 'create',
      entity: 'milestone',
      entityId: row.id,
      detail: { documentId: d.id, docNo: d.docNo, ...values },
    });
    return row.id;
  });
  const rows = await repo.milestonesOf(db, body.DocumentID);
  return milestoneRow(rows.find((r) => r.m.id === id)!);
}

/** DeleteMilestone: a milestone without receipts. */
export async function deleteMilestone(db: Db, user: SessionUser, body: RowVersionBody, requestId: string) {
  const m = await repo.findMilestone(db, body.ID);
  if (!m) throw notFound();
  await visible(db, user, m.documentId);
  await db.transaction(async (tx) => {
    const d = await locked(tx, user, m.documentId);
    if (!milestonesOpen(user, d)) refusal(user, d, 'milestone');
    if ((await repo.receiptCountOf(tx, m.id)) > 0) throw refused('apply.milestone_has_receipts', { name: m.name });
    if (!(await repo.deleteMilestone(tx, m.id, body.Version))) throw staleVersion();
    await record(tx, user, d, requestId, {
      action: 'delete',
      entity: 'milestone',
      entityId: m.id,
      detail: { documentId: d.id, docNo: d.docNo, name: m.name, amount: m.amount },
    });
  });
}

/**
 * GetApplyRelGR: the receipts of an apply, or those a claim (deputy) pays for; and whether the user may change
 * them (receipts on the apply, relations on the claim).
 */
export async function relatedReceipts(db: Db, user: SessionUser, documentId: number): Promise<GRList> {
  const { d } = await visible(db, user, documentId);
  if (d.docType === 'loan') throw notFound();
  const rows = (d.docType === 'apply' ? await repo.receiptsOf(db, d.id) : await repo.receiptsOfClaim(db, d.id)).map(
    receiptRow,
  );
  return {
    Rows: rows,
    TotalAmount: total(rows),
    Editable: d.docType === 'apply' ? receiptsOpen(user, d) : relationsOpen(user, d),
  };
}

/** GetUnrelationGR: receipts of a claim's apply that no claim pays for yet. */
export async function unrelatedReceipts(db: Db, user: SessionUser, documentId: number): Promise<GRList> {
  const { d } = await visible(db, user, documentId);
  if (d.docType !== 'deputy') throw notFound();
  const rows = d.applyId ? (await repo.unrelatedOf(db, d.applyId)).map(receiptRow) : [];
  return { Rows: rows, TotalAmount: total(rows), Editable: relationsOpen(user, d) };
}

/** SaveRelationGR / DelRelationGR: a claim takes receipts of its apply, or lets them go; one transaction. */
export async function changeRelation(
  db: Db,
  user: SessionUser,
  body: GRRelationBody,
  relate: boolean,
  requestId: string,
): Promise<GRList> {
  await visible(db, user, body.DocumentID);
  const ids = [...new Set(body.GRIDs)];
  await db.transaction(async (tx) => {
    const d = await locked(tx, user, body.DocumentID);
    if (d.docType !== 'deputy') throw refused('apply.relation_needs_claim');
    if (d.applyId === null) throw refused('apply.claim_without_apply');
    if (!relationsOpen(user, d)) throw refused(isOwner(user, d) ? 'apply.claim_locked' : 'apply.not_owner');
    const apply = relate ? await lockDocument(tx, d.applyId) : undefined;
    if (apply && (apply.status !== 'approved' || apply.applyStopped || apply.blocked))
      throw refused('document.apply_not_usable', { no: apply.docNo });
    const changed = relate ? await repo.relate(tx, d.applyId, d.id, ids) : await repo.unrelate(tx, d.id, ids);
    if (changed.length !== ids.length) {
      throw relate ? conflict('apply.receipt_taken') : refused('apply.receipt_not_related');
    }
    await record(tx, user, d, requestId, {
      action: relate ? 'relate' : 'unrelate',
      entity: 'goods_receipt',
      entityId: d.id,
      detail: { documentId: d.id, docNo: d.docNo, receipts: ids },
    });
  });
  return relatedReceipts(db, user, body.DocumentID);
}

/**
 * SaveGR: records or changes a receipt of an approved apply. On a milestone the receipts may not exceed its amount;
 * all of them together may not exceed the apply's total. A receipt a claim pays for is no longer changed.
 */
export async function saveReceipt(db: Db, user: SessionUser, body: SaveGRBody, requestId: string): Promise<GRRow> {
  await visible(db, user, body.DocumentID);
  const id = await db.transaction(async (tx) => {
    const d = await locked(tx, user, body.DocumentID);
    if (!receiptsOpen(user, d)) refusal(user, d, 'receipt');
    const existing = body.ID ? await repo.findReceipt(tx, body.ID) : undefined;
    if (body.ID && existing?.g.documentId !== d.id) throw notFound();
    const version = existing ? requireVersion(body.Version) : 0;
    if (existing?.g.claimId) throw refused('apply.receipt_related', { no: existing.claimNo ?? '' });
    const milestoneId = body.MilestoneID ?? null;
    if (milestoneId) {
      const m = await repo.findMilestone(tx, milestoneId);
      if (m?.documentId !== d.id) throw fieldError('MilestoneID', 'apply.milestone_unknown');
      const onMilestone = addMoney(
        await repo.receivedSum(tx, { documentId: d.id, milestoneId }, existing?.g.id),
        body.Amount,
      );
      if (compareMoney(onMilestone, m.amount) > 0)
        throw fieldError('Amount', 'apply.receipts_over_milestone', { amount: m.amount, received: onMilestone });
    }
    const all = addMoney(await repo.receivedSum(tx, { documentId: d.id }, existing?.g.id), body.Amount);
    if (compareMoney(all, d.totalAmount) > 0)
      throw fieldError('Amount', 'apply.receipts_over_total', { total: d.totalAmount, received: all });
    const values = {
      milestoneId,
      grDate: body.GRDate,
      amount: money(body.Amount),
      description: body.Description ?? null,
    };
    const row = existing
      ? await repo.updateReceipt(tx, existing.g.id, version, values)
      : await repo.insertReceipt(tx, { documentId: d.id, createdBy: user.userId, ...values });
    if (!row) throw staleVersion();
    await record(tx, user, d, requestId, {
      action: existing ? 'update' : 'create',
      entity: 'goods_receipt',
      entityId: row.id,
      detail: { documentId: d.id, docNo: d.docNo, ...values },
    });
    return row.id;
  });
  return receiptRow((await repo.findReceipt(db, id))!);
}

/** DeleteGR: a receipt no claim pays for, with its files. */
export async function deleteReceipt(ctx: AppContext, user: SessionUser, body: RowVersionBody, requestId: string) {
  const r = await repo.findReceipt(ctx.db, body.ID);
  if (!r) throw notFound();
  await visible(ctx.db, user, r.g.documentId);
  const keys = await ctx.db.transaction(async (tx) => {
    const d = await locked(tx, user, r.g.documentId);
    if (!receiptsOpen(user, d)) refusal(user, d, 'receipt');
    const now = await repo.findReceipt(tx, r.g.id);
    if (now?.g.claimId) throw refused('apply.receipt_related', { no: now.claimNo ?? '' });
    const fileKeys = await repo.fileKeysOf(tx, r.g.id);
    if (!(await repo.deleteReceipt(tx, r.g.id, body.Version))) throw staleVersion();
    await record(tx, user, d, requestId, {
      action: 'delete',
      entity: 'goods_receipt',
      entityId: r.g.id,
      detail: { documentId: d.id, docNo: d.docNo, grDate: r.g.grDate, amount: r.g.amount, files: fileKeys.length },
    });
    return fileKeys;
  });
  const store = new AttachmentStore(ctx.config.dataDir);
  for (const key of keys) await store.remove(key);
}

/** GetGRDetailByMilestone: an apply's receipts grouped by milestone (receipts on none last). */
export async function byMilestone(db: Db, user: SessionUser, documentId: number): Promise<GRByMilestone> {
  const { d } = await visible(db, user, documentId);
  if (d.docType !== 'apply') throw notFound();
  const receipts = (await repo.receiptsOf(db, documentId)).map(receiptRow);
  const rows: GRByMilestone['Rows'] = (await repo.milestonesOf(db, documentId)).map((r) => {
    const mine = receipts.filter((g) => g.MilestoneID === r.m.id);
    return {
      MilestoneID: r.m.id,
      Name: r.m.name,
      PlannedDate: r.m.plannedDate,
      PlannedAmount: r.m.amount,
      ReceivedAmount: total(mine),
      Receipts: mine,
    };
  });
  const loose = receipts.filter((g) => g.MilestoneID === null);
  if (loose.length)
    rows.push({
      MilestoneID: null,
      Name: null,
      PlannedDate: null,
      PlannedAmount: null,
      ReceivedAmount: total(loose),
      Receipts: loose,
    });
  return { Rows: rows };
}

/** GetGRDetailByMonth: an apply's receipts grouped by the month received. */
export async function byMonth(db: Db, user: SessionUser, documentId: number): Promise<GRByMonth> {
  const { d } = await visible(db, user, documentId);
  if (d.docType !== 'apply') throw notFound();
  const months = new Map<string, GRRow[]>();
  for (const g of (await repo.receiptsOf(db, documentId)).map(receiptRow)) {
    months.set(g.Month, [...(months.get(g.Month) ?? []), g]);
  }
  return {
    Rows: [...months].map(([Month, rs]) => ({ Month, ReceivedAmount: total(rs), Receipts: rs })),
  };
}

/** One receipt the user may see, and whether they may change it and its files. */
export async function receipt(db: Db, user: SessionUser, id: number) {
  const r = await repo.findReceipt(db, id);
  if (!r) throw notFound();
  const { d } = await visible(db, user, r.g.documentId);
  return { row: receiptRow(r), editable: receiptsOpen(user, d) && r.g.claimId === null, document: d };
}

/** Whether the user may add or remove files of a receipt now (checked again under the document's lock). */
export async function receiptFilesOpen(tx: Db, user: SessionUser, grId: number, documentId: number) {
  const d = await locked(tx, user, documentId);
  const r = await repo.findReceipt(tx, grId);
  if (r?.g.documentId !== documentId) throw notFound();
  if (!receiptsOpen(user, d)) refusal(user, d, 'receipt');
  if (r.g.claimId) throw refused('apply.receipt_related', { no: r.claimNo ?? '' });
  return d;
}
