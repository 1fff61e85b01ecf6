/** Asia/Shanghai is UTC+8 all year (no daylight saving since 1991). */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * The date in the business time zone (Asia/Shanghai) of an instant (default now), as yyyy-MM-dd. Plain arithmetic
 * on the fixed offset: an export formats three dates per row, and an Intl formatter costs ten times as much.
 */
export function shanghaiToday(now: Date = new Date()): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}
