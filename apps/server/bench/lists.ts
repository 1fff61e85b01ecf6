import pg from 'pg';
import { POOL_SIZE, SESSION_SETTINGS } from '../src/core/db';
import { call, type Session, signInAll } from './http';
import { type Explained, type Line, ms } from './report';
import { CAPTURE_PREFIX, startServer } from './server';
import { explain, mainReads, type ReplayPlan, replay, replayPlan, type Statement } from './sql-capture';
import { type Latencies, timedConcurrently, timedEach } from './stats';

/**
 * Who makes a call: the administrator, or many different users for whom the list is their own (leaders: those who
 * lead a team through a role with the budget report, for their teams' budgets).
 */
export type Callers = 'admin' | 'applicants' | 'approvers' | 'deciders' | 'leaders';

interface ListCall {
  name: string;
  url: string;
  body: Record<string, unknown>;
  callers: Callers;
}

const PAGE = { PageIndex: 1, PageSize: 20 };
/** More statements than this per list call suggests a query per row (N+1). */
const HANDFUL = 8;
const P95_BUDGET_MS = 50;
const BARE_RATIO_BUDGET = 2;
/** Each measurement stops starting calls after this long (30 calls at 1 user, 4 rounds at 50, if time allows). */
const ONE_USER_MS = 8_000;
const MANY_USERS_MS = 20_000;
/** A person's pause between two clicks: reading the list they just got. */
const THINK_MS = 1_000;
/** Callers captured at once (each caller's statements are kept apart by request id). */
const CAPTURE_IN_FLIGHT = 5;

function listCalls(keyword: { person: string }): ListCall[] {
  const viewCentre = '/api/DocumentViewCenter/SearchList';
  return [
    { name: 'approve centre: pending', url: '/api/ApproveCenter/QueryPendingList', body: PAGE, callers: 'approvers' },
    { name: 'personal expense centre', url: '/api/document/SearchDocument', body: PAGE, callers: 'applicants' },
    // The home page's counts (issue 26 item 5): what waits for an approver, and a claimant's documents by state.
    { name: 'home: waiting for my approval', url: '/api/ApproveCenter/QueryPending', body: {}, callers: 'approvers' },
    { name: 'home: my documents by state', url: '/api/document/GetDocumentCount', body: {}, callers: 'applicants' },
    { name: 'home: my loans due and payments', url: '/api/Home/GetMyMoney', body: {}, callers: 'applicants' },
    { name: 'home: finance queues (admin)', url: '/api/Home/GetFinanceQueues', body: {}, callers: 'admin' },
    // The home page's figures per role: HCPs and HCOs near their caps, failed calls outside, a claimant's spend this
    // year, a manager's teams against their budgets.
    { name: 'home: caps at risk (admin)', url: '/api/Home/GetCapsAtRisk', body: {}, callers: 'admin' },
    { name: 'home: failed jobs (admin)', url: '/api/Home/GetFailedJobs', body: {}, callers: 'admin' },
    { name: 'home: my spend this year', url: '/api/Home/GetMySpend', body: {}, callers: 'applicants' },
    { name: "home: my teams' budgets", url: '/api/Home/GetTeamBudget', body: {}, callers: 'leaders' },
    // The receipt wallet (issue 26 item 2): a claimant's fapiao not yet on a document.
    {
      name: 'wallet: fapiao to claim',
      url: '/api/InvoiceEntry/SearchList',
      body: { ...PAGE, OnDocument: false },
      callers: 'applicants',
    },
    {
      name: 'wallet: receipts to claim',
      url: '/api/InvoiceEntry/SearchReceiptList',
      body: { ...PAGE, OnDocument: false },
      callers: 'applicants',
    },
    // The inbox (issue 26 item 6): the header's unread count, asked on every screen, and the inbox's first page.
    { name: 'inbox: unread count', url: '/api/Inbox/UnreadCount', body: {}, callers: 'approvers' },
    { name: 'inbox: newest messages', url: '/api/Inbox/Search', body: PAGE, callers: 'approvers' },
    { name: 'view centre: all (admin)', url: viewCentre, body: { ...PAGE, All: true }, callers: 'admin' },
    { name: "view centre: a manager's", url: viewCentre, body: PAGE, callers: 'approvers' },
    {
      name: 'view centre: keyword (admin)',
      url: viewCentre,
      body: { ...PAGE, All: true, Keyword: keyword.person },
      callers: 'admin',
    },
    {
      name: 'approval history',
      url: '/api/PersonalApproveHistory/Search_Requisition_List',
      body: PAGE,
      callers: 'deciders',
    },
    {
      name: 'approval history: still coming',
      url: '/api/PersonalApproveHistory/Search_Requisition_Pending',
      body: PAGE,
      callers: 'approvers',
    },
    { name: 'people list', url: '/api/system/SearchEmployee', body: PAGE, callers: 'admin' },
    {
      name: 'people search',
      url: '/api/system/SearchEmployee',
      body: { ...PAGE, Keyword: keyword.person },
      callers: 'admin',
    },
    {
      name: 'people picker',
      url: '/api/system/ChooseEmployee',
      body: { ...PAGE, Keyword: keyword.person.slice(0, 1) },
      callers: 'applicants',
    },
    { name: 'teams', url: '/api/system/GetTeamList', body: PAGE, callers: 'admin' },
    { name: 'cost centres', url: '/api/CostCenterMaster/Search', body: PAGE, callers: 'admin' },
    { name: 'HCP master list', url: '/api/customerMaster/SearchHCP', body: PAGE, callers: 'admin' },
    { name: 'expense types', url: '/api/system/SearchExpenseType', body: { DocType: 'deputy' }, callers: 'admin' },
    { name: 'internal orders', url: '/api/InsideOrder/Search', body: PAGE, callers: 'admin' },
    { name: 'ledger expenses', url: '/api/MainExpense/Search', body: PAGE, callers: 'admin' },
    { name: 'workflow templates', url: '/api/workflowSetting/SearchWorkflowList', body: PAGE, callers: 'admin' },
  ];
}

/** Accounts that can sign in with the shared password and are neither locked nor made to change it. */
export const SIGNABLE = `u.active and not u.must_change_password and (u.locked_until is null or u.locked_until < now())`;

/** The users with the most of what the list shows, so each signed-in user's list has rows. */
export async function callersOf(pool: pg.Pool, admin: string, n: number): Promise<Record<Callers, string[]>> {
  const top = async (sql: string) => (await pool.query<{ username: string }>(sql, [n])).rows.map((r) => r.username);
  return {
    admin: [admin],
    applicants: await top(
      `select u.username from document d join user_account u on u.employee_id = d.applicant_id
       where ${SIGNABLE} group by u.username order by count(*) desc, u.username limit $1`,
    ),
    approvers: await top(
      `select u.username from approval_step s join user_account u on u.employee_id = s.approver_id
       where s.status = 'pending' and ${SIGNABLE} group by u.username order by count(*) desc, u.username limit $1`,
    ),
    deciders: await top(
      `select u.username from approval_step s join user_account u on u.employee_id = s.acted_by
       where ${SIGNABLE} group by u.username order by count(*) desc, u.username limit $1`,
    ),
    leaders: await top(
      `select u.username from employee_role_team a join role r on r.id = a.role_id and r.active and r.team_authority
       join role_function f on f.role_id = r.id and f.function_code = 'budgeReport'
       join role_report p on p.role_id = r.id and p.report_code = 'budgeReport'
       join user_account u on u.employee_id = a.employee_id
       left join cost_centre cc on cc.owner_team_id = a.team_id
       left join budget b on b.cost_centre_id = cc.id
       where a.team_id is not null and ${SIGNABLE} group by u.username order by count(b.id) desc, u.username limit $1`,
    ),
  };
}

/** A name to search for: the applicant of the document in the middle of the table. */
async function personKeyword(pool: pg.Pool): Promise<string> {
  const res = await pool.query<{ name: string }>(
    `select e.name_zh as name from document d join employee e on e.id = d.applicant_id
     order by d.id offset (select count(*) / 2 from document) limit 1`,
  );
  return res.rows[0]?.name ?? '王';
}

interface Captured {
  /** Per caller (in the callers' order), the statements of one warm call and how it ran them. */
  plans: ReplayPlan[];
  statements: Statement[][];
  queries: number[];
}

/**
 * Starts the server at level trace, makes each call once warm per caller and keeps the statements each ran, then
 * stops it (tracing is left out of the timed runs).
 */
async function capture(
  database: string,
  calls: readonly ListCall[],
  callers: Record<Callers, string[]>,
): Promise<Captured[]> {
  const server = await startServer({ databaseUrl: database, logLevel: 'trace' });
  try {
    const sessions = await sessionsOf(server.url, callers);
    const out: Captured[] = [];
    for (const [c, lc] of calls.entries()) {
      const users = sessions[lc.callers];
      await call(server.url, lc.url, lc.body, users[0]!);
      const ids = users.map((_, i) => `${CAPTURE_PREFIX}${c}-${i}`);
      const done = await timedEach([...users.entries()], CAPTURE_IN_FLIGHT, ([i, s]) =>
        call(server.url, lc.url, lc.body, s, { 'x-request-id': ids[i]! }),
      );
      if (done.errors > 0) throw new Error(`${lc.name}: ${done.firstError}`);
      await logged(() => ids.every((id) => server.requestLine(id)));
      const statements = ids.map((id) => server.statements(id));
      out.push({
        statements,
        plans: statements.map(replayPlan),
        queries: ids.map((id) => server.requestLine(id)?.queries ?? Number.NaN),
      });
    }
    return out;
  } finally {
    await server.stop();
  }
}

/** The child's log reaches us a little after the answer. */
async function logged(done: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!done()) throw new Error('the server did not log the captured requests');
}

async function sessionsOf(base: string, callers: Record<Callers, string[]>): Promise<Record<Callers, Session[]>> {
  const entries = await Promise.all(
    (Object.entries(callers) as [Callers, string[]][]).map(async ([k, names]) => [k, await signInAll(base, names)]),
  );
  return Object.fromEntries(entries) as Record<Callers, Session[]>;
}

function triple(l: Latencies): string {
  return `${ms(l.p50)}/${ms(l.p95)}/${ms(l.p99)}`;
}

export interface ListsResult {
  lines: Line[];
  explained: Explained[];
}

/** `only`: list calls whose name contains one of these (all when empty). */
export async function runLists(opts: {
  database: string;
  users: number;
  admin: string;
  only: readonly string[];
}): Promise<ListsResult> {
  // The bare runs use the app's own connection settings: the same SQL, planned the same way.
  const pool = new pg.Pool({ connectionString: opts.database, max: POOL_SIZE, options: SESSION_SETTINGS });
  try {
    const callers = await callersOf(pool, opts.admin, opts.users);
    for (const [k, v] of Object.entries(callers))
      if (v.length === 0) throw new Error(`no ${k} in the database: the list benchmark needs documents in approval`);
    const calls = listCalls({ person: await personKeyword(pool) }).filter(
      (lc) => opts.only.length === 0 || opts.only.some((o) => lc.name.includes(o)),
    );
    if (calls.length === 0) throw new Error(`no list call named like ${opts.only.join(', ')}`);
    console.error(`lists: capturing the SQL of ${calls.length} calls at level trace`);
    const captured = await capture(opts.database, calls, callers);

    // Statements every call runs are the session lookup: left out of the plans, kept in the bare runs. One call alone
    // (`--calls`) has nothing to compare with: its first statement, the session lookup every request begins with, is.
    const first = captured[0]?.statements[0] ?? [];
    const everyCall =
      captured.length > 1
        ? new Set(
            [...new Set(first.map((st) => st.sql))].filter((sql) =>
              captured.every((cap) => cap.statements.some((list) => list.some((st) => st.sql === sql))),
            ),
          )
        : new Set(first.slice(0, 1).map((st) => st.sql));
    const server = await startServer({ databaseUrl: opts.database, logLevel: 'info' });
    const lines: Line[] = [];
    const explained: Explained[] = [];
    try {
      const sessions = await sessionsOf(server.url, callers);
      for (const [c, lc] of calls.entries()) {
        const users = sessions[lc.callers];
        const plans = captured[c]!.plans;
        const app = (worker: number) => call(server.url, lc.url, lc.body, users[worker % users.length]!);
        const bare = (worker: number) => replay(pool, plans[worker % plans.length]!);
        // Warm both paths: the server's code and plans, PostgreSQL's buffers.
        await timedConcurrently(1, 2, app);
        await timedConcurrently(1, 2, bare);
        const app1 = await timedConcurrently(1, 30, app, ONE_USER_MS);
        const bare1 = await timedConcurrently(1, 30, bare, ONE_USER_MS);
        const appU = await timedConcurrently(opts.users, 4, app, MANY_USERS_MS, THINK_MS);
        const bareU = await timedConcurrently(opts.users, 4, bare, MANY_USERS_MS, THINK_MS);
        // Fifty users at work have their connections open already: a first round at the same concurrency opens
        // them (the browsers' to the server, the bare run's to PostgreSQL), so the timed rounds measure the calls,
        // not fifty connections set up at once.
        await timedConcurrently(opts.users, 1, app);
        const appN = await timedConcurrently(opts.users, 4, app, MANY_USERS_MS);
        await timedConcurrently(opts.users, 1, bare);
        const bareN = await timedConcurrently(opts.users, 4, bare, MANY_USERS_MS);
        const queries = Math.max(...captured[c]!.queries);
        const ratio1 = app1.p95 / bare1.p95;
        const ratioN = appN.p95 / bareN.p95;
        const ratioU = appU.p95 / bareU.p95;
        const who = lc.callers === 'admin' ? 'the administrator' : `${users.length} different users`;
        const err = (l: Latencies[]) => {
          const n = l.reduce((sum, x) => sum + x.errors, 0);
          return n ? `; ${n} errors: ${l.find((x) => x.firstError)?.firstError}` : '';
        };
        const name = `${lc.name} (${lc.url.replace('/api/', '')})`;
        lines.push({
          part: 'lists',
          what: `${name}, 1 user`,
          figures: `app ${triple(app1)} bare ${triple(bare1)} ms, p95 ×${ratio1.toFixed(1)}${err([app1, bare1])}`,
          budget: '(context)',
          met: null,
        });
        lines.push({
          part: 'lists',
          what: `${name}, ${opts.users} users (${who}, ${THINK_MS / 1000} s between clicks)`,
          figures:
            `app ${triple(appU)} bare ${triple(bareU)} ms, p95 ×${ratioU.toFixed(1)}; ` +
            `SQL/call ${queries}${queries > HANDFUL ? ' (N+1?)' : ''}; n=${appU.n}${err([appU, bareU])}`,
          budget: `p95 ≤ ${P95_BUDGET_MS} ms`,
          met: appU.errors + app1.errors === 0 && appU.p95 <= P95_BUDGET_MS,
        });
        lines.push({
          part: 'lists',
          what: `${name}, ${opts.users} requests always in flight (${who}, no pause)`,
          figures: `app ${triple(appN)} bare ${triple(bareN)} ms, p95 ×${ratioN.toFixed(1)}; n=${appN.n}${err([appN, bareN])}`,
          budget: `≤ ${BARE_RATIO_BUDGET}× bare`,
          met: appN.errors === 0 && ratioN <= BARE_RATIO_BUDGET,
        });
        console.error(`lists: ${lc.name}: ${lines.at(-1)!.figures}`);
        const reads = mainReads(
          (captured[c]!.statements[0] ?? []).filter((st) => !everyCall.has(st.sql)),
          2,
        );
        explained.push({
          call: `${lc.name} (${lc.url})`,
          plans: await Promise.all(reads.map((s) => explain(pool, s))),
        });
      }
    } finally {
      await server.stop();
    }
    return { lines, explained };
  } finally {
    await pool.end();
  }
}
