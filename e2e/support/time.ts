/**
 * Today in Shanghai (yyyy-MM-dd), the product's business day: the demo's dates and "this year" are Shanghai's, while
 * the machine running the tests may be in UTC, a day behind until 08:00 there.
 */
export function shanghaiToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
}
