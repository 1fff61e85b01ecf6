import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../core/db';
import { rebuildSummaries } from '../../modules/reports/summary/summary.service';
import { exec, phase, type ScaleRun } from './run';

/**
 * What the app reads after the bulk: the numbering counters moved past every generated number (new documents of
 * the same company, type and month go on from there), the id sequence past the generated ids, some reimbursements
 * writing off their applicant's paid loans, the vouchers of the loans and reimbursements past accounting review,
 * the report summaries rebuilt from the documents as they now are (decision 039), and fresh planner statistics.
 */
export async function finish(run: ScaleRun): Promise<void> {
  await phase(run, 'document numbers', () =>
    exec(
      run,
      `insert into document_number (company_id, doc_type, period, last)
       select company_id, doc_type, period, max(number) from scale_plan group by 1, 2, 3
       on conflict (company_id, doc_type, period) do update set last = greatest(document_number.last, excluded.last)`,
    ),
  );
  await exec(run, `select setval(pg_get_serial_sequence('document', 'id'), (select max(id) from document))`);
  await exec(run, 'create index on scale_plan (applicant_id, id)');
  await phase(run, 'loan write-offs', () =>
    exec(
      run,
      `insert into document_loan_link (document_id, loan_id, amount)
       select d.id, l.id, least(l.total, d.total_amount)
       from scale_plan l
       cross join lateral (
         select x.id, x.total as total_amount from scale_plan x
         where x.applicant_id = l.applicant_id and x.doc_type = 'deputy' and x.route = 'all' and x.id > l.id
         order by x.id limit 1) d
       where l.doc_type = 'loan' and l.status in ('paid', 'closed')
       on conflict do nothing`,
    ),
  );
  await addVouchers(run);
  await phase(run, 'report summaries', async () => {
    await rebuildSummaries(drizzle({ client: run.client }) as unknown as Db);
    return 0;
  });
  await phase(run, 'vacuum and analyze', async () => {
    // The lists read documents and steps from their indexes alone where the visibility map allows, as a year-old
    // database's vacuum leaves it; right after a bulk load nothing is marked visible yet.
    await exec(run, 'vacuum (analyze) document, approval_step');
    await exec(run, 'analyze');
    return 0;
  });
}

/** The vouchers and their entries, for the loans and reimbursements past review. */
export async function addVouchers(run: ScaleRun): Promise<void> {
  await phase(run, 'vouchers', () => insertVouchers(run));
  await phase(run, 'accounting entries', () => insertEntries(run));
}

/** Past review, as the lifecycle goes: written off (open), refused by the ERP (failed), or booked (posted). */
const REVIEWED = `('to_post', 'post_failed', 'posted', 'remitting', 'paid', 'closed')`;

/**
 * One voucher per loan and reimbursement past accounting review, dated at its approval, with the ERP number the
 * simulator would have given it once posted. The entries follow the app's rules (entries/entry-rules.ts) without
 * VAT or apportionment, which the generated documents do not have.
 */
function insertVouchers(run: ScaleRun): Promise<number> {
  return exec(
    run,
    `insert into voucher (company_id, document_id, kind, posting_date, period, amount, state, posting_ref, erp_doc_no,
       last_error, created_at, updated_at)
     select d.company_id, d.id, case d.doc_type when 'loan' then 'loan' else 'expense' end,
       (d.approved_at at time zone 'Asia/Shanghai')::date, to_char(d.approved_at at time zone 'Asia/Shanghai', 'YYYY-MM'),
       d.total_amount_cny,
       case d.status when 'to_post' then 'open' when 'post_failed' then 'failed' else 'posted' end,
       'scale-' || d.id,
       case when d.status not in ('to_post', 'post_failed') then (5100000000 + d.id)::text end,
       case when d.status = 'post_failed' then 'ERP: cost centre blocked for posting' end,
       d.approved_at, d.updated_at
     from document d
     where d.doc_type <> 'apply' and d.status in ${REVIEWED} and d.approved_at is not null`,
  );
}

/**
 * Debits: each line on its item's GL account (the company's mapping for the document type, else a catch-all), or
 * the employee advance for a loan. Credits: the advance for the loans a reimbursement writes off, the payable for
 * the rest. Account numbers are the technical parameters' defaults.
 */
async function insertEntries(run: ScaleRun): Promise<number> {
  await exec(
    run,
    `create temporary table scale_gl as
     select distinct on (c.company_id, c.expense_item_id, c.doc_type) c.company_id, c.expense_item_id, c.doc_type,
       le.gl_account
     from ledger_expense_item_config c join ledger_expense le on le.id = c.ledger_expense_id
     order by c.company_id, c.expense_item_id, c.doc_type, c.product_id nulls first, c.cost_centre_type nulls first`,
  );
  const debits = await exec(
    run,
    `insert into accounting_entry (voucher_id, line_no, side, gl_account, amount, currency, cost_centre_id, product_id,
       employee_id, text)
     select v.id, l.line_no, 'D',
       case when d.doc_type = 'loan' then '122101' else coalesce(g.gl_account, '660199') end,
       l.amount_cny, 'CNY', d.cost_centre_id, l.product_id, case when d.doc_type = 'loan' then d.applicant_id end,
       d.doc_no
     from voucher v join document d on d.id = v.document_id join expense_line l on l.document_id = d.id
     left join scale_gl g on g.company_id = d.company_id and g.expense_item_id = l.expense_item_id
       and g.doc_type = d.doc_type
     where v.posting_ref like 'scale-%'`,
  );
  const credits = await exec(
    run,
    `insert into accounting_entry (voucher_id, line_no, side, gl_account, amount, currency, employee_id, text)
     select v.id, c.line_no, 'C', c.gl_account, c.amount, 'CNY', d.applicant_id, d.doc_no
     from voucher v join document d on d.id = v.document_id
     cross join lateral (select least(d.total_amount_cny, coalesce(sum(k.amount), 0)) as off
       from document_loan_link k where k.document_id = d.id) w
     cross join lateral (values (9001, '122101', w.off), (9002, '224101', d.total_amount_cny - w.off))
       as c(line_no, gl_account, amount)
     where v.posting_ref like 'scale-%' and c.amount > 0`,
  );
  await exec(run, 'drop table scale_gl');
  return debits + credits;
}
