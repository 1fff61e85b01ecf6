import { addDays, shanghaiToday } from '../../core/time';

/**
 * The demo's "now": every demo date is placed from it, never from the machine's clock, so a test can load the demo
 * as of any day. `today` is its business day in Shanghai.
 */
export interface DemoClock {
  now: Date;
  today: string;
}

/** What every demo step is given: the data folder its files go to, and the clock its dates come from. */
export interface DemoRun {
  dataDir: string;
  clock: DemoClock;
}

export function demoClock(now: Date = new Date()): DemoClock {
  return { now, today: shanghaiToday(now) };
}

export const yearOf = (clock: DemoClock) => Number(clock.today.slice(0, 4));
export const monthOf = (clock: DemoClock) => Number(clock.today.slice(5, 7));

/** The business day `days` before the demo's today. */
export const daysAgo = (clock: DemoClock, days: number) => addDays(clock.today, -days);

/** The business day `days` after the demo's today. */
export const inDays = (clock: DemoClock, days: number) => addDays(clock.today, days);

/** The instant `days` before the demo's now. */
export const instantDaysAgo = (clock: DemoClock, days: number) => new Date(clock.now.getTime() - days * 86_400_000);

const firstOfNextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * The day `days` before the demo's today, or, while the product's rule `open` refuses that day (a claim cut-off
 * passed, a period closed), the first of the next month it takes, today at the latest. So an item meant to be
 * claimable stays so whatever day of the month the demo is loaded on, and keeps its place among the others.
 */
export async function openDayWithin(
  clock: DemoClock,
  days: number,
  open: (day: string) => Promise<boolean>,
): Promise<string> {
  let day = daysAgo(clock, days);
  while (day < clock.today && !(await open(day))) {
    const next = firstOfNextMonth(day);
    day = next < clock.today ? next : clock.today;
  }
  return day;
}

/** The year the demo's fixed dates and names are written for (validity of orders, grants, white lists). */
const DATA_YEAR = 2026;

/**
 * A text of the demo data with its years (`2025`, `2026-12-31`, "CSCO 2026") moved from the year the data is written
 * for to the demo's year, so what is valid "this year" in the data stays valid on every day of every year.
 */
export function inDemoYear(clock: DemoClock, text: string): string {
  const by = yearOf(clock) - DATA_YEAR;
  return by === 0 ? text : text.replace(/\b20\d\d\b/g, (y) => String(Number(y) + by));
}
