import { CapsAtRisk, FailedJobs, FinanceQueues, HomeMoney, MySpend, TeamBudget } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { currentUser, postGroup } from '../../core/http';
import * as home from './home.service';

const CLAIMANT = 'personalExpense';
/** The finance centre's screens: whoever holds one sees its queues on the home page. */
const FINANCE = [
  'documentPostCenter',
  'expensewriteoff',
  'chargeBack',
  'ChargebackProcessingCenter',
  'postIntoAccount',
  'expenseRemittance',
];
/** The yearly-used reports of HCPs and HCOs: each kind's figures go to those who hold its report. */
const HCP_REPORT = 'searchHCPYearUsedAmount';
const HCO_REPORT = 'searchHCOYearUsedAmount';
/** The interface log, which lists the failed calls to systems outside. */
const INTERFACE_LOG = 'rfcLog';
/** The budget report: a team's budgets are its figures. */
const BUDGET_REPORT = 'budgeReport';

/** What the home page shows beyond the counts of the lists themselves; each call to the holders of its list's screen. */
export async function homeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/Home', permission: CLAIMANT, tags: ['home'] });
  call(
    'GetMyMoney',
    {
      summary: "The caller's loans overdue or falling due, and what they were paid this month: gross, deducted, net",
      response: HomeMoney,
    },
    async (req) => home.money(ctx.db, actorOf(req)),
  );
  call(
    'GetMySpend',
    {
      summary: "The caller's reimbursements approved this year (Asia/Shanghai), in CNY per month of approval",
      response: MySpend,
    },
    async (req) => home.mySpend(ctx.db, actorOf(req)),
  );
  call(
    'GetFinanceQueues',
    {
      permission: FINANCE,
      summary:
        "The finance centre's queues: to receive, to review, on hold, posting failed, to pay, runs in progress, " +
        'bank returns, sent back and still with the claimant',
      response: FinanceQueues,
    },
    async (req) => home.financeQueues(ctx.db, actorOf(req)),
  );
  call(
    'GetCapsAtRisk',
    {
      permission: [HCP_REPORT, HCO_REPORT],
      summary:
        'HCPs and HCOs at or above 80 % of their cap this year: the count and the nearest few, per kind the caller ' +
        'may read',
      response: CapsAtRisk,
    },
    // The yearly-used reports read the report database; so do their figures here.
    async (req) => {
      const { functions } = currentUser(req);
      return home.capsAtRisk(ctx.reportDb, actorOf(req), {
        hcp: functions.has(HCP_REPORT),
        hco: functions.has(HCO_REPORT),
      });
    },
  );
  call(
    'GetFailedJobs',
    {
      permission: INTERFACE_LOG,
      summary: "The company's calls to systems outside that failed and wait to be sent again, per queue",
      response: FailedJobs,
    },
    async (req) => home.failedJobs(ctx.db, actorOf(req)),
  );
  call(
    'GetTeamBudget',
    {
      permission: BUDGET_REPORT,
      summary: "This year's budgets of the cost centres the caller's teams own, per month: budget, committed, consumed",
      response: TeamBudget,
    },
    async (req) => home.teamBudget(ctx.db, actorOf(req)),
  );
}
