import type { DocType } from '@ems/contracts';
import { pathRows, pathTo, STATE_MIX } from './paths';
import { exec, phase, pick, type ScaleRun } from './run';

/** Of the documents, how many the demo employee applies for, and how many the demo manager's team applies for. */
export function hotspots(documents: number) {
  return {
    employee: Math.min(500, Math.ceil(documents * 0.05)),
    managerTeam: Math.min(20_000, Math.ceil(documents * 0.05)),
  };
}

/** Amount of line `k` of planned document `i`, in cents: a meeting plan, a cash advance, or everyday expenses. */
export function lineCents(i: string, k: string, type: string): string {
  const key = `${i} * 16 + ${k}`;
  return `case ${type}
    when 'apply' then 5000 + ${pick(key, 21, 800000)}
    when 'loan' then 100000 + ${pick(key, 22, 900000)}
    else 2000 + ${pick(key, 23, 150000)} + case when ${pick(key, 24, 50)} = 0 then ${pick(key, 25, 1500000)} else 0 end
  end`;
}

const TYPE_SHARE: [DocType, number][] = [
  ['apply', 250],
  ['loan', 100],
  ['deputy', 650],
];

/**
 * Lookup tables every later phase joins: the people who can apply (with their line manager and the manager above),
 * each company's route approvers, the expense types and items a document may use, the state mix, and the plan:
 * one row per document to generate with everything its rows derive from. Ids follow creation time, as a real
 * sequence would, and numbers continue each company, type and month's counter.
 */
export async function planDocuments(run: ScaleRun): Promise<void> {
  await phase(run, 'plan: lookups', async () => {
    await exec(
      run,
      `create temp table scale_person as
       select (row_number() over (order by e.id))::int as pidx, e.id, e.company_id, e.team_id,
         e.default_cost_centre_id as cost_centre_id, e.line_manager_id as m1,
         coalesce(case when up.status = 'active' and up.id <> e.id then up.id end, e.line_manager_id) as m2
       from employee e
       join employee m on m.id = e.line_manager_id and m.status = 'active'
       left join employee up on up.id = m.line_manager_id
       where e.status = 'active' and e.default_cost_centre_id is not null and e.bank_account is not null`,
    );
    await exec(run, 'create index on scale_person (pidx)');
    await exec(
      run,
      `create temp table scale_manager_team as
       select (row_number() over (order by p.id))::int as r, p.pidx from scale_person p
       join user_account u on u.employee_id = p.m1 and u.username = 'manager'
       where p.id not in (select employee_id from user_account where username = 'employee')`,
    );
    // The first holder by code takes a role step, as the routing does; finance actions are spread over the SSC.
    await exec(
      run,
      `create temp table scale_company as
       select c.id as company_id, c.code,
         (select e.id from employee_role_team ert join role r on r.id = ert.role_id and r.code = 'COMPLIANCE'
            and r.company_id = c.id join employee e on e.id = ert.employee_id and e.status = 'active'
          order by e.code limit 1) as compliance_id,
         (select array_agg(distinct ert.employee_id) from employee_role_team ert
            join role r on r.id = ert.role_id and r.code = 'SSC' and r.company_id = c.id) as finance_ids
       from company c`,
    );
    // The general route template of each type: its chain threshold, and whether HCP spend adds a compliance step.
    await exec(
      run,
      `create temp table scale_template as
       select w.company_id, w.doc_type,
         min(d.min_amount) filter (where d.step_kind = 'approval_limit_chain') as chain_from,
         bool_or(d.step_kind = 'role' and d.role_code = 'COMPLIANCE') as compliance_step,
         jsonb_object_agg(d.step_kind, jsonb_build_object('zh', d.name_zh, 'en', d.name_en)) as names
       from workflow_setting w join workflow_detail d on d.workflow_id = w.id
       where w.active and w.expense_type_id is null
       group by w.company_id, w.doc_type`,
    );
    // Types any applicant may use on the general route: active, not restricted, not limited to teams.
    await exec(
      run,
      `create temp table scale_type_item as
       select t.id as expense_type_id, t.company_id, t.doc_type,
         coalesce(array_agg(i.id order by i.id) filter (where not i.involves_hcp), '{}') as plain,
         coalesce(array_agg(i.id order by i.id) filter (where i.involves_hcp), '{}') as hcp
       from expense_type t
       join expense_type_item ti on ti.expense_type_id = t.id
       join expense_item i on i.id = ti.expense_item_id and i.active
       where t.active and not t.restricted
         and not exists (select 1 from expense_type_team x where x.expense_type_id = t.id)
         and not exists (select 1 from workflow_setting w where w.expense_type_id = t.id and w.active)
       group by t.id`,
    );
    await exec(
      run,
      `create temp table scale_doc_types as
       select company_id, doc_type, array_agg(expense_type_id order by expense_type_id) as types
       from scale_type_item group by company_id, doc_type`,
    );
    const mix: string[] = [];
    const types: string[] = [];
    let lo = 0;
    for (const [type, share] of TYPE_SHARE) {
      types.push(`('${type}', ${lo}, ${lo + share})`);
      lo += share;
      let from = 0;
      for (const [state, n] of STATE_MIX[type]) {
        const p = pathTo(type, state);
        mix.push(
          `('${type}', '${state}', ${from}, ${from + n}, '${p.route}', '${p.decided ?? 'none'}', ${p.pre.length}, ${p.post.length})`,
        );
        from += n;
      }
    }
    await exec(
      run,
      `create temp table scale_state as
       select m.doc_type, r, m.status, m.route, m.decided, m.pre_n, m.post_n
       from (values ${mix.join(',')}) m(doc_type, status, lo, hi, route, decided, pre_n, post_n)
       cross join generate_series(0, 999) r where r >= m.lo and r < m.hi`,
    );
    await exec(
      run,
      `create temp table scale_doc_type as
       select doc_type, r from (values ${types.join(',')}) t(doc_type, lo, hi)
       cross join generate_series(0, 999) r where r >= t.lo and r < t.hi`,
    );
    const rows = pathRows().map(
      (r) => `('${r.type}', '${r.state}', '${r.phase}', ${r.ord}, '${r.from}', '${r.to}', '${r.action}', '${r.actor}')`,
    );
    await exec(
      run,
      `create temp table scale_path as select * from (values ${rows.join(',')})
       p(doc_type, status, phase, ord, from_status, to_status, action, actor)`,
    );
    // Temporary tables get no automatic statistics; without them the plan's joins would loop row by row.
    for (const t of [
      'person',
      'manager_team',
      'company',
      'template',
      'type_item',
      'doc_types',
      'state',
      'doc_type',
      'path',
    ])
      await exec(run, `analyze scale_${t}`);
    return 0;
  });

  await phase(run, 'plan: documents', () => buildPlan(run));
}

async function buildPlan(run: ScaleRun): Promise<number> {
  const n = run.documents;
  const hot = hotspots(n);
  const { rows } = await run.client.query<{ persons: number; team: number; employee: number | null; base: number }>(
    `select (select count(*) from scale_person)::int as persons, (select count(*) from scale_manager_team)::int as team,
       (select p.pidx from scale_person p join user_account u on u.employee_id = p.id and u.username = 'employee') as employee,
       (select coalesce(max(id), 0) from document)::int as base`,
  );
  const { persons, team, employee, base } = rows[0]!;
  if (persons === 0) throw new Error('nobody can apply: the organisation has no active people with a manager');
  const emp = employee === null ? 0 : hot.employee;
  const mgr = team === 0 ? 0 : hot.managerTeam;
  const now = `'${run.now.toISOString()}'::timestamptz`;
  const inflight = `s.status in ('draft', 'confirming', 'approving', 'returned')`;
  await exec(
    run,
    `create temp table scale_plan as
     with base as (
       select i,
         case when i <= ${emp} then ${employee ?? 0}
              when i <= ${emp + mgr} then (select t.pidx from scale_manager_team t where t.r = 1 + ${pick('i', 1, Math.max(team, 1))})
              else 1 + ${pick('i', 2, persons)} end as pidx
       from generate_series(1, ${n}) i),
     doc as (
       select b.i, p.id as applicant_id, p.company_id, p.team_id, p.cost_centre_id, p.m1, p.m2, p.pidx,
         dt.doc_type, s.status, s.route, s.decided, s.pre_n, s.post_n,
         -- Work in flight is recent; finished work older, so no month holds more than five digits of numbers.
         case when ${inflight} then 600 + ${pick('b.i', 4, 45 * 86400)}
              else 45 * 86400 + ${pick('b.i', 4, 320 * 86400)} end as age
       from base b
       join scale_person p on p.pidx = b.pidx
       join scale_doc_type dt on dt.r = ${pick('b.i', 3, 1000)}
       join scale_state s on s.doc_type = dt.doc_type and s.r = ${pick('b.i', 5, 1000)}),
     typed as (
       select d.*, ti.expense_type_id, ti.plain, ti.hcp as hcp_items,
         cardinality(ti.plain) = 0 or (cardinality(ti.hcp) > 0 and ${pick('d.i', 6, 5)} = 0) as hcp,
         case d.doc_type when 'apply' then 2 + ${pick('d.i', 7, 7)} when 'loan' then 1 + ${pick('d.i', 7, 2)}
           else 1 + ${pick('d.i', 7, 10)} end as nlines
       from doc d
       join scale_doc_types t on t.company_id = d.company_id and t.doc_type = d.doc_type
       join scale_type_item ti on ti.expense_type_id = t.types[1 + ${pick('d.i', 8, 'cardinality(t.types)')}]),
     priced as (
       select t.*, (select sum(${lineCents('t.i', 'k', 't.doc_type')}) from generate_series(1, t.nlines) k) / 100.0 as total,
         ${now} - make_interval(secs => t.age) as created_at,
         least(interval '20 hours', make_interval(secs => t.age) / 25) as u
       from typed t),
     routed as (
       select p.*, c.code as company_code, c.compliance_id, c.finance_ids,
         (p.doc_type = 'deputy' and p.hcp and coalesce(tp.compliance_step, false) and c.compliance_id is not null
           and c.compliance_id not in (p.applicant_id, p.m1)) as compliance,
         (p.total >= coalesce(tp.chain_from, 1e15) and p.m2 not in (p.m1, p.applicant_id)) as chain,
         tp.names
       from priced p join scale_company c on c.company_id = p.company_id
       left join scale_template tp on tp.company_id = p.company_id and tp.doc_type = p.doc_type),
     stepped as (
       select r.*, 1 + r.compliance::int + r.chain::int as nsteps from routed r),
     decided as (
       select s.*, 1 + ${pick('s.i', 9, 's.nsteps')} as reach,
         case when s.status = 'confirming' then (select q.id from scale_person q where q.pidx = s.pidx % ${persons} + 1)
              else s.applicant_id end as preparer_id
       from stepped s)
     , periods as (select d.*, to_char(d.created_at at time zone 'Asia/Shanghai', 'YYMM') as period from decided d)
     select d.*,
       ${base} + row_number() over (order by d.created_at, d.i) as id,
       coalesce(dn.last, 0) + row_number() over (partition by d.company_id, d.doc_type, d.period
         order by d.created_at, d.i) as number,
       case when d.route = 'all' then d.nsteps when d.route = 'partial' then d.reach - 1 else 0 end as approvals
     from periods d
     left join document_number dn on dn.company_id = d.company_id and dn.doc_type = d.doc_type and dn.period = d.period`,
  );
  await exec(run, 'create index on scale_plan (id)');

  await exec(run, 'analyze scale_plan');
  return n;
}
