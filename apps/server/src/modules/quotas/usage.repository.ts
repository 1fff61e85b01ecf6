import type { QuotaKind } from '@ems/contracts';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { documentClinicalHco } from '../documents/customers/customer.table';
import { document } from '../documents/document.table';
import { customerHco, customerHcp } from '../masterdata/customers/customer.table';
import { expenseItem } from '../masterdata/expense.table';
import { employee } from '../org/org.table';
import { quota, quotaDetail, quotaLedger, quotaUsage } from './quota.table';

/** One part of a document's use of a subject, before it is summed per key. */
export interface Use {
  kind: QuotaKind;
  subjectId: number;
  expenseItemId: number;
  year: number;
  month: number;
  amount: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What a document uses, read from its lines in one statement (amounts in CNY): each HCP's and HCO's per-head share of
 * a line, each lecturer's fee before tax (the transfer of value, decision 050), each overseas line (its item is the subject), and the applicant's lines on
 * items they hold an employee quota for. Year and month are the expense date's (the meeting date for a fee).
 */
export async function usesOf(db: Db, documentId: number): Promise<Use[]> {
  const result = await db.execute(sql`
    with d as (select id, company_id, applicant_id from document where id = ${documentId}),
    l as (select line_no, coalesce(expense_item_id, 0) as item, coalesce(expense_date, current_date) as day,
            amount_cny, coalesce(fx_rate, 1) as fx
          from expense_line where document_id = ${documentId} and amount_cny is not null)
    select 'hcp' as kind, c.hcp_id as subject, l.item, l.day as day, round(c.amount * l.fx, 2)::text as amount
      from document_customer c join l on l.line_no = c.line_no
      where c.document_id = ${documentId} and c.hcp_id is not null and c.amount is not null
    union all
    select 'hco', c.hco_id, l.item, l.day, round(c.amount * l.fx, 2)::text
      from document_customer c join l on l.line_no = c.line_no
      where c.document_id = ${documentId} and c.hco_id is not null and c.amount is not null
    union all
    select 'lecture_fee', a.hcp_id, 0, a.meeting_date, a.fee_before_tax::text
      from lecturer_agreement a where a.document_id = ${documentId}
    union all
    select 'overseas', l.item, l.item, l.day, l.amount_cny::text
      from l join expense_item i on i.id = l.item where i.overseas
    union all
    select 'employee', d.applicant_id, l.item, l.day, l.amount_cny::text
      from l cross join d
      where exists (select 1 from quota q where q.company_id = d.company_id and q.kind = 'employee'
        and q.subject_id = d.applicant_id and q.expense_item_id = l.item
        and q.year = extract(year from l.day)::int and q.archived_at is null)`);
  return rowsOf<{ kind: QuotaKind; subject: number; item: number; day: string | Date; amount: string }>(result).map(
    (r) => {
      const day = typeof r.day === 'string' ? r.day : r.day.toISOString().slice(0, 10);
      return {
        kind: r.kind,
        subjectId: Number(r.subject),
        expenseItemId: Number(r.item),
        year: Number(day.slice(0, 4)),
        month: Number(day.slice(5, 7)),
        amount: r.amount,
      };
    },
  );
}

/** The clinical-trial HCOs a document is for, with its CNY total and the day its use is counted on. */
export async function clinicalOf(db: Db, documentId: number) {
  // One statement: the document's row with its HCOs' ids, in id order.
  const [d] = await db
    .select({
      total: document.totalAmountCny,
      day: sql<string>`coalesce(${document.startDate}, current_date)::text`,
      hcoIds: sql<number[]>`array(${db
        .select({ hcoId: documentClinicalHco.hcoId })
        .from(documentClinicalHco)
        .where(eq(documentClinicalHco.documentId, documentId))
        .orderBy(asc(documentClinicalHco.hcoId))})`,
    })
    .from(document)
    .where(eq(document.id, documentId));
  return { hcoIds: (d?.hcoIds ?? []).map(Number), total: d?.total ?? '0', day: d?.day ?? '' };
}

/** The document's live ledger rows (held or consumed). */
export async function liveRowsOf(db: Db, documentId: number) {
  return db
    .select()
    .from(quotaLedger)
    .where(and(eq(quotaLedger.documentId, documentId), ne(quotaLedger.state, 'released')));
}

export type QuotaLock = typeof quota.$inferSelect;

type QuotaKey = { kind: QuotaKind; subjectId: number; year: number };

/**
 * Locks, in id order, the live controlling quotas (warn or block, not archived) on any of the subjects and years
 * given, so two documents on the same subject take turns and never wait on each other crosswise.
 */
export function lockQuotas(db: Db, companyId: number, keys: QuotaKey[]): Promise<QuotaLock[]> {
  return controllingQuotas(db, companyId, keys, { forUpdate: true });
}

/**
 * The live controlling quotas (warn or block, not archived) on any of the subjects and years given, in id order;
 * locked with `forUpdate` (the check), read as they stand without (the limit preview, which writes nothing).
 */
export async function controllingQuotas(
  db: Db,
  companyId: number,
  keys: QuotaKey[],
  opts: { forUpdate: boolean },
): Promise<QuotaLock[]> {
  if (keys.length === 0) return [];
  const wanted = [...new Set(keys.map((k) => `${k.kind}:${k.subjectId}:${k.year}`))];
  const read = db
    .select()
    .from(quota)
    .where(
      and(
        eq(quota.companyId, companyId),
        isNull(quota.archivedAt),
        sql`${quota.limitStatus} > 0`,
        sql`(${quota.kind} || ':' || ${quota.subjectId} || ':' || ${quota.year}) = any(${sql.param(wanted)}::text[])`,
      ),
    )
    .orderBy(asc(quota.id));
  return opts.forUpdate ? read.for('update') : read;
}

export async function detailsOf(db: Db, quotaIds: number[]) {
  if (quotaIds.length === 0) return [];
  return db.select().from(quotaDetail).where(inArray(quotaDetail.quotaId, quotaIds));
}

/**
 * What each quota's subject has used in the quota's year, per month, over the quota's item or every item (held and
 * consumed, every document's, in the usage rows), in one statement.
 */
export async function usedBy(db: Db, quotas: QuotaLock[]): Promise<Map<number, Map<number, string>>> {
  const out = new Map<number, Map<number, string>>(quotas.map((q) => [q.id, new Map()]));
  if (quotas.length === 0) return out;
  const rows = await db
    .select({
      quotaId: quota.id,
      month: quotaUsage.month,
      used: sql<string>`sum(${quotaUsage.held} + ${quotaUsage.consumed})::text`,
    })
    .from(quota)
    .innerJoin(
      quotaUsage,
      and(
        eq(quotaUsage.companyId, quota.companyId),
        eq(quotaUsage.kind, quota.kind),
        eq(quotaUsage.year, quota.year),
        eq(quotaUsage.subjectId, quota.subjectId),
        sql`(${quota.expenseItemId} is null or ${quotaUsage.expenseItemId} = ${quota.expenseItemId})`,
      ),
    )
    .where(
      inArray(
        quota.id,
        quotas.map((q) => q.id),
      ),
    )
    .groupBy(quota.id, quotaUsage.month);
  for (const r of rows) out.get(r.quotaId)?.set(Number(r.month), r.used);
  return out;
}

/** Adds (or, negative, takes back) a held or consumed amount on a usage row, creating it at its first use. */
export async function addUsage(
  db: Db,
  companyId: number,
  u: Omit<Use, 'amount'>,
  column: 'held' | 'consumed',
  amount: string,
) {
  if (amount.startsWith('-')) {
    // Taking back: the row exists (the use was added to it), and an upsert would check the negative row first.
    await db
      .update(quotaUsage)
      .set({ [column]: sql`${quotaUsage[column]} + ${amount}::numeric` })
      .where(
        and(
          eq(quotaUsage.companyId, companyId),
          eq(quotaUsage.kind, u.kind),
          eq(quotaUsage.year, u.year),
          eq(quotaUsage.subjectId, u.subjectId),
          eq(quotaUsage.expenseItemId, u.expenseItemId),
          eq(quotaUsage.month, u.month),
        ),
      );
    return;
  }
  const held = column === 'held' ? amount : '0';
  const consumed = column === 'consumed' ? amount : '0';
  await db
    .insert(quotaUsage)
    .values({
      companyId,
      kind: u.kind,
      year: u.year,
      subjectId: u.subjectId,
      expenseItemId: u.expenseItemId,
      month: u.month,
      held,
      consumed,
    })
    .onConflictDoUpdate({
      target: [
        quotaUsage.companyId,
        quotaUsage.kind,
        quotaUsage.year,
        quotaUsage.subjectId,
        quotaUsage.expenseItemId,
        quotaUsage.month,
      ],
      set: {
        held: sql`${quotaUsage.held} + ${held}::numeric`,
        consumed: sql`${quotaUsage.consumed} + ${consumed}::numeric`,
      },
    });
}

export async function insertLedger(db: Db, rows: (typeof quotaLedger.$inferInsert)[]) {
  if (rows.length) await db.insert(quotaLedger).values(rows);
}

export async function releaseLedger(db: Db, ids: number[]) {
  if (ids.length)
    await db.update(quotaLedger).set({ state: 'released', releasedAt: new Date() }).where(inArray(quotaLedger.id, ids));
}

/** The names a refusal shows for subjects of a kind: code and both names. */
export async function subjectNames(db: Db, kind: QuotaKind, ids: number[]) {
  if (ids.length === 0) return new Map<number, { code: string; nameZh: string; nameEn: string }>();
  const t =
    kind === 'hcp' || kind === 'lecture_fee'
      ? customerHcp
      : kind === 'hco' || kind === 'clinical_hco'
        ? customerHco
        : kind === 'employee'
          ? employee
          : expenseItem;
  const rows = await db
    .select({ id: t.id, code: t.code, nameZh: t.nameZh, nameEn: t.nameEn })
    .from(t)
    .where(inArray(t.id, ids));
  return new Map(rows.map((r) => [r.id, { code: r.code, nameZh: r.nameZh, nameEn: r.nameEn ?? r.nameZh }]));
}
