/**
 * When each event of a planned document (`p`, a scale_plan row) happened. Events are spaced by the document's time
 * unit `u` (at most 20 hours, and small enough that everything fits between creation and now): submitted a tenth of
 * a unit after creation, step s decided s units after submitting, the actions after the route one unit apart.
 */
export const submittedAt = 'p.created_at + p.u / 10';
export const stepAt = (s: string) => `p.created_at + p.u / 10 + (${s}) * p.u`;
/** When the route ended: its last approval, or the rejection. */
export const decidedAt = `p.created_at + p.u / 10 + (case when p.route = 'all' then p.nsteps else p.reach end) * p.u`;
export const postAt = (ord: string) => `${decidedAt} + (${ord}) * p.u`;
export const lastAt = `case
  when p.route = 'none' then p.created_at + p.pre_n * p.u / 10
  when p.decided = 'pending' then ${stepAt('p.reach - 1')}
  else ${postAt('p.post_n')} end`;

/** The approver of route step s: the line manager, the compliance holder, then up the line. */
export const approverAt = (s: string) =>
  `case when (${s}) = 1 then p.m1 when (${s}) = 2 and p.compliance then p.compliance_id else p.m2 end`;
export const kindAt = (s: string) =>
  `case when (${s}) = 1 then 'line_manager' when (${s}) = 2 and p.compliance then 'role' else 'approval_limit_chain' end`;

/** Reasons an approver gives when sending a document back. */
export const REJECT_COMMENTS = [
  '请补充发票原件',
  '请补充会议签到表',
  '费用超出标准，请说明',
  '成本中心填写错误',
  '请拆分差旅与招待费用',
];

export const textArray = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
