import { z } from 'zod';

/**
 * The money a claimant's home page shows (issue 26 item 5): their open loans overdue or falling due soon, and what
 * they were paid this month per currency, gross, deducted and net.
 */
export const HomeMoney = z.object({
  LoansDue: z.object({
    Count: z.number().int(),
    Overdue: z.number().int(),
    Balance: z.string(),
    /** The earliest due date among them (yyyy-MM-dd), if any. */
    NextDue: z.string().nullable(),
  }),
  PaidThisMonth: z.array(
    z.object({
      Currency: z.string(),
      Count: z.number().int(),
      Gross: z.string(),
      Deducted: z.string(),
      Net: z.string(),
    }),
  ),
});
export type HomeMoney = z.infer<typeof HomeMoney>;
