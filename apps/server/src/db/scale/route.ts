import type { Batch } from './documents';
import { exec, pick, type ScaleRun } from './run';
import { approverAt, kindAt, postAt, REJECT_COMMENTS, stepAt, textArray } from './times';

const REASON_KEYS = `case ${kindAt('s')} when 'line_manager' then 'workflow.reason.line_manager'
  when 'role' then 'workflow.reason.role' else 'workflow.reason.approval_limit' end`;
const FALLBACK_NAMES: Record<string, [string, string]> = {
  line_manager: ['直属经理', 'Line manager'],
  role: ['合规审核', 'Compliance'],
  approval_limit_chain: ['逐级审批', 'Up the line by approval limit'],
};
const nameOf = (lang: 'zh' | 'en') =>
  `coalesce(p.names -> (${kindAt('s')}) ->> '${lang}', case ${kindAt('s')} ${Object.entries(FALLBACK_NAMES)
    .map(([k, v]) => `when '${k}' then '${lang === 'zh' ? v[0] : v[1]}'`)
    .join(' ')} end)`;
const comment = (salt: number) => `(${textArray(REJECT_COMMENTS)})[1 + ${pick('p.i', salt, REJECT_COMMENTS.length)}]`;

/**
 * The route of every submitted document as approval_step rows: decided steps approved by their approver, the step
 * reached pending (waiting after it) or rejected (skipped after it), as the approval service leaves them.
 */
export function insertSteps(run: ScaleRun, b: Batch): Promise<number> {
  const reached = `case when p.route = 'all' then p.nsteps else p.reach end`;
  const acted = `(s <= p.approvals or (s = p.reach and p.decided = 'rejected'))`;
  return exec(
    run,
    `insert into approval_step (document_id, round, seq, step_kind, approver_id, status, acted_by, acted_at,
       pending_since, comment, reason_key, name_zh, name_en, document_created_at)
     select p.id, 1, s, ${kindAt('s')}, ${approverAt('s')},
       case when s <= p.approvals then 'approved'
            when s = p.reach then case when p.decided = 'pending' then 'pending' else 'rejected' end
            when p.decided = 'pending' then 'waiting' else 'skipped' end,
       case when ${acted} then ${approverAt('s')} end,
       case when ${acted} then ${stepAt('s')} end,
       case when s <= ${reached} then ${stepAt('s - 1')} end,
       case when s = p.reach and p.decided = 'rejected' then ${comment(41)} end,
       ${REASON_KEYS}, ${nameOf('zh')}, ${nameOf('en')}, p.created_at
     from scale_plan p cross join generate_series(1, p.nsteps) s
     where p.id between $1 and $2 and p.route <> 'none'`,
    [b.from, b.to],
  );
}

/**
 * Every change of state as status_history rows, in the order the lifecycle made them: created, the moves before the
 * route (submit, or handing over for confirmation), each approval, the rejection, then the applicant's or the
 * shared-service centre's actions (scale_path, checked against the lifecycle table).
 */
export async function insertHistory(run: ScaleRun, b: Batch): Promise<number> {
  const range = [b.from, b.to];
  const finance = `p.finance_ids[1 + ${pick('p.i', 42, 'greatest(1, cardinality(p.finance_ids))')}]`;
  let rows = await exec(
    run,
    `insert into status_history (document_id, from_status, to_status, action, actor_id, principal_id, at)
     select p.id, null, 'draft', 'create', p.preparer_id, p.applicant_id, p.created_at
     from scale_plan p where p.id between $1 and $2
     union all
     select p.id, x.from_status, x.to_status, x.action, p.preparer_id, p.applicant_id, p.created_at + x.ord * p.u / 10
     from scale_plan p join scale_path x on x.doc_type = p.doc_type and x.status = p.status and x.phase = 'pre'
     where p.id between $1 and $2`,
    range,
  );
  rows += await exec(
    run,
    `insert into status_history (document_id, from_status, to_status, action, actor_id, principal_id, comment, at)
     select p.id, 'approving', case when s = p.nsteps then 'approved' else 'approving' end, 'approve',
       ${approverAt('s')}, ${approverAt('s')}, null, ${stepAt('s')}
     from scale_plan p cross join generate_series(1, p.approvals) s
     where p.id between $1 and $2
     union all
     select p.id, 'approving', 'returned', 'reject', ${approverAt('p.reach')}, ${approverAt('p.reach')},
       ${comment(41)}, ${stepAt('p.reach')}
     from scale_plan p where p.id between $1 and $2 and p.decided = 'rejected'`,
    range,
  );
  rows += await exec(
    run,
    `insert into status_history (document_id, from_status, to_status, action, actor_id, principal_id, at)
     select p.id, x.from_status, x.to_status, x.action,
       case x.actor when 'applicant' then p.applicant_id else ${finance} end,
       case x.actor when 'applicant' then p.applicant_id else ${finance} end,
       ${postAt('x.ord')}
     from scale_plan p join scale_path x on x.doc_type = p.doc_type and x.status = p.status and x.phase = 'post'
     where p.id between $1 and $2`,
    range,
  );
  return rows;
}
