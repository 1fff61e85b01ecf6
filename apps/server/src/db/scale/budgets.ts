import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../core/db';
import { rebuildLedger } from '../../modules/budgets/budget-ledger.service';
import * as schema from '../schema';
import { exec, phase, pick, type ScaleRun } from './run';

/** Items per company that get a budget on every cost centre: the most claimed ones. */
const COMMON_ITEMS = 8;

/**
 * Budgets at scale (DESIGN §11): for the year of the data and the one before, a budget per cost centre and common
 * expense item (the company's most claimed), twelve months each, about one in ten blocked and one in ten warning;
 * then the ledger and balances are written from the generated documents, set-based, as the demo's are.
 */
export async function generateBudgets(run: ScaleRun): Promise<void> {
  const year = run.now.getUTCFullYear();
  await phase(run, 'budgets', () =>
    exec(
      run,
      `with common as (
         select company_id, id from (
           select i.company_id, i.id, row_number() over (partition by i.company_id order by count(l.id) desc, i.id) as n
           from expense_item i left join expense_line l on l.expense_item_id = i.id
           group by i.company_id, i.id) x
         where n <= ${COMMON_ITEMS})
       insert into budget (company_id, year, cost_centre_id, expense_item_id, amount, limit_status)
       select cc.company_id, y, cc.id, c.id, 600000 + ${pick('cc.id * 31 + c.id', 7, 20)} * 60000,
              case ${pick('cc.id * 17 + c.id + y', 11, 10)} when 0 then 2 when 1 then 1 else 0 end
       from cost_centre cc
       join common c on c.company_id = cc.company_id
       cross join (values (${year - 1}), (${year})) as years(y)
       on conflict do nothing`,
    ),
  );
  await phase(run, 'budget details', () =>
    exec(
      run,
      `insert into budget_detail (budget_id, month, amount)
       select b.id, m, case when m = 12 then b.amount - round(b.amount / 12, 2) * 11 else round(b.amount / 12, 2) end
       from budget b cross join generate_series(1, 12) as m
       where not exists (select 1 from budget_detail d where d.budget_id = b.id)`,
    ),
  );
  const db = drizzle(run.client, { schema }) as unknown as Db;
  const { rows } = await run.client.query<{ id: number }>('select id from company order by id');
  await phase(run, 'budget ledger', async () => {
    let n = 0;
    for (const c of rows) n += await rebuildLedger(db, c.id);
    return n;
  });
}
