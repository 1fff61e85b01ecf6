/** Today's date in the business time zone (Asia/Shanghai), as yyyy-MM-dd. */
export function shanghaiToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);
}
