import { FinanceQueues, HomeMoney } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { post } from '../../core/http';
import { financeQueues, money } from './home.service';

/** The finance centre's screens: whoever holds one sees its queues on the home page. */
const FINANCE = ['documentPostCenter', 'expensewriteoff', 'chargeBack', 'postIntoAccount', 'expenseRemittance'];

export async function homeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/Home/GetMyMoney',
    {
      permission: 'personalExpense',
      summary: "The caller's loans overdue or falling due, and what they were paid this month: gross, deducted, net",
      tags: ['home'],
      response: HomeMoney,
    },
    async (req) => money(ctx.db, actorOf(req)),
  );
  post(
    app,
    '/api/Home/GetFinanceQueues',
    {
      permission: FINANCE,
      summary:
        "The finance centre's queues: to receive, to review, on hold, posting failed, to pay, runs in progress, bank returns",
      tags: ['home'],
      response: FinanceQueues,
    },
    async (req) => financeQueues(ctx.db, actorOf(req)),
  );
}
