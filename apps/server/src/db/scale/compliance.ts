import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../core/db';
import { rebuildYearUsage } from '../../modules/quotas/usage.service';
import type { Batch } from './documents';
import { exec, phase, pick, type ScaleRun } from './run';

/**
 * Compliance data at scale (DESIGN §11, §16): two thousand HCPs per company beside the demo's, a yearly cap on each,
 * the attendees of the HCP lines (one to six doctors sharing the line per head) and the quota ledger of every
 * reimbursement that holds (in approval) or consumed (approved and later) its attendees' shares; the usage rows the
 * reports read are summed from that ledger at the end, as the cap check keeps them one document at a time.
 */
export async function prepareCompliance(run: ScaleRun): Promise<void> {
  await phase(run, 'HCPs', () =>
    exec(
      run,
      `insert into customer_hcp (company_id, code, name_zh, name_en, hco_id, title_zh, department)
       select c.id, 'SP' || lpad(n::text, 5, '0'), '医生' || n, 'Doctor ' || n,
         (select h.id from customer_hco h where h.company_id = c.id order by h.id offset n % greatest(1,
           (select count(*) from customer_hco h2 where h2.company_id = c.id)) limit 1),
         '主治医师', '内科'
       from company c cross join generate_series(1, 2000) n
       on conflict do nothing`,
    ),
  );
  await exec(
    run,
    `create temp table scale_hcp as
     select company_id, id, row_number() over (partition by company_id order by id) as r,
       count(*) over (partition by company_id) as n
     from customer_hcp`,
  );
  await exec(run, 'create index on scale_hcp (company_id, r)');
  await exec(run, 'create temp table scale_hcp_count as select company_id, max(n) as n from scale_hcp group by 1');
  await exec(run, 'analyze scale_hcp');
  await exec(run, 'analyze scale_hcp_count');
  await phase(run, 'HCP quotas', () =>
    exec(
      run,
      `insert into quota (company_id, year, kind, subject_id, amount, limit_status, remark)
       select h.company_id, y, 'hcp', h.id, 200000, 2, 'scale'
       from scale_hcp h
       cross join (select distinct extract(year from $1::timestamptz)::int - g as y from generate_series(0, 1) g) years
       on conflict do nothing`,
      [run.now.toISOString()],
    ),
  );
}

/**
 * The attendees of a batch's HCP lines: one to six of the company's HCPs, each with the line's per-head share. Each
 * attendee is found by (company, rank) through the index; the company's HCP count comes from its own small table so
 * the rank is known before the join (with the count on the HCP row itself, every HCP of the company was hashed for
 * every attendee: 150 s of the full size).
 */
export function insertAttendees(run: ScaleRun, b: Batch): Promise<number> {
  return exec(
    run,
    `insert into document_customer (document_id, line_no, hcp_id, amount)
     select x.document_id, 1, x.hcp_id, round(x.amount / x.heads, 2)
     from (
       select distinct on (p.id, h.id) p.id as document_id, h.id as hcp_id, l.amount,
         1 + ${pick('p.i', 41, 6)} as heads
       from scale_plan p
       join expense_line l on l.document_id = p.id and l.line_no = 1
       join scale_hcp_count c on c.company_id = p.company_id
       cross join generate_series(1, 6) k
       join scale_hcp h on h.company_id = p.company_id
         and h.r = 1 + ((hashint8extended((p.i * 8 + k)::bigint, 42) & 2147483647) % c.n)
       where p.id between $1 and $2 and p.hcp and l.amount is not null and k <= 1 + ${pick('p.i', 41, 6)}) x`,
    [b.from, b.to],
  );
}

/** The quota ledger of a batch: reimbursements in approval hold their attendees' shares, approved ones consumed. */
export function insertQuotaLedger(run: ScaleRun, b: Batch): Promise<number> {
  return exec(
    run,
    `insert into quota_ledger (company_id, document_id, kind, year, month, subject_id, expense_item_id, amount, state,
       created_at)
     select p.company_id, p.id, 'hcp', extract(year from l.expense_date)::int, extract(month from l.expense_date)::int,
       c.hcp_id, l.expense_item_id, c.amount,
       case when p.status = 'approving' then 'held' else 'consumed' end, p.created_at
     from scale_plan p
     join document_customer c on c.document_id = p.id
     join expense_line l on l.document_id = p.id and l.line_no = c.line_no
     where p.id between $1 and $2 and p.doc_type = 'deputy'
       and p.status not in ('draft', 'confirming', 'returned', 'cancelled')`,
    [b.from, b.to],
  );
}

/**
 * The usage rows summed from the generated ledger, added to what the demo documents use; then the year rows the
 * reports read, rebuilt from the usage rows, the ledger and the quotas (decision 055).
 */
export async function finishCompliance(run: ScaleRun, range: { lo: number; hi: number }): Promise<void> {
  await phase(run, 'quota usage', () =>
    exec(
      run,
      `insert into quota_usage (company_id, kind, year, subject_id, expense_item_id, month, held, consumed)
       select company_id, kind, year, subject_id, expense_item_id, month,
         coalesce(sum(amount) filter (where state = 'held'), 0), coalesce(sum(amount) filter (where state = 'consumed'), 0)
       from quota_ledger where document_id between $1 and $2 and state <> 'released'
       group by 1, 2, 3, 4, 5, 6
       on conflict (company_id, kind, year, subject_id, expense_item_id, month) do update
         set held = quota_usage.held + excluded.held,
           consumed = quota_usage.consumed + excluded.consumed`,
      [range.lo, range.hi],
    ),
  );
  await phase(run, 'quota year usage', async () => {
    await rebuildYearUsage(drizzle({ client: run.client }) as unknown as Db);
    return 0;
  });
}
