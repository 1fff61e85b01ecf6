import type { HomeMoney } from '@ems/contracts';
import type { Actor } from '../../core/actor';
import type { Db } from '../../core/db';
import { paidThisMonth } from '../finance/remit/payments.service';
import { loansDueOf } from '../freezes/freeze.service';

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
