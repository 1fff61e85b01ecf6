// Made once: building an Intl formatter costs about as much as formatting a few thousand dates with it, and an
// export formats three dates per row.
const SHANGHAI_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });

/** Today's date in the business time zone (Asia/Shanghai), as yyyy-MM-dd. */
export function shanghaiToday(now: Date = new Date()): string {
  return SHANGHAI_DAY.format(now);
}
