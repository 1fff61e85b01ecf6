import type { SearchPaidBody, SearchRemitDocumentsBody, SearchRemitPostingBody, SearchRunsBody } from '@ems/contracts';
import { aliasedTable, and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { document, documentLoanLink } from '../../documents/document.table';
import { statusHistory } from '../../documents/lifecycle/lifecycle.table';
import { payDetail } from '../../documents/parts/parts.table';
import { payerAccount } from '../../masterdata/banks/banks.table';
import { provider } from '../../masterdata/reference.table';
import { employee, team } from '../../org/org.table';
import { accountingEntry, voucher } from '../entries/entries.table';
import { remittanceDeduction, remittanceItem, remittanceRun } from './remit.table';

export type RunRow = typeof remittanceRun.$inferSelect;
export type ItemRow = typeof remittanceItem.$inferSelect;

const creator = aliasedTable(employee, 'creator');

export async function insertRun(db: Db, v: typeof remittanceRun.$inferInsert) {
  return insertOne(db, remittanceRun, v);
}

export async function lockRun(db: Db, id: number, companyId: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(remittanceRun)
    .where(and(eq(remittanceRun.id, id), eq(remittanceRun.companyId, companyId)))
    .for('update');
  return row;
}

/**
 * Writes the run the caller locked, only at the version it read there (the version moves on); false when the row
 * has moved since.
 */
export async function updateRun(
  db: Db,
  run: { id: number; version: number },
  v: Partial<typeof remittanceRun.$inferInsert>,
): Promise<boolean> {
  return !!(await updateVersioned(db, remittanceRun, run.id, run.version, v, { touch: true }));
}

const runFields = {
  r: remittanceRun,
  creatorZh: creator.nameZh,
  creatorEn: creator.nameEn,
  voucherState: voucher.state,
  erpDocNo: voucher.erpDocNo,
  payerName: payerAccount.accountName,
  payerLayout: payerAccount.layout,
  documents: sql<number>`(select count(*)::int from ${remittanceItem} where ${remittanceItem.runId} = ${remittanceRun.id})`,
  amount: sql<string>`(select coalesce(sum(${remittanceItem.amount}), 0)::text from ${remittanceItem} where ${remittanceItem.runId} = ${remittanceRun.id})`,
};
export type RunView = { r: RunRow; creatorZh: string | null; creatorEn: string | null } & {
  voucherState: string | null;
  erpDocNo: string | null;
  payerName: string | null;
  payerLayout: string | null;
  documents: number;
  amount: string;
};

function runQuery(db: Db) {
  return db
    .select(runFields)
    .from(remittanceRun)
    .leftJoin(creator, eq(creator.id, remittanceRun.createdBy))
    .leftJoin(voucher, eq(voucher.id, remittanceRun.voucherId))
    .leftJoin(payerAccount, eq(payerAccount.id, remittanceRun.payerAccountId));
}

export async function runView(db: Db, companyId: number, id: number): Promise<RunView | undefined> {
  const [row] = await runQuery(db).where(and(eq(remittanceRun.id, id), eq(remittanceRun.companyId, companyId)));
  return row;
}

/** The company's newest run not yet remitted: where the screen resumes. */
export async function unfinishedRun(db: Db, companyId: number): Promise<RunView | undefined> {
  const [row] = await runQuery(db)
    .where(and(eq(remittanceRun.companyId, companyId), ne(remittanceRun.step, 'done')))
    .orderBy(desc(remittanceRun.id))
    .limit(1);
  return row;
}

export async function searchRuns(db: Db, companyId: number, q: SearchRunsBody) {
  const where = and(
    eq(remittanceRun.companyId, companyId),
    q.Step ? eq(remittanceRun.step, q.Step) : undefined,
    q.DateFrom ? gte(remittanceRun.creditingDate, q.DateFrom) : undefined,
    q.DateTo ? lte(remittanceRun.creditingDate, q.DateTo) : undefined,
  );
  return paged(
    q,
    db.select({ n: count() }).from(remittanceRun).where(where),
    runQuery(db)
      .where(where)
      .orderBy(
        orderFrom({ CreditingDate: remittanceRun.creditingDate, Step: remittanceRun.step }, q, remittanceRun.id),
        desc(remittanceRun.id),
      ),
  );
}

/** Stamps the first print of the remittance list (not a change of the run's content: its version stays). */
export async function setPrinted(db: Db, id: number, at: Date) {
  await db
    .update(remittanceRun)
    .set({ printedAt: at })
    .where(and(eq(remittanceRun.id, id), isNull(remittanceRun.printedAt)));
}

export async function runById(db: Db, id: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(remittanceRun).where(eq(remittanceRun.id, id));
  return row;
}

// Documents and what they pay -------------------------------------------------------------------------------------

/** The payable a document's live vouchers credit (the GL of the employee payable): what the company owes on it. */
const payableOf = (gl: string) =>
  sql<string>`(select coalesce(sum(${accountingEntry.amount}), 0)::text from ${accountingEntry}
    join ${voucher} on ${voucher.id} = ${accountingEntry.voucherId}
    where ${voucher.documentId} = ${document.id} and ${voucher.kind} in ('expense', 'loan')
      and ${voucher.state} <> 'cancelled' and ${accountingEntry.side} = 'C' and ${accountingEntry.glAccount} = ${gl})`;
/** The currency of the payable the document's vouchers credited: what the bank pays in (docs/decisions/048). */
const payableCurrencyOf = (gl: string) =>
  sql<string>`(select coalesce(min(${accountingEntry.currency}), 'CNY') from ${accountingEntry}
    join ${voucher} on ${voucher.id} = ${accountingEntry.voucherId}
    where ${voucher.documentId} = ${document.id} and ${voucher.kind} in ('expense', 'loan')
      and ${voucher.state} <> 'cancelled' and ${accountingEntry.side} = 'C' and ${accountingEntry.glAccount} = ${gl})`;
/** Why the bank last refused to pay the document, while it waits for remittance again. */
const lastFailure = sql<string | null>`(select ${remittanceItem.bankReason} from ${remittanceItem}
    where ${remittanceItem.documentId} = ${document.id} and ${remittanceItem.bankStatus} = 'failed'
    order by ${remittanceItem.id} desc limit 1)`;
/** The document's live item: a failed attempt stays as a record beside the item that pays it again. */
const liveItemOf = and(
  eq(remittanceItem.documentId, document.id),
  sql`${remittanceItem.bankStatus} is distinct from 'failed'`,
);
const postedAt = sql<Date | null>`(select max(${statusHistory.at}) from ${statusHistory}
    where ${statusHistory.documentId} = ${document.id} and ${statusHistory.toStatus} = 'posted')`;

function documentFields(gl: string) {
  return {
    d: document,
    applicantCode: employee.code,
    applicantZh: employee.nameZh,
    applicantEn: employee.nameEn,
    applicantBankName: employee.bankName,
    applicantBankAccount: employee.bankAccount,
    applicantBankAccountName: employee.bankAccountName,
    applicantBankCnaps: employee.bankCnaps,
    applicantBankBranch: employee.bankBranch,
    teamZh: team.nameZh,
    teamEn: team.nameEn,
    payeeKind: payDetail.payeeKind,
    vendorCode: payDetail.vendorCode,
    vendorName: payDetail.vendorName,
    vendorBankName: payDetail.bankName,
    vendorBankAccount: payDetail.bankAccount,
    vendorBankCnaps: provider.bankCnaps,
    vendorBankBranch: provider.bankBranch,
    payable: payableOf(gl),
    currency: payableCurrencyOf(gl),
    lastFailure,
    postedAt,
    runId: remittanceItem.runId,
  };
}
export type DocumentView = {
  d: typeof document.$inferSelect;
  applicantCode: string;
  applicantZh: string;
  applicantEn: string;
  applicantBankName: string | null;
  applicantBankAccount: string | null;
  applicantBankAccountName: string | null;
  applicantBankCnaps: string | null;
  applicantBankBranch: string | null;
  teamZh: string | null;
  teamEn: string | null;
  payeeKind: 'employee' | 'vendor' | null;
  vendorCode: string | null;
  vendorName: string | null;
  vendorBankName: string | null;
  vendorBankAccount: string | null;
  vendorBankCnaps: string | null;
  vendorBankBranch: string | null;
  payable: string;
  currency: string;
  lastFailure: string | null;
  postedAt: Date | string | null;
  runId: number | null;
};

function documentQuery(db: Db, gl: string) {
  return db
    .select(documentFields(gl))
    .from(document)
    .innerJoin(employee, eq(employee.id, document.applicantId))
    .leftJoin(team, eq(team.id, document.teamId))
    .leftJoin(payDetail, eq(payDetail.documentId, document.id))
    .leftJoin(
      provider,
      and(
        eq(provider.companyId, document.companyId),
        eq(provider.code, payDetail.vendorCode),
        eq(payDetail.payeeKind, 'vendor'),
      ),
    )
    .leftJoin(remittanceItem, liveItemOf);
}

function documentWhere(companyId: number, q: Pick<SearchRemitDocumentsBody, 'Keyword' | 'TeamID' | 'DocType' | 'IDs'>) {
  return and(
    eq(document.companyId, companyId),
    inArray(document.docType, q.DocType ? [q.DocType] : ['loan', 'deputy']),
    q.TeamID ? eq(document.teamId, q.TeamID) : undefined,
    q.IDs?.length ? inArray(document.id, q.IDs) : undefined,
    keywordIn(q.Keyword, [document.docNo, employee.code, employee.nameZh, employee.nameEn, payDetail.vendorName]),
  );
}

const DOC_SORT = { DocNo: document.docNo, ApplicantCode: employee.code, PostedAt: postedAt };

/** Posted documents in no run (the candidates), or the documents of one run. */
export async function searchDocuments(
  db: Db,
  companyId: number,
  gl: string,
  q: SearchRemitDocumentsBody & { inRunId?: number },
) {
  const where = and(
    documentWhere(companyId, q),
    q.inRunId ? eq(remittanceItem.runId, q.inRunId) : and(eq(document.status, 'posted'), isNull(remittanceItem.id)),
  );
  return paged(
    q,
    db
      .select({ n: count() })
      .from(document)
      .innerJoin(employee, eq(employee.id, document.applicantId))
      .leftJoin(payDetail, eq(payDetail.documentId, document.id))
      .leftJoin(remittanceItem, liveItemOf)
      .where(where),
    documentQuery(db, gl)
      .where(where)
      .orderBy(orderFrom(DOC_SORT, q, document.docNo), asc(document.id)),
  );
}

/** Every posted document in no run (what to pay), for the pay suggestion's grouping. */
export async function unpaidPosted(
  db: Db,
  companyId: number,
  gl: string,
  q: Pick<SearchRemitDocumentsBody, 'Keyword' | 'TeamID'>,
) {
  return documentQuery(db, gl)
    .where(and(documentWhere(companyId, q), eq(document.status, 'posted'), isNull(remittanceItem.id)))
    .orderBy(asc(document.id))
    .limit(5000);
}

export async function documentById(db: Db, gl: string, id: number): Promise<DocumentView | undefined> {
  const [row] = await documentQuery(db, gl).where(eq(document.id, id));
  return row;
}

/** The documents of a run at once, by id. */
export async function documentsByIds(db: Db, gl: string, ids: number[]): Promise<Map<number, DocumentView>> {
  const out = new Map<number, DocumentView>();
  for (let i = 0; i < ids.length; i += 1_000)
    for (const row of await documentQuery(db, gl).where(inArray(document.id, ids.slice(i, i + 1_000))))
      out.set(row.d.id, row);
  return out;
}

// Items ------------------------------------------------------------------------------------------------------------

export async function insertItem(db: Db, v: typeof remittanceItem.$inferInsert) {
  return insertOne(db, remittanceItem, v);
}

export async function deleteItem(db: Db, runId: number, documentId: number) {
  const rows = await db
    .delete(remittanceItem)
    .where(and(eq(remittanceItem.runId, runId), eq(remittanceItem.documentId, documentId)))
    .returning({ id: remittanceItem.id });
  return rows.length;
}

export async function itemInRun(db: Db, runId: number, documentId: number) {
  const [row] = await db
    .select({ i: remittanceItem, status: document.status })
    .from(remittanceItem)
    .innerJoin(document, eq(document.id, remittanceItem.documentId))
    .where(and(eq(remittanceItem.runId, runId), eq(remittanceItem.documentId, documentId)));
  return row;
}

/** The items of the documents, with their run (for the entry management's remittance list). */
export async function itemsOfDocuments(db: Db, companyId: number, documentIds: number[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({ i: remittanceItem, r: remittanceRun, docNo: document.docNo })
    .from(remittanceItem)
    .innerJoin(remittanceRun, eq(remittanceRun.id, remittanceItem.runId))
    .innerJoin(document, eq(document.id, remittanceItem.documentId))
    .where(and(eq(remittanceRun.companyId, companyId), inArray(remittanceItem.documentId, documentIds)))
    .orderBy(asc(remittanceItem.runId), asc(remittanceItem.lineNo), asc(document.docNo));
}

export async function itemsOf(db: Db, runId: number) {
  return db
    .select({ i: remittanceItem, docNo: document.docNo, status: document.status })
    .from(remittanceItem)
    .innerJoin(document, eq(document.id, remittanceItem.documentId))
    .where(eq(remittanceItem.runId, runId))
    .orderBy(
      asc(remittanceItem.payeeKind),
      asc(remittanceItem.payeeName),
      asc(remittanceItem.bankAccount),
      asc(document.docNo),
    );
}

/** The payee, amount and bank line of many items, a slice of them per statement (within the parameter limit). */
export async function updateItems(
  db: Db,
  rows: (Pick<
    typeof remittanceItem.$inferInsert,
    | 'payeeKind'
    | 'payeeCode'
    | 'payeeName'
    | 'bankName'
    | 'bankAccount'
    | 'bankCnaps'
    | 'bankBranch'
    | 'currency'
    | 'amount'
    | 'deducted'
    | 'lineNo'
  > & { id: number })[],
) {
  for (let i = 0; i < rows.length; i += 2_000) {
    const values = rows
      .slice(i, i + 2_000)
      .map(
        (r) =>
          sql`(${r.id}::int, ${r.payeeKind}, ${r.payeeCode ?? null}, ${r.payeeName}, ${r.bankName ?? null}, ${r.bankAccount ?? null}, ${r.bankCnaps ?? null}, ${r.bankBranch ?? null}, ${r.currency ?? 'CNY'}, ${r.amount}::numeric, ${r.deducted ?? '0'}::numeric, ${r.lineNo ?? null}::int)`,
      );
    await db.execute(sql`update ${remittanceItem} as r set payee_kind = v.payee_kind, payee_code = v.payee_code,
        payee_name = v.payee_name, bank_name = v.bank_name, bank_account = v.bank_account,
        bank_cnaps = v.bank_cnaps, bank_branch = v.bank_branch, currency = v.currency, amount = v.amount,
        deducted = v.deducted, line_no = v.line_no, updated_at = now()
      from (values ${sql.join(values, sql`, `)})
        as v(id, payee_kind, payee_code, payee_name, bank_name, bank_account, bank_cnaps, bank_branch, currency,
          amount, deducted, line_no)
      where r.id = v.id`);
  }
}

export async function clearLines(db: Db, runId: number) {
  await db.update(remittanceItem).set({ lineNo: null, updatedAt: new Date() }).where(eq(remittanceItem.runId, runId));
}

export async function markItemsPaid(db: Db, runId: number, at: Date) {
  await db
    .update(remittanceItem)
    .set({ paidAt: at, bankStatus: 'sent', updatedAt: at })
    .where(and(eq(remittanceItem.runId, runId), isNull(remittanceItem.paidAt)));
}

/** The remittance list: one row per bank line with its documents. */
export async function lines(db: Db, runId: number) {
  return db
    .select({
      lineNo: sql<number>`${remittanceItem.lineNo}`,
      payeeKind: sql<string>`min(${remittanceItem.payeeKind})`,
      payeeCode: sql<string | null>`min(${remittanceItem.payeeCode})`,
      payeeName: sql<string>`min(${remittanceItem.payeeName})`,
      bankName: sql<string | null>`min(${remittanceItem.bankName})`,
      bankAccount: sql<string>`min(${remittanceItem.bankAccount})`,
      bankCnaps: sql<string | null>`min(${remittanceItem.bankCnaps})`,
      bankBranch: sql<string | null>`min(${remittanceItem.bankBranch})`,
      currency: sql<string>`min(${remittanceItem.currency})`,
      bankStatus: sql<'sent' | 'paid' | 'failed' | null>`min(${remittanceItem.bankStatus})`,
      bankReason: sql<string | null>`min(${remittanceItem.bankReason})`,
      documents: sql<number>`count(*)::int`,
      docNos: sql<string>`string_agg(${document.docNo}, ', ' order by ${document.docNo})`,
      amount: sql<string>`sum(${remittanceItem.amount})::text`,
      paidAt: sql<Date | string | null>`min(${remittanceItem.paidAt})`,
    })
    .from(remittanceItem)
    .innerJoin(document, eq(document.id, remittanceItem.documentId))
    .where(eq(remittanceItem.runId, runId))
    .groupBy(remittanceItem.lineNo)
    .orderBy(asc(remittanceItem.lineNo));
}

// The payment voucher ---------------------------------------------------------------------------------------------

/** Withdraws the run's payment voucher while it was not sent (the way changed: the entries are written again). */
export async function cancelOpenVoucher(db: Db, voucherId: number) {
  const rows = await db
    .update(voucher)
    .set({ state: 'cancelled', updatedAt: new Date() })
    .where(and(eq(voucher.id, voucherId), eq(voucher.state, 'open')))
    .returning({ id: voucher.id });
  return rows.length === 1;
}

export async function voucherOf(db: Db, id: number) {
  const [row] = await db.select().from(voucher).where(eq(voucher.id, id));
  return row;
}

export async function employeeNames(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: employee.id, nameZh: employee.nameZh, nameEn: employee.nameEn })
    .from(employee)
    .where(inArray(employee.id, ids));
}

/** The payment postings: every run's payment voucher once remitted. */
export async function searchPostings(db: Db, companyId: number, q: SearchRemitPostingBody) {
  const runNo = sql<string>`'RM' || lpad(${remittanceRun.id}::text, 6, '0')`;
  const where = and(
    eq(remittanceRun.companyId, companyId),
    eq(remittanceRun.step, 'done'),
    q.State ? eq(voucher.state, q.State) : undefined,
    keywordIn(q.Keyword, [runNo, voucher.erpDocNo, remittanceRun.postRemark]),
  );
  return paged(
    q,
    db
      .select({ n: count() })
      .from(remittanceRun)
      .innerJoin(voucher, eq(voucher.id, remittanceRun.voucherId))
      .where(where),
    db
      .select({ r: remittanceRun, v: voucher })
      .from(remittanceRun)
      .innerJoin(voucher, eq(voucher.id, remittanceRun.voucherId))
      .where(where)
      .orderBy(
        orderFrom({ State: voucher.state, RemittedAt: remittanceRun.remittedAt }, q, remittanceRun.remittedAt),
        desc(remittanceRun.id),
      ),
  );
}

/** Paid documents awaiting account completion, with the run that paid them. */
export async function searchPaid(db: Db, companyId: number, q: SearchPaidBody) {
  const where = and(
    eq(document.companyId, companyId),
    eq(document.status, 'paid'),
    inArray(document.docType, q.DocType ? [q.DocType] : ['loan', 'deputy']),
    q.RunID ? eq(remittanceItem.runId, q.RunID) : undefined,
    keywordIn(q.Keyword, [document.docNo, employee.code, employee.nameZh, employee.nameEn]),
  );
  return paged(
    q,
    db
      .select({ n: count() })
      .from(document)
      .innerJoin(employee, eq(employee.id, document.applicantId))
      .leftJoin(remittanceItem, liveItemOf)
      .where(where),
    db
      .select({
        d: document,
        applicantZh: employee.nameZh,
        applicantEn: employee.nameEn,
        item: remittanceItem,
      })
      .from(document)
      .innerJoin(employee, eq(employee.id, document.applicantId))
      .leftJoin(remittanceItem, liveItemOf)
      .where(where)
      .orderBy(
        orderFrom({ DocNo: document.docNo, PaidAt: remittanceItem.paidAt }, q, document.docNo),
        asc(document.id),
      ),
  );
}

// Deductions --------------------------------------------------------------------------------------------------------

export type DeductionInput = typeof remittanceDeduction.$inferInsert;

/** Clears what the run's list kept back (the list is built again). */
export async function clearDeductions(db: Db, runId: number) {
  await db
    .delete(remittanceDeduction)
    .where(
      inArray(
        remittanceDeduction.itemId,
        db.select({ id: remittanceItem.id }).from(remittanceItem).where(eq(remittanceItem.runId, runId)),
      ),
    );
}

export async function insertDeductions(db: Db, rows: DeductionInput[]) {
  for (let i = 0; i < rows.length; i += 2_000) await db.insert(remittanceDeduction).values(rows.slice(i, i + 2_000));
}

/** The loans the documents wrote off, with the loan's number: their payable was credited net of these. */
export async function loanWriteOffs(db: Db, documentIds: number[]) {
  const loan = aliasedTable(document, 'loan');
  const out: { documentId: number; loanId: number; loanNo: string; amount: string }[] = [];
  for (let i = 0; i < documentIds.length; i += 1_000)
    out.push(
      ...(await db
        .select({
          documentId: documentLoanLink.documentId,
          loanId: documentLoanLink.loanId,
          loanNo: loan.docNo,
          amount: documentLoanLink.amount,
        })
        .from(documentLoanLink)
        .innerJoin(loan, eq(loan.id, documentLoanLink.loanId))
        .where(inArray(documentLoanLink.documentId, documentIds.slice(i, i + 1_000)))
        .orderBy(asc(documentLoanLink.loanId))),
    );
  return out;
}

const deductionFields = {
  itemId: remittanceDeduction.itemId,
  lineNo: remittanceItem.lineNo,
  docNo: document.docNo,
  kind: remittanceDeduction.kind,
  source: remittanceDeduction.source,
  sourceDate: remittanceDeduction.sourceDate,
  amount: remittanceDeduction.amount,
};
export type DeductionView = {
  itemId: number;
  lineNo: number | null;
  docNo: string;
  kind: (typeof remittanceDeduction.$inferSelect)['kind'];
  source: string;
  sourceDate: string | null;
  amount: string;
};

function deductionQuery(db: Db) {
  return db
    .select(deductionFields)
    .from(remittanceDeduction)
    .innerJoin(remittanceItem, eq(remittanceItem.id, remittanceDeduction.itemId))
    .innerJoin(document, eq(document.id, remittanceItem.documentId));
}

/** Every deduction of a run, by bank line and document. */
export async function deductionsOfRun(db: Db, runId: number): Promise<DeductionView[]> {
  return deductionQuery(db)
    .where(eq(remittanceItem.runId, runId))
    .orderBy(asc(remittanceItem.lineNo), asc(document.docNo), asc(remittanceDeduction.id));
}

/** The deductions of one payment (item). */
export async function deductionsOfItem(db: Db, itemId: number): Promise<DeductionView[]> {
  return deductionQuery(db).where(eq(remittanceItem.id, itemId)).orderBy(asc(remittanceDeduction.id));
}

/** The deductions of some documents' payments (the paid notices). */
export async function deductionsOfDocuments(db: Db, documentIds: number[]): Promise<DeductionView[]> {
  if (documentIds.length === 0) return [];
  const out: DeductionView[] = [];
  for (let i = 0; i < documentIds.length; i += 1_000)
    out.push(
      ...(await deductionQuery(db)
        .where(inArray(remittanceItem.documentId, documentIds.slice(i, i + 1_000)))
        .orderBy(asc(remittanceDeduction.id))),
    );
  return out;
}

/** A document's payment: its item and run, if it is in one. */
export async function paymentOf(db: Db, documentId: number) {
  const [row] = await db
    .select({ i: remittanceItem, companyId: remittanceRun.companyId, step: remittanceRun.step })
    .from(remittanceItem)
    .innerJoin(remittanceRun, eq(remittanceRun.id, remittanceItem.runId))
    .where(eq(remittanceItem.documentId, documentId))
    // The latest attempt: a failed payment shows until the document is in a run again.
    .orderBy(desc(remittanceItem.id))
    .limit(1);
  return row;
}

// The bank's answers -------------------------------------------------------------------------------------------------

/**
 * The items of the bank lines answered, locked (in id order, so two answers on the same lines queue rather than
 * deadlock): what an answer is checked against, under the lock, before it changes them.
 */
export async function lockPayments(db: Db, companyId: number, keys: { runId: number; lineNo: number }[]) {
  if (keys.length === 0) return [];
  const out: { i: ItemRow; docStatus: string; docNo: string }[] = [];
  for (let k = 0; k < keys.length; k += 1_000) {
    const slice = keys.slice(k, k + 1_000);
    out.push(
      ...(await db
        .select({ i: remittanceItem, docStatus: document.status, docNo: document.docNo })
        .from(remittanceItem)
        .innerJoin(remittanceRun, eq(remittanceRun.id, remittanceItem.runId))
        .innerJoin(document, eq(document.id, remittanceItem.documentId))
        .where(
          and(
            eq(remittanceRun.companyId, companyId),
            // The runs first, so the run index finds the items; then the lines within them.
            inArray(remittanceItem.runId, [...new Set(slice.map((x) => x.runId))]),
            sql`(${remittanceItem.runId}, ${remittanceItem.lineNo}) in (${sql.join(
              slice.map((x) => sql`(${x.runId}::int, ${x.lineNo}::int)`),
              sql`, `,
            )})`,
          ),
        )
        .orderBy(asc(remittanceItem.id))
        .for('update', { of: remittanceItem })),
    );
  }
  return out;
}

/** Writes the bank's answer on items the caller locked and checked. */
export async function answerItems(
  db: Db,
  ids: number[],
  v: { bankStatus: 'paid' | 'failed'; bankReason: string | null; at: Date },
) {
  for (let k = 0; k < ids.length; k += 5_000)
    await db
      .update(remittanceItem)
      .set({
        bankStatus: v.bankStatus,
        bankReason: v.bankReason,
        bankAnsweredAt: v.at,
        updatedAt: v.at,
        ...(v.bankStatus === 'failed' ? { paidAt: null } : {}),
      })
      .where(inArray(remittanceItem.id, ids.slice(k, k + 5_000)));
}

/** The card transactions the items kept back (private spend), to settle again when their payment failed. */
export async function cardDeductionsOf(db: Db, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({ sourceId: remittanceDeduction.sourceId })
    .from(remittanceDeduction)
    .where(and(inArray(remittanceDeduction.itemId, itemIds), eq(remittanceDeduction.kind, 'card_private')));
}

/** A run's bank lines still waiting for the bank's answer (the direct link asks about these). */
export async function sentLines(db: Db, runId: number) {
  return db
    .select({
      lineNo: sql<number>`${remittanceItem.lineNo}`,
      bankAccount: sql<string>`min(${remittanceItem.bankAccount})`,
      currency: sql<string>`min(${remittanceItem.currency})`,
      amount: sql<string>`sum(${remittanceItem.amount})::text`,
    })
    .from(remittanceItem)
    .where(and(eq(remittanceItem.runId, runId), eq(remittanceItem.bankStatus, 'sent')))
    .groupBy(remittanceItem.lineNo)
    .orderBy(asc(remittanceItem.lineNo));
}

/**
 * What was paid to an employee since a moment, per currency: the payments their documents' remittance lines made
 * (net, as the bank paid it) and what each kept back (the private card spend deducted).
 */
export async function paidToSince(db: Db, companyId: number, employeeId: number, since: Date) {
  return db
    .select({
      currency: remittanceItem.currency,
      count: sql<number>`count(distinct ${remittanceItem.documentId})::int`,
      net: sql<string>`coalesce(sum(${remittanceItem.amount}), 0)::numeric(18,2)::text`,
      deducted: sql<string>`coalesce(sum(${remittanceItem.deducted}), 0)::numeric(18,2)::text`,
    })
    .from(remittanceItem)
    .innerJoin(document, eq(document.id, remittanceItem.documentId))
    .where(
      and(
        eq(document.companyId, companyId),
        eq(document.applicantId, employeeId),
        sql`${remittanceItem.paidAt} >= ${since.toISOString()}`,
      ),
    )
    .groupBy(remittanceItem.currency)
    .orderBy(remittanceItem.currency);
}

/** The company's remittance runs not yet done, and the payments the bank returned whose documents wait to be paid again. */
export async function openRunsAndReturns(db: Db, companyId: number) {
  const [[runs], [returns]] = await Promise.all([
    db
      .select({ n: count() })
      .from(remittanceRun)
      .where(and(eq(remittanceRun.companyId, companyId), ne(remittanceRun.step, 'done'))),
    db
      .select({ n: sql<number>`count(distinct ${remittanceItem.documentId})::int` })
      .from(remittanceItem)
      .innerJoin(document, eq(document.id, remittanceItem.documentId))
      .where(
        and(eq(document.companyId, companyId), eq(remittanceItem.bankStatus, 'failed'), eq(document.status, 'posted')),
      ),
  ]);
  return { runs: runs?.n ?? 0, returns: returns?.n ?? 0 };
}
