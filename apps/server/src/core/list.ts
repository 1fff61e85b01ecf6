import type { PageQuery } from '@ems/contracts';
import { type AnyColumn, and, asc, desc, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';

const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export function contains(text: string): string {
  return `%${literal(text)}%`;
}

/** A list's keyword filter: any of the columns contains the text; no filter when there is no keyword. */
export function keywordIn(keyword: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = contains(keyword);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/**
 * `keywordIn` over a large table: the keyword's pieces are all among the row's grams (`gramsColumn` in core/columns,
 * found through its GIN index), and one of the columns the grams were made of contains it.
 */
export function gramsMatch(keyword: string, grams: AnyColumn, columns: (AnyColumn | SQL)[]): SQL | undefined {
  return and(sql`${grams} @> search_grams(${keyword})`, keywordIn(keyword, columns));
}

/** Codes and numbers are found by their beginning, upper-cased as they are issued (`LIKE`, so a prefix index serves). */
export function codeStartsWith(column: AnyColumn, keyword: string): SQL {
  return like(column, `${literal(keyword.toUpperCase())}%`);
}

/** ORDER BY from the list body's SortField/SortOrder, limited to the columns a list allows. */
export function orderFrom(
  sortable: Record<string, AnyColumn | SQL>,
  q: Pick<PageQuery, 'SortField' | 'SortOrder'>,
  fallback: AnyColumn | SQL,
): SQL {
  const col = (q.SortField ? sortable[q.SortField] : undefined) ?? fallback;
  return q.SortOrder === 'descend' ? desc(col) : asc(col);
}

export function offsetOf(q: Pick<PageQuery, 'PageIndex' | 'PageSize'>): number {
  return (q.PageIndex - 1) * q.PageSize;
}

/**
 * One page of a list and the total it is a page of. Pass the count query and the row query unawaited (Drizzle runs
 * a query only when awaited): the count runs first, then the page, on the same connection or transaction.
 */
export async function paged<R>(
  q: Pick<PageQuery, 'PageIndex' | 'PageSize'>,
  total: PromiseLike<{ n: number }[]>,
  rows: { limit(n: number): { offset(n: number): PromiseLike<R[]> } },
): Promise<{ total: number; rows: R[] }> {
  const [counted] = await total;
  return { total: counted?.n ?? 0, rows: await rows.limit(q.PageSize).offset(offsetOf(q)) };
}

/**
 * How far the count of a list over a year of documents goes: ten pages past the page shown. Counting two million
 * rows on every page would cost more than the page itself; past the limit the pager says "200+" and counts further
 * as the user pages on.
 */
export function countLimit(q: Pick<PageQuery, 'PageIndex' | 'PageSize'>): number {
  return offsetOf(q) + q.PageSize * 10;
}

/**
 * The `Total` of a page whose count query stopped at `limit + 1` rows; `atLeast` when the rows counted were only part
 * of those the list holds (the pager then says "n+" for what was found).
 */
export function cappedTotal(counted: number, limit: number, atLeast = false): { Total: number; TotalCapped?: true } {
  return counted > limit || atLeast ? { Total: Math.min(counted, limit), TotalCapped: true } : { Total: counted };
}

/**
 * `column = any($1::int[])`: the ids as one parameter. `inArray` binds each id on its own, so an export's page of five
 * thousand ids was five thousand parameters for drizzle to build and PostgreSQL to parse.
 */
export function idIn(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

/** `lower(column) IN (…)`: codes are matched regardless of case, as users type and import them. */
export function codeIn(column: AnyColumn | SQL, codes: readonly string[]): SQL {
  return inArray(
    sql`lower(${column})`,
    codes.map((c) => c.toLowerCase()),
  );
}
