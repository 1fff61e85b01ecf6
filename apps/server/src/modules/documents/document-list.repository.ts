import { and, count, desc, eq, getTableColumns, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db';
import { codeStartsWith, gramsMatch } from '../../core/list';
import { costCentre } from '../masterdata/costcentre.table';
import { expenseType } from '../masterdata/expense.table';
import { employee } from '../org/org.table';
import { document as doc } from './document.table';

/**
 * The select and joins every list of documents shares (the personal expense centre, the view centres, and through
 * `documentNames` the approval lists), written once so each list writes only what it adds. The aliases are shared
 * so a list's filters and sorting name the same joined rows.
 */
export const applicant = alias(employee, 'applicant');
export const preparer = alias(employee, 'preparer');

/** The names shown beside a document in every list. */
export const documentNames = {
  applicantZh: applicant.nameZh,
  applicantEn: applicant.nameEn,
  typeZh: expenseType.nameZh,
  typeEn: expenseType.nameEn,
};

/** A document's columns as lists read them: without the reason's search grams, which only filters read. */
const { reasonGrams: _grams, ...listed } = getTableColumns(doc);

/** Documents with their applicant, preparer, expense type and cost centre; `fields` adds what a list needs more. */
export function documentList<T extends SelectedFields>(db: Db, fields: T) {
  return db
    .select({
      d: listed,
      ...documentNames,
      preparerZh: preparer.nameZh,
      preparerEn: preparer.nameEn,
      ccCode: costCentre.code,
      ...fields,
    })
    .from(doc)
    .innerJoin(applicant, eq(applicant.id, doc.applicantId))
    .innerJoin(preparer, eq(preparer.id, doc.preparerId))
    .leftJoin(expenseType, eq(expenseType.id, doc.expenseTypeId))
    .leftJoin(costCentre, eq(costCentre.id, doc.costCentreId));
}

/**
 * The count for a `documentList` page, stopped past `limit` rows, walking the company's documents newest first, so
 * the rows counted are those the walk meets first.
 */
export function documentCount(db: Db, where: SQL | undefined, limit: number) {
  const hits = db
    .select({ one: sql`1` })
    .from(doc)
    .where(where)
    .orderBy(desc(doc.createdAt), desc(doc.id))
    .limit(limit + 1)
    .as('hits');
  return db.select({ n: count() }).from(hits);
}

/**
 * A company's newest `n` documents under the document table's own name, so every filter written for the table applies
 * to them: the subquery's LIMIT keeps PostgreSQL from reading anything else, whatever it guesses of the filters.
 */
export const newest = (db: Db, companyId: number, n: number) =>
  db
    .select()
    .from(doc)
    .where(eq(doc.companyId, companyId))
    .orderBy(desc(doc.createdAt), desc(doc.id))
    .limit(n)
    .as('document');

export type Newest = ReturnType<typeof newest>;

/** Whether a company has more than `n` documents, read from the index up to there. */
export async function moreThan(db: Db, companyId: number, n: number): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(doc).where(eq(doc.companyId, companyId)).offset(n).limit(1);
  return rows.length > 0;
}

/**
 * A keyword over documents: the number starts with it, the reason contains it, or it names the applicant (`named`:
 * the people `peopleNamed` found, as one array value, so the planner knows how many there are).
 */
export function documentKeyword(keyword: string, named: number[]): SQL | undefined {
  return or(
    codeStartsWith(doc.docNo, keyword),
    gramsMatch(keyword, doc.reasonGrams, [doc.reason]),
    named.length ? sql`${doc.applicantId} = any(${sql.param(named)}::int[])` : undefined,
  );
}

/** People whose code or name (Chinese or English) contains the keyword, found through their grams. */
export async function peopleNamed(db: Db, keyword: string): Promise<number[]> {
  const rows = await db
    .select({ id: employee.id })
    .from(employee)
    .where(gramsMatch(keyword, employee.keywordGrams, [employee.code, employee.nameZh, employee.nameEn]));
  return rows.map((r) => r.id);
}

/** Created within the list's dates, whole days in Asia/Shanghai. */
export function createdWithin(q: { DateFrom?: string | undefined; DateTo?: string | undefined }) {
  return and(
    q.DateFrom ? gte(doc.createdAt, new Date(`${q.DateFrom}T00:00:00+08:00`)) : undefined,
    q.DateTo ? lte(doc.createdAt, new Date(`${q.DateTo}T23:59:59.999+08:00`)) : undefined,
  );
}
