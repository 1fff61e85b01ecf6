/** The business day, shared with the web app (contracts/src/time.ts). */
export { shanghaiToday } from '@ems/contracts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** `yyyy-MM-dd` moved by whole days (calendar arithmetic in UTC, so no time zone shifts it). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const firstOfNextMonth = (day: string) => {
  const d = new Date(`${firstOfMonth(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return isoDay(d);
};

/**
 * The days `from`…`to` (`yyyy-MM-dd`, either open) as the whole months they cover (the first days of the first and
 * the last; open where the range is) and the odd days before and after them. With no whole month the range is one
 * odd stretch. Month summaries answer the whole months; the odd days are read bare.
 */
export function monthsBetween(
  from: string | undefined,
  to: string | undefined,
): { whole: { from?: string; to?: string } | undefined; odd: { from: string; to: string }[] } {
  const first = from === undefined || from.endsWith('-01') ? from : firstOfNextMonth(from);
  const last = to === undefined || addDays(firstOfNextMonth(to), -1) === to ? to : addDays(firstOfMonth(to), -1);
  if (from !== undefined && to !== undefined && first !== undefined && last !== undefined && first > last)
    return { whole: undefined, odd: [{ from, to }] };
  const odd: { from: string; to: string }[] = [];
  if (from !== undefined && first !== undefined && from < first) odd.push({ from, to: addDays(first, -1) });
  if (to !== undefined && last !== undefined && last < to) odd.push({ from: addDays(last, 1), to });
  return {
    whole: {
      ...(first !== undefined ? { from: first } : {}),
      ...(last !== undefined ? { to: firstOfMonth(last) } : {}),
    },
    odd,
  };
}
