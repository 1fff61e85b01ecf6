import type { FailedJobs, FinanceQueues, HomeMoney } from '@ems/contracts';
import type { Actor } from '../../core/actor';
import type { Db } from '../../core/db';
import { companyStateCounts } from '../documents/document.service';
import { openRunsAndReturns, paidThisMonth } from '../finance/remit/payments.service';
import { openReturnCount } from '../finance/review/returns.service';
import { loansDueOf } from '../freezes/freeze.service';
import { failedJobs as failedOutbound } from '../outbound/outbound.service';

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

/** The company's calls to systems outside that failed and wait to be sent again (the interface log's failed ones). */
export function failedJobs(db: Db, actor: Actor): Promise<FailedJobs> {
  return failedOutbound(db, actor.companyId);
}
