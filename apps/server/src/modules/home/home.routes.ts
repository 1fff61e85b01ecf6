import { HomeMoney } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { post } from '../../core/http';
import { money } from './home.service';

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
}
