import {
  addMoney,
  type ChargeableOptions,
  type ClaimSources,
  type Culture,
  compareMoney,
  type DocType,
  type DocumentDetail,
  type ExpenseLineInput,
  type ExpenseTypeDetailInfo,
  type ExpenseTypeMainInfo,
  type ExpenseTypeNode,
  isMoney,
  money,
  type SaveDocumentBody,
  type SavePlanHeadBody,
  subMoney,
} from '@ems/contracts';
import { guarded } from '../../../core/checks';
import type { AppContext, DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, fieldError, notFound } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { addDays, shanghaiToday } from '../../../core/time';
import { audit } from '../../audit/audit.service';
import { claimTickets, ticketLines } from '../../cards/tmc/tmc.service';
import { activeSubItemsOf, itemsOfType } from '../../masterdata/expense/expense-items.service';
import { typesForUser } from '../../masterdata/expense/expense-types.service';
import { assertChargeable, chargeableFor } from '../../masterdata/funds/chargeable';
import { companyById, findEmployee, profile, requireExpenseUser } from '../../org/org.service';
import { followSummaries, NOTHING_BEFORE } from '../../reports/summary/summary.service';
import { keysOf } from '../attachments/attachment.repository';
import { AttachmentStore } from '../attachments/attachment.storage';
import { rebalance } from '../customers/customer.service';
import * as repo from '../document.repository';
import { load, visible } from '../document.service';
import { unassignGoneLines } from '../invoices/line-cover.service';
import { actingPeople, entitled } from '../lifecycle/document.policy';
import { history } from '../lifecycle/lifecycle.repository';
import { transition } from '../lifecycle/transition';
import { reapportion } from '../parts/apportion.service';
import { lineAmount } from './line-amount';

/** Stores lines; a TMC ticket another save claimed in the meantime is a conflict (the unique claim of a ticket). */
const claimingLines = (work: () => Promise<void>) => guarded(work, { duplicate: 'tmc.ticket_claimed_now' });

type FieldErr = { field: string; code: string; params?: Record<string, string | number> };

const PREFIX: Record<DocType, string> = { apply: 'A', loan: 'L', deputy: 'D' };
/** How far ahead a borrower may set the date a loan is repaid by (decision 059). */
const REPAY_BY_MAX_DAYS = 366;

/** Checks what the document names against master data; returns the lines as stored, with rates and CNY amounts. */
async function prepare(
  db: Db,
  user: SessionUser,
  docType: DocType,
  applicant: { id: number; teamId: number | null },
  body: SaveDocumentBody,
  documentId: number | undefined,
) {
  const applicantId = applicant.id;
  const errors: FieldErr[] = [];
  if (body.ExpenseTypeID) {
    // Team limits and restricted apply types apply to the applicant, whoever fills the form in.
    const open = await typeIdsForApplicant(db, user.companyId, applicant, docType);
    if (!open.has(body.ExpenseTypeID)) errors.push({ field: 'ExpenseTypeID', code: 'document.expense_type_invalid' });
  }
  // Stopped, out-of-validity or unpermitted cost centres and internal orders are refused by the finance rules.
  await assertChargeable(
    db,
    { userId: applicantId, companyId: user.companyId },
    { costCentreId: body.CostCenterID, internalOrderId: body.InternalOrderID },
  );
  if (body.ApplyID) {
    const found = docType === 'deputy' ? await repo.findById(db, body.ApplyID) : undefined;
    const a = found?.d;
    if (a?.docType !== 'apply' || a.companyId !== user.companyId || a.applicantId !== applicantId) {
      errors.push({ field: 'ApplyID', code: 'document.apply_unknown' });
    } else if (a.status !== 'approved' || a.applyStopped || a.blocked)
      errors.push({ field: 'ApplyID', code: 'document.apply_not_usable', params: { no: a.docNo } });
  }
  const loans = docType === 'deputy' ? body.Loans : [];
  if (loans.length) {
    const open = new Map((await repo.openLoans(db, user.companyId, applicantId, documentId)).map((l) => [l.id, l]));
    const seen = new Set<number>();
    for (const [i, link] of loans.entries()) {
      const found = open.get(link.LoanID);
      if (!found || seen.has(link.LoanID)) {
        errors.push({ field: `Loans.${i}.LoanID`, code: 'document.loan_not_open' });
        continue;
      }
      seen.add(link.LoanID);
      const left = subMoney(found.total, found.linked);
      if (money(link.Amount) === '0.00' || compareMoney(link.Amount, left) > 0)
        errors.push({
          field: `Loans.${i}.Amount`,
          code: 'document.loan_amount_over',
          params: { no: found.docNo, left },
        });
    }
  }
  if (body.StartDate && body.EndDate && body.StartDate > body.EndDate)
    errors.push({ field: 'EndDate', code: 'document.end_before_start' });
  if (docType === 'loan' && body.RepayBy) {
    const today = shanghaiToday();
    const latest = addDays(today, REPAY_BY_MAX_DAYS);
    if (body.RepayBy < today) errors.push({ field: 'RepayBy', code: 'document.repay_by_past' });
    else if (body.RepayBy > latest)
      errors.push({ field: 'RepayBy', code: 'document.repay_by_too_far', params: { latest } });
  }

  // Lines claiming TMC air tickets take the ticket's amount, date and item (docs/decisions/038).
  const bodyLines = await ticketLines(
    db,
    { companyId: user.companyId, applicantId, docType, currency: body.Currency, lines: body.Lines },
    errors,
  );
  const itemIds = [...new Set(bodyLines.map((l) => l.ExpenseItemID).filter((x): x is number => !!x))];
  const items = new Map((await repo.itemsById(db, itemIds)).map((i) => [i.id, i]));
  const offered = body.ExpenseTypeID ? await repo.offeredItems(db, body.ExpenseTypeID, itemIds) : undefined;
  const subs = new Map(
    (
      await repo.subItemsById(
        db,
        bodyLines.map((l) => l.ExpenseSubItemID).filter((x): x is number => !!x),
      )
    ).map((s) => [s.id, s]),
  );
  const lines: repo.LineInsert[] = [];
  for (const [i, l] of bodyLines.entries()) {
    const at = (f: string) => `Lines.${i}.${f}`;
    if (l.ExpenseItemID) {
      const item = items.get(l.ExpenseItemID);
      if (!item || item.companyId !== user.companyId || !item.active)
        errors.push({ field: at('ExpenseItemID'), code: 'document.item_unknown' });
      else if (offered && !offered.has(item.id))
        errors.push({ field: at('ExpenseItemID'), code: 'document.item_not_offered' });
    }
    if (l.ExpenseSubItemID && subs.get(l.ExpenseSubItemID)?.expenseItemId !== l.ExpenseItemID) {
      errors.push({ field: at('ExpenseSubItemID'), code: 'document.sub_item_mismatch' });
    }
    if (l.Currency !== body.Currency) errors.push({ field: at('Currency'), code: 'document.line_currency' });
    if (l.Amount !== undefined && l.Amount !== null && money(l.Amount) === '0.00')
      errors.push({ field: at('Amount'), code: 'document.amount_zero' });
    const values = await lineValues(db, user.companyId, l);
    if (values.amountCny !== null && !isMoney(values.amountCny))
      errors.push({ field: at('Amount'), code: 'document.amount_too_large' });
    lines.push({ lineNo: i + 1, ...values });
  }
  // The totals are numeric(18,2) too: many large lines must be refused here, not overflow in the database.
  const sum = totals(lines);
  if (!isMoney(sum.totalAmount) || !isMoney(sum.totalAmountCny))
    errors.push({ field: 'Lines', code: 'document.total_too_large' });
  if (errors.length) throw new AppError(400, 'validation.failed', undefined, errors);
  return { lines, loans: loans.map((l) => ({ loanId: l.LoanID, amount: money(l.Amount) })) };
}

/** Ids of the expense types the applicant may use for this document type (team limits, restricted apply types). */
async function typeIdsForApplicant(
  db: Db,
  companyId: number,
  applicant: { id: number; teamId: number | null },
  docType: DocType,
): Promise<Set<number>> {
  const tree = await typesForUser(
    db,
    { userId: applicant.id, companyId, teamId: applicant.teamId, requestId: '', culture: 'zh-CN' },
    docType,
  );
  const ids = new Set<number>();
  const walk = (nodes: ExpenseTypeNode[]) => {
    for (const n of nodes) {
      ids.add(n.ID);
      walk(n.Children);
    }
  };
  walk(tree);
  return ids;
}

/** The stored form of a line: the rate into CNY of the expense date's month (or the latest before it), and the CNY amount, when both are known. */
async function lineValues(db: Db, companyId: number, l: ExpenseLineInput) {
  const { amount, fxRate, amountCny } = await lineAmount(db, companyId, l);
  return {
    expenseItemId: l.ExpenseItemID ?? null,
    expenseSubItemId: l.ExpenseSubItemID ?? null,
    expenseDate: l.ExpenseDate ?? null,
    amount,
    currency: l.Currency,
    fxRate,
    amountCny,
    productId: l.ProductID ?? null,
    description: l.Description ?? null,
    tmcTicketId: l.TMCTicketID ?? null,
  };
}

function totals(lines: repo.LineInsert[]) {
  return {
    totalAmount: addMoney('0', ...lines.map((l) => l.amount ?? '0')),
    totalAmountCny: addMoney('0', ...lines.map((l) => l.amountCny ?? '0')),
  };
}

/**
 * Work a caller does inside the save's own transaction once the document and its lines are written (the claim of
 * external spend marks its items claimed there, so a refused item leaves no document behind).
 */
export type WithinSave = (tx: Db, documentId: number) => Promise<void>;

/** Save resume: creates or changes a draft (or a returned document) with its lines. */
export async function save(
  ctx: DbContext,
  user: SessionUser,
  docType: DocType,
  body: SaveDocumentBody,
  culture: Culture,
  requestId: string,
  within?: WithinSave,
) {
  // The expense pages' two rules, on the saving user's own profile (org.service).
  await requireExpenseUser(ctx.db, user.userId, docType);
  const existing = body.ID ? await visible(ctx.db, user, body.ID) : undefined;
  if (existing && (existing.d.docType !== docType || !entitled(user, existing.d, 'edit'))) throw notFound();
  const applicantId =
    existing?.d.applicantId ?? (user.actingFor?.kinds.includes('fill_in') ? user.actingFor.principalId : user.userId);
  const applicant = await findEmployee(ctx.db, applicantId);
  if (!applicant) throw notFound();
  const teamId = existing?.d.teamId ?? (applicant.companyId === user.companyId ? applicant.teamId : null);
  const { lines, loans } = await prepare(ctx.db, user, docType, { id: applicantId, teamId }, body, existing?.d.id);
  const main = {
    expenseTypeId: body.ExpenseTypeID ?? null,
    costCentreId: body.CostCenterID ?? null,
    internalOrderId: body.InternalOrderID ?? null,
    currency: body.Currency,
    reason: body.Reason ?? null,
    startDate: body.StartDate ?? null,
    endDate: body.EndDate ?? null,
    applyId: docType === 'deputy' ? (body.ApplyID ?? null) : null,
    longTerm: docType === 'apply' ? (body.LongTerm ?? false) : false,
    repayBy: docType === 'loan' ? (body.RepayBy ?? null) : null,
    ...totals(lines),
  };

  if (existing) {
    if (body.Version === undefined) throw fieldError('Version', 'validation.required');
    const id = await transition(
      ctx,
      user,
      {
        id: existing.d.id,
        docType,
        version: body.Version,
        action: 'edit',
        requestId,
        reach: async (_tx, d) => entitled(user, d, 'edit'),
      },
      async (tx, d) => {
        await claimTickets(tx, user.companyId, d.id, lines);
        await claimingLines(() => repo.replaceLines(tx, d.id, lines));
        await unassignGoneLines(tx, d.id, lines.length);
        await repo.replaceLoanLinks(tx, d.id, loans);
        // Attendees follow their lines: split per head again, gone with a line that went or stopped involving HCP.
        await rebalance(tx, d.id);
        await reapportion(tx, d.id, lines.length);
        if (within) await within(tx, d.id);
        return {
          to: d.status,
          set: main,
          auditAction: 'update',
          detail: { docType, lines: lines.length, loans: loans.length, total: main.totalAmount },
        };
      },
    );
    return load(ctx.db, user, id, docType, culture);
  }
  // The number is taken in a statement of its own, before the save's transaction (decision 043): the counter row is
  // the company's one for the type and month, and held to the end of the save it queued every new draft of the
  // company behind the one before. A save that then fails leaves a gap in the numbers, never a duplicate.
  const today = shanghaiToday();
  const period = `${today.slice(2, 4)}${today.slice(5, 7)}`;
  const company = (await companyById(ctx.db, user.companyId))?.code ?? String(user.companyId);
  const n = await repo.nextNumber(ctx.db, user.companyId, docType, period);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insert(tx, {
      companyId: user.companyId,
      docType,
      docNo: `${PREFIX[docType]}${company}${period}${String(n).padStart(5, '0')}`,
      applicantId,
      preparerId: user.userId,
      teamId,
      ...main,
    });
    await history(tx, {
      documentId: row.id,
      toStatus: 'draft',
      action: 'create',
      actorId: user.userId,
      principalId: applicantId,
    });
    await claimTickets(tx, user.companyId, row.id, lines);
    await claimingLines(() => repo.replaceLines(tx, row.id, lines));
    await repo.replaceLoanLinks(tx, row.id, loans);
    if (within) await within(tx, row.id);
    // A new draft counts in the document-status report's summary (decision 039).
    await followSummaries(tx, NOTHING_BEFORE, [row]);
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      principalId: applicantId,
      action: 'create',
      entity: 'document',
      entityId: row.id,
      detail: { docType, lines: lines.length, loans: loans.length, total: main.totalAmount },
      requestId,
    });
    return row.id;
  });
  return load(ctx.db, user, id, docType, culture);
}

/** A new draft, empty or copied (main info and lines) from a document the user may see. */
export async function add(
  ctx: DbContext,
  user: SessionUser,
  docType: DocType,
  copyFromId: number | undefined,
  culture: Culture,
  requestId: string,
) {
  if (!copyFromId) return save(ctx, user, docType, { Currency: 'CNY', Lines: [], Loans: [] }, culture, requestId);
  const source = await load(ctx.db, user, copyFromId, docType, culture);
  return save(
    ctx,
    user,
    docType,
    {
      ExpenseTypeID: source.ExpenseTypeID,
      CostCenterID: source.CostCenterID,
      InternalOrderID: source.InternalOrderID,
      Currency: source.Currency,
      Reason: source.Reason,
      StartDate: source.StartDate,
      EndDate: source.EndDate,
      LongTerm: source.LongTerm,
      // Loans are written off once; a copy starts without them.
      Loans: [],
      Lines: linesAsInput(source),
    },
    culture,
    requestId,
  );
}

/** A document's lines as a save sends them; a TMC ticket's line stays with the document that claims it. */
function linesAsInput(d: DocumentDetail): ExpenseLineInput[] {
  return d.Lines.filter((l) => !l.TMCTicketID).map((l) => ({
    ExpenseItemID: l.ExpenseItemID,
    ExpenseSubItemID: l.ExpenseSubItemID,
    ExpenseDate: l.ExpenseDate,
    Amount: l.Amount,
    Currency: l.Currency,
    ProductID: l.ProductID,
    Description: l.Description,
  }));
}

/**
 * SavePlanHead: saves an apply's main information (a new draft without lines, or the header of a draft or returned
 * apply) through the one save path; the lines stay as they are.
 */
export async function saveApplyHead(
  ctx: DbContext,
  user: SessionUser,
  body: SavePlanHeadBody,
  culture: Culture,
  requestId: string,
) {
  const lines = body.ID ? linesAsInput(await load(ctx.db, user, body.ID, 'apply', culture)) : [];
  return save(ctx, user, 'apply', { ...body, Lines: lines, Loans: [] }, culture, requestId);
}

/** Whom a new document of this user is for: the principal while acting as their fill-in proxy. */
function applicantFor(user: SessionUser, applicantId?: number): number {
  const people = actingPeople(user);
  if (applicantId !== undefined && !people.includes(applicantId)) throw notFound();
  return applicantId ?? (user.actingFor?.kinds.includes('fill_in') ? user.actingFor.principalId : user.userId);
}

/** getExpenseTypeMainInfo: the applicant's defaults and the expense types they may use for a document type. */
export async function mainInfo(
  db: Db,
  user: SessionUser,
  docType: DocType,
  culture: Culture,
): Promise<ExpenseTypeMainInfo> {
  const p = await profile(db, applicantFor(user), user.companyId);
  if (!p) throw notFound();
  const cc = p.e.defaultCostCentreId ? await repo.costCentreBrief(db, p.e.defaultCostCentreId) : undefined;
  const tree = await typesForUser(
    db,
    { userId: p.e.id, companyId: user.companyId, teamId: p.teamId, requestId: '', culture },
    docType,
  );
  const types: ExpenseTypeMainInfo['Types'] = [];
  const walk = (nodes: ExpenseTypeNode[]) => {
    for (const n of nodes) {
      types.push({ ID: n.ID, Code: n.Code, Name: n.Name, ParentID: n.ParentID });
      walk(n.Children);
    }
  };
  walk(tree);
  return {
    ApplicantID: p.e.id,
    ApplicantCode: p.e.code,
    ApplicantName: localName(culture, p.e.nameZh, p.e.nameEn),
    TeamID: p.teamId,
    TeamName: p.teamZh === null ? null : localName(culture, p.teamZh, p.teamEn),
    CostCenterID: cc ? p.e.defaultCostCentreId : null,
    CostCenterCode: cc?.code ?? null,
    CostCenterName: cc ? localName(culture, cc.nameZh, cc.nameEn) : null,
    HasBankAccount: !!p.e.bankAccount,
    ApplicantStatus: p.e.status,
    Types: types,
  };
}

/** getExpenseTypeDetailInfo: the items (with sub-items) a type offers, when the applicant may use the type. */
export async function detailInfo(
  db: Db,
  user: SessionUser,
  docType: DocType,
  typeId: number,
  culture: Culture,
): Promise<ExpenseTypeDetailInfo> {
  const applicant = await findEmployee(db, applicantFor(user));
  if (!applicant) throw notFound();
  const teamId = applicant.companyId === user.companyId ? applicant.teamId : null;
  const open = await typeIdsForApplicant(db, user.companyId, { id: applicant.id, teamId }, docType);
  if (!open.has(typeId)) throw notFound();
  const items = await itemsOfType(db, typeId);
  return {
    Items: await Promise.all(
      items.map(async (i) => ({
        ID: i.id,
        Code: i.code,
        Name: localName(culture, i.nameZh, i.nameEn),
        MaxAmount: i.maxAmount,
        Category: i.category,
        InvolvesHcp: i.involvesHcp,
        SubItems: (await activeSubItemsOf(db, i.id)).map((s) => ({
          ID: s.id,
          Code: s.code,
          Name: localName(culture, s.nameZh, s.nameEn),
        })),
      })),
    ),
  };
}

/** Approved applies a deputy may claim against and the applicant's open loans with what is left of them. */
export async function claimSources(
  db: Db,
  user: SessionUser,
  applicantId: number | undefined,
  exceptDocumentId?: number,
): Promise<ClaimSources> {
  const who = applicantFor(user, applicantId);
  const [applies, loans] = await Promise.all([
    repo.usableApplies(db, user.companyId, who),
    repo.openLoans(db, user.companyId, who, exceptDocumentId),
  ]);
  return {
    Applies: applies.map((a) => ({
      ID: a.id,
      DocNo: a.docNo,
      Reason: a.reason,
      TotalAmount: a.total,
      Currency: a.currency,
    })),
    Loans: loans
      .map((l) => ({
        ID: l.id,
        DocNo: l.docNo,
        Reason: l.reason,
        TotalAmount: l.total,
        OpenAmount: subMoney(l.total, l.linked),
      }))
      .filter((l) => compareMoney(l.OpenAmount, '0') > 0),
  };
}

/** What the applicant may charge today: the cost centres and internal orders the form offers. */
export async function chargeable(db: Db, user: SessionUser, culture: Culture): Promise<ChargeableOptions> {
  const found = await chargeableFor(db, user.companyId, applicantFor(user), culture);
  return {
    Rows: (found?.rows ?? [])
      .filter((r) => r.Choosable)
      .map((r) => ({ Kind: r.Kind, ID: r.ID, Code: r.Code, Name: r.Name })),
  };
}

/** Deletes a draft outright (with its lines and files), from the version the caller loaded. */
export async function remove(
  ctx: AppContext,
  user: SessionUser,
  v: { id: number; version: number; docType?: DocType | undefined; requestId: string },
) {
  let files: string[] = [];
  await transition(
    ctx,
    user,
    {
      id: v.id,
      docType: v.docType,
      version: v.version,
      action: 'delete',
      requestId: v.requestId,
      reach: async (_tx, d) => entitled(user, d, 'delete'),
    },
    async (tx, d) => {
      files = await keysOf(tx, d.id);
      return { to: 'deleted', detail: { docNo: d.docNo } };
    },
  );
  // The files' rows went with the document; their bytes go once that is committed.
  const store = new AttachmentStore(ctx.config.dataDir);
  for (const key of files) await store.remove(key);
}
