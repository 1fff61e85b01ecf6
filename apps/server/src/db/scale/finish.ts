import { exec, phase, type ScaleRun } from './run';

/**
 * What the app reads after the bulk: the numbering counters moved past every generated number (new documents of
 * the same company, type and month go on from there), the id sequence past the generated ids, some reimbursements
 * writing off their applicant's paid loans, and fresh planner statistics.
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
  await phase(run, 'analyze', async () => {
    await exec(run, 'analyze');
    return 0;
  });
}
