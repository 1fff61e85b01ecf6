import type { PageQuery } from '@ems/contracts';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
