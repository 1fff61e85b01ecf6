import {
  CAP_AT_RISK_PERCENT,
  type CapsAtRisk,
  type FailedJobs,
  type FinanceQueues,
  type HomeMoney,
  type MySpend,
  type TeamBudget,
} from '@ems/contracts';
import type { Actor } from '../../core/actor';
import type { Db } from '../../core/db';
import { shanghaiToday } from '../../core/time';
import { teamMonths } from '../budgets/budget.service';
import { approvedSpendByMonth, companyStateCounts } from '../documents/document.service';
import { openRunsAndReturns, paidThisMonth } from '../finance/remit/payments.service';
import { openReturnCount } from '../finance/review/returns.service';
import { loansDueOf } from '../freezes/freeze.service';
import { ledTeams } from '../org/teams/team.service';
import { failedJobs as failedOutbound } from '../outbound/outbound.service';
import { search as yearUsed } from '../quotas/usage-report.service';

/** The subjects nearest their caps the home page names, per kind. */
const TOP_AT_RISK = 5;

const thisYear = () => Number(shanghaiToday().slice(0, 4));

/** The claimant's money on the home page: loans overdue or falling due, and this month's payments with deductions. */
export async function money(db: Db, actor: Actor): Promise<HomeMoney> {
  const [loans, paid] = await Promise.all([
    loansDueOf(db, actor.companyId, actor.userId),
    paidThisMonth(db, actor.companyId, actor.userId),
  ]);
  return {
    LoansDue: { Count: loans.count, Overdue: loans.overdue, Balance: loans.balance, NextDue: loans.nextDue },
    PaidThisMonth: paid,
  };
}

/** The finance centre's queues of the caller's company, each the count its list shows. */
export async function financeQueues(db: Db, actor: Actor): Promise<FinanceQueues> {
  const [byState, remit, chargedBack] = await Promise.all([
    companyStateCounts(db, actor.companyId, ['approved', 'received', 'reviewing', 'held', 'post_failed', 'posted']),
    openRunsAndReturns(db, actor.companyId),
    openReturnCount(db, actor.companyId),
  ]);
  const n = (s: Parameters<typeof byState.get>[0]) => byState.get(s) ?? 0;
  return {
    ToReceive: n('approved'),
    ToReview: n('received') + n('reviewing'),
    Held: n('held'),
    PostFailed: n('post_failed'),
    ToRemit: n('posted'),
    RunsOpen: remit.runs,
    BankReturns: remit.returns,
    ChargedBack: chargedBack,
  };
}

/**
 * The HCPs and HCOs of this year at or above `CAP_AT_RISK_PERCENT` of their caps, each kind as its yearly-used report
 * answers when filtered to that share and sorted by it (the count, the first few), for the kinds the caller may read.
 */
export async function capsAtRisk(db: Db, actor: Actor, kinds: { hcp: boolean; hco: boolean }): Promise<CapsAtRisk> {
  const year = thisYear();
  const ofReport = async (report: 'HCP' | 'HCO') => {
    const page = await yearUsed(db, actor, report, {
      Year: year,
      MinUsedPercent: CAP_AT_RISK_PERCENT,
      SortField: 'UsedPercent',
      SortOrder: 'descend',
      PageIndex: 1,
      PageSize: TOP_AT_RISK,
    });
    return {
      Count: page.Total,
      // The share filter keeps only subjects with a cap above zero, so cap and share are there.
      Top: page.Rows.map((r) => ({
        SubjectID: r.SubjectID,
        SubjectCode: r.SubjectCode,
        SubjectName: r.SubjectName,
        Used: r.Used,
        Cap: r.Cap ?? '0.00',
        UsedPercent: r.UsedPercent ?? '0.00',
      })),
    };
  };
  const [hcp, hco] = await Promise.all([kinds.hcp ? ofReport('HCP') : null, kinds.hco ? ofReport('HCO') : null]);
  return { Year: year, Percent: CAP_AT_RISK_PERCENT, HCP: hcp, HCO: hco };
}

/** The company's calls to systems outside that failed and wait to be sent again (the interface log's failed ones). */
export function failedJobs(db: Db, actor: Actor): Promise<FailedJobs> {
  return failedOutbound(db, actor.companyId);
}

/** The caller's reimbursements approved this year, per month of approval, all twelve months. */
export async function mySpend(db: Db, actor: Actor): Promise<MySpend> {
  const year = thisYear();
  const rows = await approvedSpendByMonth(db, actor.companyId, actor.userId, year);
  return {
    Year: year,
    Months: Array.from({ length: 12 }, (_, i) => {
      const r = rows.find((m) => m.month === i + 1);
      return { Month: i + 1, Documents: r?.documents ?? 0, Amount: r?.amount ?? '0.00' };
    }),
  };
}

/** This year's budgets of the cost centres the caller's teams own, per month; no team led, no months figured. */
export async function teamBudget(db: Db, actor: Actor): Promise<TeamBudget> {
  const year = thisYear();
  const teams = await ledTeams(db, actor);
  return {
    Year: year,
    Teams: teams.led.map((t) => ({ TeamID: t.TeamID, Name: t.Name })),
    Months: await teamMonths(db, actor.companyId, year, teams.ids),
  };
}
