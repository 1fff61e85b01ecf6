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

/**
 * The finance centre's queues on the home page: the company's documents waiting to be received (approved), at the
 * SSC for review, on hold, whose posting failed and posted waiting for payment; remittance runs in progress; the
 * bank's returned payments waiting to be paid again; and the documents finance sent back (no-pass or chargeback)
 * that are still with their claimants (the returns centre's open return slips).
 */
export const FinanceQueues = z.object({
  ToReceive: z.number().int(),
  ToReview: z.number().int(),
  Held: z.number().int(),
  PostFailed: z.number().int(),
  ToRemit: z.number().int(),
  RunsOpen: z.number().int(),
  BankReturns: z.number().int(),
  ChargedBack: z.number().int(),
});
export type FinanceQueues = z.infer<typeof FinanceQueues>;

/**
 * The share of its yearly cap, in per cent, from which an HCP or HCO counts as near it on the home page. No company
 * setting holds it; the yearly-used reports colour a subject from the same share.
 */
export const CAP_AT_RISK_PERCENT = 80;

/** One subject near its cap: money as the API writes it, the share rounded to two places. */
export const CapAtRiskRow = z.object({
  SubjectID: z.number().int(),
  SubjectCode: z.string(),
  SubjectName: z.string(),
  Used: z.string(),
  Cap: z.string(),
  UsedPercent: z.string(),
});
export type CapAtRiskRow = z.infer<typeof CapAtRiskRow>;

const CapsOfKind = z.object({
  /** How many subjects of the year use at least `Percent` of their cap (over every item). */
  Count: z.number().int(),
  /** The nearest their caps first (by share of cap), a few. */
  Top: z.array(CapAtRiskRow),
});

/**
 * Compliance on the home page: the HCPs and HCOs of the caller's company whose use this year (Asia/Shanghai) is at or
 * above `Percent` of their cap, as the yearly-used reports filtered to that share list them. A kind is null for a
 * caller without its report's screen.
 */
export const CapsAtRisk = z.object({
  Year: z.number().int(),
  Percent: z.number().int(),
  HCP: CapsOfKind.nullable(),
  HCO: CapsOfKind.nullable(),
});
export type CapsAtRisk = z.infer<typeof CapsAtRisk>;

/**
 * An administrator's home page: the calls to systems outside (mail, EVM, ERP, bank…) of the company that failed
 * after their last attempt and wait to be sent again, as the interface log lists them, per queue. Imports keep no
 * record of a refused file (an import is all or nothing and answers its errors at once), so none is counted.
 */
export const FailedJobs = z.object({
  Failed: z.number().int(),
  ByQueue: z.array(z.object({ Queue: z.string(), Count: z.number().int() })),
});
export type FailedJobs = z.infer<typeof FailedJobs>;

/** One month of a home chart: 1–12. */
const Month = z.number().int().min(1).max(12);

/**
 * A claimant's spend this year (Asia/Shanghai): their reimbursements approved this year and not sent back or
 * cancelled since, in CNY, by the month they were approved; twelve months, a month without one holding zero.
 */
export const MySpend = z.object({
  Year: z.number().int(),
  Months: z.array(z.object({ Month, Documents: z.number().int(), Amount: z.string() })),
});
export type MySpend = z.infer<typeof MySpend>;

/**
 * A manager's team against its budgets this year: the budgets of the cost centres owned by the teams the caller
 * leads (a role with team authority held for the team) and their sub-teams, per month: the budget, what documents in
 * approval or approved applies hold or reserve on it, and what approved claims consumed. `Teams` are the teams led;
 * none for a caller who leads no team.
 */
export const TeamBudget = z.object({
  Year: z.number().int(),
  Teams: z.array(z.object({ TeamID: z.number().int(), Name: z.string() })),
  Months: z.array(z.object({ Month, Budget: z.string(), Committed: z.string(), Consumed: z.string() })),
});
export type TeamBudget = z.infer<typeof TeamBudget>;
