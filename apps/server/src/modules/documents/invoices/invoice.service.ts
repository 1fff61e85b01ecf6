import {
  addMoney,
  type Culture,
  type DocState,
  type DocumentInvoiceBody,
  type DocumentInvoiceList,
  deductibleVat,
  type FapiaoFields,
  type FapiaoType,
  fapiaoProblems,
  type InvoiceInfoUrl,
  type InvoiceInput,
  type InvoiceRow,
  type InvoiceServiceSession,
  type InvoiceVersionBody,
  invoiceKey,
  invoiceTotal,
  isElectronic,
  isFullyDigital,
  isPersonalBuyer,
  isSpecialVat,
  type Page,
  parseFapiaoQr,
  type SaveDocumentInvoiceBody,
  type SaveInvoiceEntryBody,
  type SearchInvoiceEntryBody,
  type SubInvoiceList,
  type UpdateDocumentInvoiceBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded, requireVersion, staleVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import type { Messages } from '../../../core/i18n';
import { shanghaiToday } from '../../../core/time';
import { audit, auditEntry } from '../../audit/audit.service';
import { AttachmentStore } from '../attachments/attachment.storage';
import { visible } from '../document.service';
import { lockDocument } from '../lifecycle/document.lock';
import { allowedActions, type DocFacts, isOwner } from '../lifecycle/document.policy';
import type { DocumentFollower } from '../lifecycle/followers';
import { invoiceService, type VerifyReply } from './invoice.gateway';
import * as repo from './invoice.repository';
import { hasLine, lineCovers, lineForNewFapiao } from './line-cover.service';

/** Who calls: the session (for what documents they may see and act on) and the actor (for audit rows). */
export interface Caller {
  user: SessionUser;
  actor: Actor;
}

const EDITABLE: ReadonlySet<DocState> = new Set(['draft', 'returned']);

type Resolved = {
  fields: FapiaoFields;
  electronic: boolean;
  source: 'manual' | 'qr';
  qrText: string | null;
};

/** The fapiao's fields: read from the QR text when given, else as entered; a missing field is named. */
function resolve(body: InvoiceInput): Resolved {
  const items = (body.Items ?? []).map((i) => ({ amount: i.Amount, taxAmount: i.TaxAmount ?? '0.00' }));
  const rest = { taxAmount: body.TaxAmount ?? '0.00', fuelAmount: body.FuelAmount ?? '0.00', items };
  if (body.QrText) {
    const qr = parseFapiaoQr(body.QrText);
    if (!qr.ok) throw new AppError(400, qr.code, undefined, [{ field: 'QrText', code: qr.code }]);
    const v = qr.value;
    return {
      fields: {
        type: v.type,
        code: v.code,
        number: v.number,
        invoiceDate: v.invoiceDate,
        amount: v.amount,
        checkCode: v.checkCode,
        ...rest,
      },
      electronic: isElectronic(v.type, v.number, v.code, v.electronic || (body.Electronic ?? false)),
      source: 'qr',
      qrText: body.QrText,
    };
  }
  for (const f of ['InvoiceType', 'Number', 'InvoiceDate', 'Amount'] as const)
    if (!body[f]) throw fieldError(f, 'validation.required');
  const type = body.InvoiceType!;
  const code = body.Code ?? '';
  const number = body.Number!;
  return {
    fields: {
      type,
      code,
      number,
      invoiceDate: body.InvoiceDate!,
      amount: body.Amount!,
      checkCode: body.CheckCode ?? '',
      ...rest,
    },
    electronic: isElectronic(type, number, code, body.Electronic ?? false),
    source: 'manual',
    qrText: null,
  };
}

/** Company names as printed: full-width brackets and spaces do not make another buyer. */
const normalName = (s: string) => s.replace(/（/g, '(').replace(/）/g, ')').replace(/\s+/g, '').toUpperCase();

/**
 * The format, date and amount rules, then the buyer (decision 058): a fapiao made out to a person names no company
 * (never a special VAT fapiao); a special VAT fapiao names the company; a name or tax id given must be the company's.
 * A fully digital fapiao read from its QR code may come without its buyer (the code does not hold it): submit asks for
 * it (`invoiceLineProblem`).
 */
async function check(db: Db, companyId: number, r: Resolved, body: InvoiceInput): Promise<void> {
  const problems = fapiaoProblems(r.fields, shanghaiToday());
  if (problems.length) {
    throw new AppError(
      400,
      problems[0]!.code,
      undefined,
      problems.map((p) => ({ field: p.field, code: p.code })),
    );
  }
  await checkBuyer(db, companyId, r.fields.type, buyerOf(body));
}

type Buyer = { name: string; taxId: string; personal: boolean };
const buyerOf = (body: Pick<InvoiceInput, 'BuyerName' | 'BuyerTaxID' | 'BuyerPersonal'>): Buyer => {
  const name = body.BuyerName ?? '';
  return {
    name,
    taxId: (body.BuyerTaxID ?? '').toUpperCase(),
    personal: isPersonalBuyer(name, body.BuyerPersonal ?? false),
  };
};

async function checkBuyer(db: Db, companyId: number, type: FapiaoType, b: Buyer): Promise<void> {
  const { name: buyerName, taxId: buyerTaxId } = b;
  if (b.personal) {
    if (isSpecialVat(type)) throw fieldError('BuyerPersonal', 'invoice.personal_buyer_special');
    return;
  }
  if (isSpecialVat(type)) {
    if (!buyerName) throw fieldError('BuyerName', 'invoice.buyer_required');
    if (!buyerTaxId) throw fieldError('BuyerTaxID', 'invoice.buyer_required');
  }
  const buyer = await repo.companyBuyer(db, companyId);
  if (!buyer) throw notFound();
  if (buyerName && ![buyer.nameZh, buyer.nameEn].some((n) => normalName(n) === normalName(buyerName)))
    throw fieldError('BuyerName', 'invoice.buyer_name_mismatch', { name: buyer.nameZh });
  if (buyerTaxId && buyer.taxId && buyer.taxId.toUpperCase() !== buyerTaxId)
    throw fieldError('BuyerTaxID', 'invoice.buyer_tax_id_mismatch', { taxId: buyer.taxId });
}

export async function verify(ctx: InvoiceContext, f: FapiaoFields): Promise<VerifyReply> {
  return invoiceService(ctx.config.invoiceServiceUrl).verify({
    type: f.type,
    code: f.code,
    number: f.number,
    invoiceDate: f.invoiceDate,
    amount: f.amount,
    checkCode: f.checkCode,
  });
}

/**
 * Checks the entry and answers the row's values: verified by the invoice service now, or (`queued`) left unverified
 * for the verify job the caller enqueues with the save.
 */
export async function prepare(
  ctx: InvoiceContext,
  companyId: number,
  body: InvoiceInput,
  verification: 'now' | 'queued' = 'now',
) {
  const r = resolve(body);
  await check(ctx.db, companyId, r, body);
  const v: VerifyReply =
    verification === 'now' ? await verify(ctx, r.fields) : { status: 'not_verified', message: null };
  const f = r.fields;
  const buyer = buyerOf(body);
  const values = {
    invoiceType: f.type,
    code: f.code,
    number: f.number,
    invoiceKey: invoiceKey(f.code, f.number),
    invoiceDate: f.invoiceDate,
    amount: f.amount,
    taxAmount: f.taxAmount,
    fuelAmount: f.fuelAmount,
    totalAmount: invoiceTotal(f),
    deductibleVat: deductibleVat(f),
    checkCode: f.checkCode,
    buyerName: buyer.name,
    buyerTaxId: buyer.taxId,
    buyerPersonal: buyer.personal,
    sellerName: body.SellerName ?? '',
    sellerTaxId: (body.SellerTaxID ?? '').toUpperCase(),
    electronic: r.electronic,
    source: r.source,
    qrText: r.qrText,
    verifyStatus: v.status,
    verifyMessage: v.message,
    verifiedAt: v.status === 'not_verified' ? null : new Date(),
    remark: body.Remark ?? null,
  };
  const items: repo.ItemInsert[] = (body.Items ?? []).map((i, n) => ({
    lineNo: n + 1,
    name: i.Name,
    specification: i.Specification ?? '',
    quantity: i.Quantity ?? null,
    amount: i.Amount,
    taxRate: i.TaxRate ?? null,
    taxAmount: i.TaxAmount ?? '0.00',
  }));
  return { values, items };
}

function toRow(messages: Messages, culture: Culture, r: repo.InvoiceListRow): InvoiceRow {
  const i = r.i;
  const claim = i.documentId === null ? null : i.claim;
  const free = claim === null && (i.documentId === null || (r.docStatus !== null && EDITABLE.has(r.docStatus)));
  return {
    ID: i.id,
    DocumentID: i.documentId,
    DocNo: r.docNo,
    InvoiceType: i.invoiceType,
    InvoiceTypeName: messages.t(`invoice.type.${i.invoiceType}`, culture),
    Code: i.code,
    Number: i.number,
    InvoiceDate: i.invoiceDate,
    Amount: i.amount,
    TaxAmount: i.taxAmount,
    FuelAmount: i.fuelAmount,
    TotalAmount: i.totalAmount,
    DeductibleVat: i.deductibleVat,
    CheckCode: i.checkCode,
    BuyerName: i.buyerName,
    BuyerTaxID: i.buyerTaxId,
    BuyerPersonal: i.buyerPersonal,
    SellerName: i.sellerName,
    SellerTaxID: i.sellerTaxId,
    Electronic: i.electronic,
    FullyDigital: isFullyDigital(i.invoiceType, i.number, i.code),
    Source: i.source === 'qr' || i.source === 'file' ? i.source : 'manual',
    HasFile: r.hasFile,
    VerifyStatus: i.verifyStatus,
    VerifyStatusName: messages.t(`invoice.verify.${i.verifyStatus}`, culture),
    VerifyMessage: i.verifyMessage,
    ClaimState: claim ?? 'free',
    Remark: i.remark,
    LineNo: i.documentId === null ? null : i.lineNo,
    CanChange: free,
    Version: i.version,
  };
}

export async function rowOf(ctx: AppContext, culture: Culture, id: number): Promise<InvoiceRow> {
  const r = await repo.findInvoice(ctx.db, id);
  if (!r) throw notFound();
  return toRow(ctx.messages, culture, r);
}

/** The same fapiao is already in this person's folder: where it is decides the message. */
function duplicate(): AppError {
  return duplicateOn('Number', 'invoice.duplicate');
}

// ---- The invoice folder (InvoiceEntry) ----

export async function searchEntries(
  ctx: AppContext,
  actor: Actor,
  q: SearchInvoiceEntryBody,
): Promise<Page<InvoiceRow>> {
  const page = await repo.searchFolder(ctx.db, actor.companyId, actor.userId, q);
  return { Total: page.total, Rows: page.rows.map((r) => toRow(ctx.messages, actor.culture, r)) };
}

/** One of the caller's own invoices, locked, that may still change: not claimed, its document (if any) editable. */
async function lockedOwn(tx: Db, actor: Actor, id: number) {
  const inv = await repo.lockInvoice(tx, id);
  if (!inv || inv.companyId !== actor.companyId || inv.ownerId !== actor.userId) throw notFound();
  if (inv.claim !== null && inv.documentId !== null) throw refused('invoice.claimed', { number: inv.number });
  if (inv.documentId !== null) {
    // The document's lock: no submit slips between this check and the change to its fapiao.
    const d = await lockDocument(tx, inv.documentId);
    if (d && !EDITABLE.has(d.status)) throw refused('invoice.document_locked', { number: inv.number });
  }
  return inv;
}

/** Enters a fapiao into the caller's folder, or corrects one that is still free. */
export async function saveEntry(ctx: AppContext, actor: Actor, body: SaveInvoiceEntryBody): Promise<InvoiceRow> {
  const { values, items } = await prepare(ctx, actor.companyId, body);
  const id = await ctx.db.transaction(async (tx) => {
    let id: number;
    if (body.ID) {
      const version = requireVersion(body.Version);
      await lockedOwn(tx, actor, body.ID);
      const row = await guarded(() => repo.updateInvoice(tx, body.ID!, version, values), { duplicate: duplicate() });
      if (!row) throw staleVersion();
      id = row.id;
    } else {
      id = await guarded(
        () => repo.insertInvoice(tx, { ...values, companyId: actor.companyId, ownerId: actor.userId }),
        { duplicate: duplicate() },
      );
    }
    await repo.replaceItems(tx, id, items);
    await audit(
      tx,
      auditEntry(actor, {
        action: body.ID ? 'update' : 'create',
        entity: 'invoice',
        entityId: id,
        detail: { number: values.number, code: values.code, source: values.source, verify: values.verifyStatus },
      }),
    );
    return id;
  });
  return rowOf(ctx, actor.culture, id);
}

/** Deletes a free entry; the file it was read from goes with it, once the delete committed. */
export async function deleteEntry(ctx: AppContext, actor: Actor, body: InvoiceVersionBody): Promise<void> {
  const file = await ctx.db.transaction(async (tx) => {
    const inv = await lockedOwn(tx, actor, body.ID);
    if (inv.version !== body.Version) throw staleVersion();
    const file = await repo.fileOf(tx, inv.id);
    if (!(await repo.removeInvoice(tx, inv.id, inv.version))) throw staleVersion();
    await audit(
      tx,
      auditEntry(actor, { action: 'delete', entity: 'invoice', entityId: inv.id, detail: { number: inv.number } }),
    );
    return file;
  });
  if (file) await new AttachmentStore(ctx.config.dataDir).remove(file.storageKey);
}

/** An invoice the caller may see: their own, or one on a document they may open. */
export async function readable(ctx: AppContext, c: Caller, id: number) {
  const r = await repo.findInvoice(ctx.db, id);
  if (!r || r.i.companyId !== c.user.companyId) throw notFound();
  if (r.i.ownerId === c.user.userId) return r;
  if (r.i.documentId === null) throw notFound();
  await visible(ctx.db, c.user, r.i.documentId);
  return r;
}

export async function subInvoices(ctx: AppContext, c: Caller, invoiceId: number): Promise<SubInvoiceList> {
  await readable(ctx, c, invoiceId);
  const rows = await repo.itemsOf(ctx.db, invoiceId);
  return {
    InvoiceID: invoiceId,
    Rows: rows.map((i) => ({
      ID: i.id,
      LineNo: i.lineNo,
      Name: i.name,
      Specification: i.specification,
      Quantity: i.quantity,
      Amount: i.amount,
      TaxRate: i.taxRate,
      TaxAmount: i.taxAmount,
    })),
  };
}

export async function infoUrl(ctx: AppContext, c: Caller, invoiceId: number): Promise<InvoiceInfoUrl> {
  const r = await readable(ctx, c, invoiceId);
  const service = invoiceService(ctx.config.invoiceServiceUrl);
  return {
    InvoiceID: invoiceId,
    Url: service.infoUrl({ code: r.i.code, number: r.i.number, invoiceDate: r.i.invoiceDate }),
    Provider: service.name,
  };
}

/** `GET /api/Login/Index`: opens a session with the invoice service for the signed-in user. */
export async function openSession(ctx: AppContext, actor: Actor): Promise<InvoiceServiceSession> {
  const service = invoiceService(ctx.config.invoiceServiceUrl);
  const s = await service.openSession(actor.userId);
  return {
    Provider: service.name,
    SessionToken: s.token,
    ExpiresAt: s.expiresAt.toISOString(),
    OnlineVerification: service.online,
  };
}

// ---- A document's invoices ----

function mayEdit(user: SessionUser, d: DocFacts): boolean {
  return allowedActions(user, d, false).includes('edit');
}

/** Whether the user may change the document's fapiao and receipts now: its owner, while it may be edited. */
export function mayChange(user: SessionUser, d: DocFacts): boolean {
  return isOwner(user, d) && mayEdit(user, d);
}

function assertEditable(user: SessionUser, d: DocFacts): void {
  if (!isOwner(user, d)) throw refused('invoice.not_owner');
  if (!mayEdit(user, d)) throw refused('invoice.document_locked_for_change');
}

/** The document the caller sees, refused unless they may change its fapiao and receipts now (read before the lock). */
export async function editableDocument(db: Db, user: SessionUser, documentId: number) {
  const found = await visible(db, user, documentId);
  const d = { ...found.d, id: documentId };
  assertEditable(user, d);
  return d;
}

/** Locks the document and checks, against the locked state, that its fapiao and receipts may still change. */
export async function lockEditable(tx: Db, user: SessionUser, d: DocFacts & { id: number }) {
  const locked = await lockDocument(tx, d.id);
  if (!locked) throw notFound();
  assertEditable(user, { ...d, status: locked.status });
}

export async function documentInvoices(ctx: AppContext, c: Caller, documentId: number): Promise<DocumentInvoiceList> {
  const found = await visible(ctx.db, c.user, documentId);
  const d = { ...found.d, id: documentId };
  const [rows, allElectronic, lines, buyer] = await Promise.all([
    repo.invoicesOf(ctx.db, documentId),
    repo.paperless(ctx.db, documentId),
    lineCovers(ctx.db, d, c.actor.culture),
    repo.companyBuyer(ctx.db, d.companyId),
  ]);
  return {
    Rows: rows.map((r) => toRow(ctx.messages, c.actor.culture, r)),
    Editable: mayChange(c.user, found.d),
    AllElectronic: allElectronic,
    TotalAmount: addMoney('0', ...rows.map((r) => r.i.totalAmount)),
    DeductibleVat: addMoney('0', ...rows.map((r) => r.i.deductibleVat)),
    Lines: lines,
    Buyer: { Name: buyer?.nameZh ?? '', TaxID: buyer?.taxId ?? '' },
  };
}

/**
 * Adds a fapiao to an editable document: one from the applicant's folder (`InvoiceID`), or a new one entered by
 * hand or from its QR text. A fapiao already in the applicant's folder and free is taken from there.
 */
export async function saveDocumentInvoice(
  ctx: AppContext,
  c: Caller,
  body: SaveDocumentInvoiceBody,
): Promise<InvoiceRow> {
  return rowOf(ctx, c.actor.culture, await addDocumentInvoice(ctx, c, body));
}

/** What adding a fapiao to a document needs of the app: the database and where the invoice service is. */
export type InvoiceContext = Pick<AppContext, 'db'> & { config: Pick<AppContext['config'], 'invoiceServiceUrl'> };

/** Adds the fapiao and answers its id (the demo data enters its fapiao through this too). */
export async function addDocumentInvoice(
  ctx: InvoiceContext,
  c: Caller,
  body: SaveDocumentInvoiceBody,
): Promise<number> {
  const d = await editableDocument(ctx.db, c.user, body.DocumentID);
  const prepared = body.InvoiceID ? undefined : await prepare(ctx, c.user.companyId, body);
  return ctx.db.transaction(async (tx) => {
    await lockEditable(tx, c.user, d);
    if (body.LineNo !== undefined) await assertLine(tx, d.id, body.LineNo);
    let id = body.InvoiceID;
    if (prepared) {
      const inFolder = await repo.findByKey(tx, d.companyId, d.applicantId, prepared.values.invoiceKey);
      if (inFolder?.documentId === d.id) throw duplicateOn('Number', 'invoice.already_on_document');
      id = inFolder?.id;
      if (!inFolder) {
        id = await guarded(
          () =>
            repo.insertInvoice(tx, {
              ...prepared.values,
              companyId: d.companyId,
              ownerId: d.applicantId,
              documentId: d.id,
            }),
          { duplicate: duplicate() },
        );
        await repo.replaceItems(tx, id, prepared.items);
      }
    }
    const inv = await repo.lockInvoice(tx, id!);
    if (!inv || inv.companyId !== d.companyId || inv.ownerId !== d.applicantId) throw notFound();
    if (inv.documentId !== null && inv.documentId !== d.id) {
      const other = await repo.findInvoice(tx, inv.id);
      throw refused('invoice.on_other_document', { number: inv.number, docNo: other?.docNo ?? '' });
    }
    const joining = inv.documentId === null;
    const lineNo =
      body.LineNo ?? (joining || inv.lineNo === null ? await lineForNewFapiao(tx, d, inv.totalAmount) : inv.lineNo);
    const change = joining ? { documentId: d.id, claim: null, lineNo } : { lineNo };
    if ((joining || lineNo !== inv.lineNo) && !(await repo.updateInvoice(tx, inv.id, inv.version, change)))
      throw staleVersion();
    await audit(
      tx,
      auditEntry(c.actor, {
        principalId: d.applicantId,
        action: 'add_invoice',
        entity: 'document',
        entityId: d.id,
        detail: { invoiceId: inv.id, number: inv.number, code: inv.code, lineNo },
      }),
    );
    return inv.id;
  });
}

async function assertLine(tx: Db, documentId: number, lineNo: number | null): Promise<void> {
  if (lineNo !== null && !(await hasLine(tx, documentId, lineNo)))
    throw fieldError('LineNo', 'invoice.line_unknown', { line: lineNo });
}

/**
 * Changes what the claimant states about a fapiao on their editable document: the line it stands behind, and its
 * buyer (checked as at entry) where its QR code did not carry one.
 */
export async function updateDocumentInvoice(
  ctx: AppContext,
  c: Caller,
  body: UpdateDocumentInvoiceBody,
): Promise<InvoiceRow> {
  const d = await editableDocument(ctx.db, c.user, body.DocumentID);
  await ctx.db.transaction(async (tx) => {
    await lockEditable(tx, c.user, d);
    const inv = await repo.lockInvoice(tx, body.InvoiceID);
    if (!inv || inv.documentId !== d.id) throw notFound();
    if (inv.version !== body.Version) throw staleVersion();
    const set: Partial<repo.InvoiceInsert> = {};
    if (body.LineNo !== undefined) {
      await assertLine(tx, d.id, body.LineNo);
      set.lineNo = body.LineNo;
    }
    if (body.BuyerName !== undefined || body.BuyerTaxID !== undefined || body.BuyerPersonal !== undefined) {
      const b = buyerOf({
        BuyerName: body.BuyerName ?? inv.buyerName,
        BuyerTaxID: body.BuyerTaxID ?? inv.buyerTaxId,
        BuyerPersonal: body.BuyerPersonal ?? inv.buyerPersonal,
      });
      await checkBuyer(tx, d.companyId, inv.invoiceType, b);
      Object.assign(set, { buyerName: b.name, buyerTaxId: b.taxId, buyerPersonal: b.personal });
    }
    if (!(await repo.updateInvoice(tx, inv.id, inv.version, set))) throw staleVersion();
    await audit(
      tx,
      auditEntry(c.actor, {
        principalId: d.applicantId,
        action: 'update_invoice',
        entity: 'document',
        entityId: d.id,
        detail: { invoiceId: inv.id, number: inv.number, ...set },
      }),
    );
  });
  return rowOf(ctx, c.actor.culture, body.InvoiceID);
}

/** Takes a fapiao off an editable document; it stays in the applicant's folder. */
export async function removeDocumentInvoice(ctx: AppContext, c: Caller, body: DocumentInvoiceBody): Promise<void> {
  const d = await editableDocument(ctx.db, c.user, body.DocumentID);
  await ctx.db.transaction(async (tx) => {
    await lockEditable(tx, c.user, d);
    const inv = await repo.lockInvoice(tx, body.InvoiceID);
    if (!inv || inv.documentId !== d.id) throw notFound();
    if (!(await repo.updateInvoice(tx, inv.id, inv.version, { documentId: null, claim: null }))) throw staleVersion();
    await audit(
      tx,
      auditEntry(c.actor, {
        principalId: d.applicantId,
        action: 'remove_invoice',
        entity: 'document',
        entityId: d.id,
        detail: { invoiceId: inv.id, number: inv.number, code: inv.code },
      }),
    );
  });
}

// ---- What the lifecycle and other parts read ----

/** What a document's state means for its fapiao: none claimed, locked to it while live, final once paid. */
function claimFor(state: DocState | 'deleted'): 'locked' | 'final' | null {
  if (state === 'draft' || state === 'returned' || state === 'cancelled' || state === 'deleted') return null;
  if (state === 'paid' || state === 'closed') return 'final';
  return 'locked';
}

/**
 * Moves the claims of a document's fapiao with its state, inside the transition's transaction: locked at submit,
 * released when returned or cancelled, final once paid. A fapiao another live document holds refuses the
 * transition; two documents racing for one fapiao meet at the partial unique index, and exactly one wins.
 */
export async function followDocumentState(
  tx: Db,
  d: { id: number; companyId: number; status: DocState },
  to: DocState | 'deleted',
): Promise<void> {
  await followDocumentStates(tx, [d], to);
}

/** The fapiao's follower of the lifecycle (`modules/followers.ts`): their claims move with the documents' state. */
export const invoiceFollower: DocumentFollower = {
  name: 'invoices',
  after: 'work',
  follow: (tx, change) => followDocumentStates(tx, change.docs, change.to),
};

/** `followDocumentState` for documents of one company moving to one state together, in a few statements. */
export async function followDocumentStates(
  tx: Db,
  docs: readonly { id: number; companyId: number; status: DocState }[],
  to: DocState | 'deleted',
): Promise<void> {
  const claim = claimFor(to);
  const moving = docs.filter((d) => claim !== claimFor(d.status));
  if (moving.length === 0) return;
  const ids = moving.map((d) => d.id);
  const duplicate = { duplicate: refused('invoice.claimed_concurrently') };
  if (claim === null) return guarded(() => repo.setClaims(tx, ids, null), duplicate);
  // Checked and claimed in one statement: nothing is claimed when another document holds one of them.
  const other = await guarded(() => repo.claimUnlessElsewhere(tx, ids, claim), duplicate);
  if (other) throw refused('invoice.claimed_elsewhere', { number: other.number, docNo: other.docNo });
}

/** Why a document's fapiao stop it from going into approval, if they do (a submit check, DESIGN §9). */
export async function invoiceSubmitProblem(db: Db, d: { id: number }): Promise<AppError | undefined> {
  const facts = await repo.submitFacts(db, d.id);
  if (facts.failed) return refused('invoice.verification_failed', { number: facts.failed });
  const other = facts.other;
  if (other) return refused('invoice.claimed_elsewhere', { number: other.number, docNo: other.docNo });
  return undefined;
}

/** Whether the document needs no paper mailed: fapiao, all electronic, and no paper receipt (`needsMailing`). */
export async function paperless(db: Db, documentId: number): Promise<boolean> {
  return repo.paperless(db, documentId);
}
