import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db';
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

/** Documents with their applicant, preparer, expense type and cost centre; `fields` adds what a list needs more. */
export function documentList<T extends SelectedFields>(db: Db, fields: T) {
  return db
    .select({
      d: doc,
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
 * The count for a `documentList` page, stopped past `limit` rows, newest first (the order the lists page in, so the
 * rows counted are those an index walk meets first). The applicant is joined only when the filter names it (a
 * keyword): every document has one, so the join never changes the count.
 */
export function documentCount(db: Db, where: SQL | undefined, namesApplicant: boolean, limit: number) {
  const from = db.select({ one: sql`1` }).from(doc);
  const hits = (namesApplicant ? from.innerJoin(applicant, eq(applicant.id, doc.applicantId)) : from)
    .where(where)
    .orderBy(desc(doc.createdAt), desc(doc.id))
    .limit(limit + 1)
    .as('hits');
  return db.select({ n: count() }).from(hits);
}

/** Created within the list's dates, whole days in Asia/Shanghai. */
export function createdWithin(q: { DateFrom?: string | undefined; DateTo?: string | undefined }) {
  return and(
    q.DateFrom ? gte(doc.createdAt, new Date(`${q.DateFrom}T00:00:00+08:00`)) : undefined,
    q.DateTo ? lte(doc.createdAt, new Date(`${q.DateTo}T23:59:59.999+08:00`)) : undefined,
  );
}
