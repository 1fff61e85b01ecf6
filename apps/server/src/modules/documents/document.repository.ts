import {
  APPROVED_STATES,
  DOC_PARTS,
  type DocPart,
  type DocState,
  type DocType,
  type SearchDocumentBody,
} from '@ems/contracts';
import { type AnyColumn, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, prepared } from '../../core/db';
import { orderFrom, paged } from '../../core/list';
import { loanSettledSql } from '../finance/loans/loan-balance.repository';
import { costCentre, internalOrder } from '../masterdata/costcentre.table';
import {
  expenseItem,
  expenseSubItem,
  expenseType,
  expenseTypeItem,
  ledgerExpense,
  ledgerExpenseItemConfig,
} from '../masterdata/expense.table';
import { team } from '../org/org.table';
import { approvalStep } from '../workflow/approval/approval.table';
import { documentClinicalHco, documentCustomer, lecturerAgreement } from './customers/customer.table';
import { document as doc, documentLoanLink, documentNumber, expenseLine as line } from './document.table';
import { applicant, createdWithin, documentKeyword, documentList } from './document-list.repository';
import { AT_FINANCE } from './lifecycle/document.state';
import { airTicketShare, apportionment, payDetail, purchaseOrder, trip } from './parts/parts.table';
import { owned } from './scope/scope.repository';

/** A document as read: every column but the reason's search grams, which only filters read. */
export type DocumentRow = Omit<typeof doc.$inferSelect, 'reasonGrams'>;
export type LineInsert = Omit<typeof line.$inferInsert, 'documentId'>;

const apply = alias(doc, 'apply');

/** The next number of a company's documents of one type in one month (yyMM). */
export async function nextNumber(db: Db, companyId: number, docType: DocType, period: string): Promise<number> {
  const [row] = await db
    .insert(documentNumber)
    .values({ companyId, docType, period, last: 1 })
    .onConflictDoUpdate({
      target: [documentNumber.companyId, documentNumber.docType, documentNumber.period],
      set: { last: sql`${documentNumber.last} + 1` },
    })
    .returning({ last: documentNumber.last });
  return row!.last;
}

export async function insert(db: Db, v: typeof doc.$inferInsert): Promise<DocumentRow> {
  const [row] = await db.insert(doc).values(v).returning();
  return row!;
}

export async function replaceLines(db: Db, documentId: number, lines: LineInsert[]) {
  await db.delete(line).where(eq(line.documentId, documentId));
  if (lines.length) await db.insert(line).values(lines.map((l) => ({ ...l, documentId })));
}

/** A document with the names its detail shows; read on every detail and after every transition. */
export async function findById(db: Db, id: number) {
  const [row] = await byIdRead(db).execute({ id });
  return row;
}

const byIdRead = prepared((db) =>
  documentList(db, {
    applicant,
    teamZh: team.nameZh,
    teamEn: team.nameEn,
    ccZh: costCentre.nameZh,
    ccEn: costCentre.nameEn,
    ioCode: internalOrder.code,
    applyNo: apply.docNo,
  })
    .leftJoin(team, eq(team.id, doc.teamId))
    .leftJoin(internalOrder, eq(internalOrder.id, doc.internalOrderId))
    .leftJoin(apply, eq(apply.id, doc.applyId))
    .where(eq(doc.id, sql.placeholder('id')))
    .prepare('ems_document_by_id'),
);

export async function linesOf(db: Db, documentId: number) {
  return linesRead(db).execute({ documentId });
}

const linesRead = prepared((db) =>
  db
    .select({
      l: line,
      itemZh: expenseItem.nameZh,
      itemEn: expenseItem.nameEn,
      subZh: expenseSubItem.nameZh,
      subEn: expenseSubItem.nameEn,
    })
    .from(line)
    .leftJoin(expenseItem, eq(expenseItem.id, line.expenseItemId))
    .leftJoin(expenseSubItem, eq(expenseSubItem.id, line.expenseSubItemId))
    .where(eq(line.documentId, sql.placeholder('documentId')))
    .orderBy(asc(line.lineNo))
    .prepare('ems_document_lines'),
);

/** Documents the given people applied for or prepared (the personal expense centre). */
function ownedBy(companyId: number, people: number[]) {
  return and(eq(doc.companyId, companyId), owned(people));
}

const SORTABLE = {
  DocNo: doc.docNo,
  Status: doc.status,
  TotalAmount: doc.totalAmount,
  CreatedAt: doc.createdAt,
  SubmittedAt: doc.submittedAt,
};

/** Newest first unless the caller sorts: people look for what they just made. */
const listOrder = (q: Parameters<typeof orderFrom>[1]) =>
  q.SortField ? orderFrom(SORTABLE, q, doc.createdAt) : desc(doc.createdAt);

export async function searchOwned(db: Db, companyId: number, people: number[], q: SearchDocumentBody) {
  const where = and(
    ownedBy(companyId, people),
    q.DocType ? eq(doc.docType, q.DocType) : undefined,
    q.Status ? eq(doc.status, q.Status) : undefined,
    q.Keyword ? documentKeyword(q.Keyword, []) : undefined,
    createdWithin(q),
  );
  return paged(
    q,
    db.select({ n: count() }).from(doc).where(where),
    documentList(db, {}).where(where).orderBy(listOrder(q), sql`${doc.id} desc`),
  );
}

export async function countsOwned(db: Db, companyId: number, people: number[]) {
  return db
    .select({ docType: doc.docType, status: doc.status, n: count() })
    .from(doc)
    .where(ownedBy(companyId, people))
    .groupBy(doc.docType, doc.status);
}

export async function expenseTypeOf(db: Db, id: number) {
  const [row] = await db.select().from(expenseType).where(eq(expenseType.id, id));
  return row;
}

/** The items among `itemIds` that an expense type offers. */
export async function offeredItems(db: Db, expenseTypeId: number, itemIds: number[]) {
  if (itemIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: expenseTypeItem.expenseItemId })
    .from(expenseTypeItem)
    .where(and(eq(expenseTypeItem.expenseTypeId, expenseTypeId), inArray(expenseTypeItem.expenseItemId, itemIds)));
  return new Set(rows.map((r) => r.id));
}

export async function itemsById(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(expenseItem).where(inArray(expenseItem.id, ids));
}

export async function subItemsById(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(expenseSubItem).where(inArray(expenseSubItem.id, ids));
}

export async function statusOf(db: Db, id: number): Promise<DocState | undefined> {
  const [row] = await db.select({ status: doc.status }).from(doc).where(eq(doc.id, id));
  return row?.status;
}

/** The approver of the document's pending step in its current round, if any. */
export async function pendingApproverOf(db: Db, documentId: number, round: number): Promise<number | undefined> {
  const [row] = await db
    .select({ approverId: approvalStep.approverId })
    .from(approvalStep)
    .where(
      and(eq(approvalStep.documentId, documentId), eq(approvalStep.round, round), eq(approvalStep.status, 'pending')),
    );
  return row?.approverId;
}

/** Codes of stopped ledger expenses that the items of a document would post to. */
export async function stoppedLedgerExpenses(db: Db, companyId: number, docType: DocType, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ code: ledgerExpense.code })
    .from(ledgerExpenseItemConfig)
    .innerJoin(ledgerExpense, eq(ledgerExpense.id, ledgerExpenseItemConfig.ledgerExpenseId))
    .where(
      and(
        eq(ledgerExpenseItemConfig.companyId, companyId),
        eq(ledgerExpenseItemConfig.docType, docType),
        inArray(ledgerExpenseItemConfig.expenseItemId, itemIds),
        eq(ledgerExpense.status, 'stopped'),
      ),
    );
  return rows.map((r) => r.code);
}

const loan = alias(doc, 'loan');
/** Loans not yet closed: approved and on their way to (or past) payment. */
const OPEN_LOAN_STATES = AT_FINANCE.filter((s) => s !== 'closed');

export async function loanLinksOf(db: Db, documentId: number) {
  return loanLinksRead(db).execute({ documentId });
}

const loanLinksRead = prepared((db) =>
  db
    .select({
      loanId: documentLoanLink.loanId,
      amount: documentLoanLink.amount,
      loanNo: loan.docNo,
      total: loan.totalAmount,
    })
    .from(documentLoanLink)
    .innerJoin(loan, eq(loan.id, documentLoanLink.loanId))
    .where(eq(documentLoanLink.documentId, sql.placeholder('documentId')))
    .orderBy(asc(loan.docNo))
    .prepare('ems_loan_links'),
);

export async function replaceLoanLinks(db: Db, documentId: number, links: { loanId: number; amount: string }[]) {
  await db.delete(documentLoanLink).where(eq(documentLoanLink.documentId, documentId));
  if (links.length) await db.insert(documentLoanLink).values(links.map((l) => ({ ...l, documentId })));
}

/**
 * The applicant's open loans with what already settles them (other deputies past draft, repayments; the loan
 * accounts' rule); `exceptDocumentId` leaves out the deputy being edited.
 */
export async function openLoans(db: Db, companyId: number, applicantId: number, exceptDocumentId?: number) {
  const linked = sql<string>`${loanSettledSql(doc.id, exceptDocumentId)}::text`;
  return db
    .select({ id: doc.id, docNo: doc.docNo, reason: doc.reason, total: doc.totalAmount, linked })
    .from(doc)
    .where(
      and(
        eq(doc.companyId, companyId),
        eq(doc.applicantId, applicantId),
        eq(doc.docType, 'loan'),
        inArray(doc.status, OPEN_LOAN_STATES),
      ),
    )
    .orderBy(asc(doc.docNo));
}

/** Approved applies of the applicant that still take claims. */
export async function usableApplies(db: Db, companyId: number, applicantId: number) {
  return db
    .select({ id: doc.id, docNo: doc.docNo, reason: doc.reason, total: doc.totalAmount, currency: doc.currency })
    .from(doc)
    .where(
      and(
        eq(doc.companyId, companyId),
        eq(doc.applicantId, applicantId),
        eq(doc.docType, 'apply'),
        eq(doc.status, 'approved'),
        eq(doc.applyStopped, false),
        eq(doc.blocked, false),
      ),
    )
    .orderBy(sql`${doc.docNo} desc`)
    .limit(200);
}

export async function costCentreBrief(db: Db, id: number) {
  const [row] = await db
    .select({ code: costCentre.code, nameZh: costCentre.nameZh, nameEn: costCentre.nameEn })
    .from(costCentre)
    .where(eq(costCentre.id, id));
  return row;
}

/** Which of a document's parts beyond its lines hold rows, in one statement. */
export async function partsWithRows(db: Db, documentId: number): Promise<DocPart[]> {
  const has = (table: { documentId: AnyColumn }) =>
    sql<boolean>`exists (select 1 from ${table} where ${table.documentId} = ${documentId})`;
  const [row] = await db
    .select({
      tmc: sql<boolean>`exists (select 1 from ${line} where ${line.documentId} = ${documentId} and ${line.tmcTicketId} is not null)`,
      attendees: has(documentCustomer),
      clinical: has(documentClinicalHco),
      lecturers: has(lecturerAgreement),
      apportion: has(apportionment),
      trips: has(trip),
      pay: has(payDetail),
      orders: has(purchaseOrder),
      airTickets: has(airTicketShare),
    })
    .from(sql`(select 1) as one`);
  return DOC_PARTS.filter((p) => row?.[p]);
}

/** How many of the company's documents are in each of these states (the finance queues on the home page). */
export async function companyStateCounts(db: Db, companyId: number, states: readonly DocState[]) {
  return db
    .select({ status: doc.status, n: count() })
    .from(doc)
    .where(and(eq(doc.companyId, companyId), inArray(doc.status, [...states])))
    .groupBy(doc.status);
}

/**
 * An applicant's reimbursements approved in a year (Asia/Shanghai) and still in an approved state (not sent back or
 * cancelled since): how many and their CNY total per month of approval, months without one left out.
 */
export async function approvedSpendByMonth(db: Db, companyId: number, applicantId: number, year: number) {
  const month = sql<number>`extract(month from ${doc.approvedAt} at time zone 'Asia/Shanghai')::int`;
  const startOf = (y: number) => sql`${`${y}-01-01`}::timestamp at time zone 'Asia/Shanghai'`;
  return db
    .select({
      month,
      documents: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${doc.totalAmountCny})::numeric(18,2)::text`,
    })
    .from(doc)
    .where(
      and(
        eq(doc.applicantId, applicantId),
        inArray(doc.status, [...APPROVED_STATES]),
        eq(doc.companyId, companyId),
        eq(doc.docType, 'deputy'),
        sql`${doc.approvedAt} >= ${startOf(year)} and ${doc.approvedAt} < ${startOf(year + 1)}`,
      ),
    )
    .groupBy(month)
    .orderBy(month);
}

/**
 * The parts of a saved document that a form's lines carry with them when it is saved again: its apportionment (a
 * line's own shares by sequence, then the document's) and its HCP/HCO attendees per line in the order chosen. One
 * statement, for the limit preview.
 */
export async function linePartsOf(db: Db, documentId: number) {
  const result = await db.execute(sql`
    select 0 as part, ${apportionment.lineNo} as line_no, ${apportionment.seq} as ord,
        ${apportionment.costCentreId} as cost_centre_id, ${apportionment.productId} as product_id,
        ${apportionment.percent}::text as percent, null::int as hcp_id, null::int as hco_id
      from ${apportionment} where ${apportionment.documentId} = ${documentId}
    union all
    select 1, ${documentCustomer.lineNo}, ${documentCustomer.id}, null, null, null,
        ${documentCustomer.hcpId}, ${documentCustomer.hcoId}
      from ${documentCustomer} where ${documentCustomer.documentId} = ${documentId}
    order by part, line_no, ord`);
  const rows = (
    result as unknown as {
      rows: {
        part: number;
        line_no: number | null;
        cost_centre_id: number | null;
        product_id: number | null;
        percent: string | null;
        hcp_id: number | null;
        hco_id: number | null;
      }[];
    }
  ).rows;
  return {
    shares: rows
      .filter((r) => Number(r.part) === 0)
      .map((r) => ({
        lineNo: r.line_no === null ? null : Number(r.line_no),
        costCentreId: Number(r.cost_centre_id),
        productId: r.product_id === null ? null : Number(r.product_id),
        percent: r.percent!,
      })),
    attendees: rows
      .filter((r) => Number(r.part) === 1)
      .map((r) =>
        r.hcp_id !== null
          ? { lineNo: Number(r.line_no), kind: 'hcp' as const, subjectId: Number(r.hcp_id) }
          : { lineNo: Number(r.line_no), kind: 'hco' as const, subjectId: Number(r.hco_id) },
      ),
  };
}
