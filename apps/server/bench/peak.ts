import http from 'node:http';
import { cpus } from 'node:os';
import pg from 'pg';
import { CallError, call, cpuSeconds, type Session, signInAll } from './http';
import { callersOf, SIGNABLE } from './lists';
import { type Line, ms } from './report';
import { startServer } from './server';
import { type Latencies, latencies, Recorder } from './stats';
import { type Applicant, claimants, type Draft, drafts, submit } from './submit';

/** The design's month-end: 2,000 people at their screens, each acting about every 10 s (DESIGN §18). */
const USERS = 2_000;
const PAUSE_MS = 10_000;
/** Each pause is 10 s give or take 20 %, so the users do not fall into step. */
const JITTER = 0.2;
const P95_BUDGET_MS = 200;
/** An answer not there after this long counts as an error; no call is waited for longer. */
const GIVE_UP_MS = 30_000;
/** Applicants tried for claims (each probed with a draft saved and submitted). */
const CLAIMANT_CANDIDATES = 100;
/** Refusals a month-end brings and the app is right to make: the month closed for claims, a limit reached. */
const EXPECTED_REFUSAL = /^(document\.period_closed|document\.line_over_limit|limits\.)/;
const PAGE = { PageIndex: 1, PageSize: 20 };
/** Calls of each action made one at a time, before the window, to weigh what each costs the processors. */
const SOLO_CALLS = 20;

type Action =
  | 'approve centre'
  | 'personal expense centre'
  | 'view centre'
  | 'open a document'
  | 'save a draft'
  | 'submit'
  | 'approve';

/** The month-end mix in percent of all actions; docs/decisions/019 says why these shares. */
const MIX: readonly [Action, number][] = [
  ['approve centre', 30],
  ['personal expense centre', 28],
  ['view centre', 12],
  ['open a document', 20],
  ['save a draft', 4],
  ['submit', 2],
  ['approve', 4],
];

/** Who makes each action: the user whose turn it is, or (writes and the approve centre) the next who can. */
const WHO: Record<Action, string> = {
  'approve centre': 'an approver',
  'personal expense centre': 'the user',
  'view centre': 'the user',
  'open a document': 'the user, one of their documents',
  'save a draft': 'an applicant',
  submit: "the oldest draft's applicant",
  approve: "the next pending step's approver",
};

/** A number in [0, 1) fixed by its arguments: a run draws the same actions and pauses as the one before. */
function unit(...n: number[]): number {
  let h = 0x811c9dc5;
  for (const x of n) {
    h = Math.imul(h ^ x, 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return (h >>> 0) / 2 ** 32;
}

function actionAt(u: number): Action {
  let sum = 0;
  for (const [action, share] of MIX) {
    sum += share / 100;
    if (u < sum) return action;
  }
  return MIX[0]![0];
}

/** The next of a list, in turn. */
function turns<T>(items: readonly T[]): () => T | undefined {
  let i = 0;
  return () => (items.length ? items[i++ % items.length] : undefined);
}

/** A user's own kept-alive connection, as their browser keeps one. */
function ownConnection(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 1 });
}

/** Opens a connection (one request of the health probe), to be kept alive for the window. */
function connect(base: string, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/healthz`, { agent }, (res) => {
        res.resume();
        res.on('end', resolve);
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

class GaveUp extends Error {}

function giveUpAfter<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GaveUp(`no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

interface Step {
  id: number;
  version: number;
  docType: string;
  session: Session;
}

/**
 * The users, chosen so the writes have someone to make them: those with the most pending approval steps (up to
 * half), the applicants who can claim, then generated users in order, all different.
 */
async function chooseUsers(pool: pg.Pool, approvers: readonly string[], applicants: readonly Applicant[]) {
  const chosen = [...new Set([...approvers.slice(0, USERS / 2), ...applicants.map((a) => a.session.username)])];
  const others = await pool.query<{ username: string }>(
    `select u.username from user_account u
     where u.username like 'u0%' and ${SIGNABLE} and not (u.username = any($1::text[]))
     order by u.username limit $2`,
    [chosen, USERS - chosen.length],
  );
  return [...chosen, ...others.rows.map((r) => r.username)].slice(0, USERS);
}

/**
 * One pending step per document (another step's approval would change the version), approvers taking turns; only
 * steps of the approver's own company (a signed-in user acts in their company).
 */
async function pendingSteps(pool: pg.Pool, sessions: ReadonlyMap<string, Session>): Promise<Step[]> {
  const res = await pool.query<{ id: number; version: number; doc_type: string; username: string }>(
    `select id, version, doc_type, username from (
       select distinct on (d.id) d.id, d.version, d.doc_type, u.username
       from approval_step s
       join document d on d.id = s.document_id and d.round = s.round and d.status = 'approving'
       join employee e on e.id = s.approver_id and e.company_id = d.company_id
       join user_account u on u.employee_id = e.id
       where s.status = 'pending' and u.username = any($1::text[])
       order by d.id, s.id) one
     order by row_number() over (partition by username order by id), username`,
    [[...sessions.keys()]],
  );
  return res.rows.map((r) => ({
    id: r.id,
    version: r.version,
    docType: r.doc_type,
    session: sessions.get(r.username)!,
  }));
}

/** Each user's latest document as applicant, to open. */
async function ownDocuments(pool: pg.Pool, usernames: readonly string[]): Promise<Map<string, number>> {
  const res = await pool.query<{ username: string; id: number }>(
    `select distinct on (u.username) u.username, d.id
     from document d join user_account u on u.employee_id = d.applicant_id
     where u.username = any($1::text[]) order by u.username, d.id desc`,
    [usernames],
  );
  return new Map(res.rows.map((r) => [r.username, r.id]));
}

/**
 * What each action is at month-end, and who makes it: the user whose turn it is where it is theirs (their own
 * lists, one of their documents); otherwise the next user who can (an approver's list, an applicant's draft), and
 * a submit or an approval as the draft's applicant or the step's approver. Whoever makes it, the call goes through
 * the connection of the user whose turn it is.
 */
class MonthEnd {
  private approved = 0;
  private readonly approvers: Set<string>;
  private readonly nextApprover: () => Session | undefined;
  private readonly applicantOf: Map<string, Applicant>;
  private readonly nextApplicant: () => Applicant | undefined;
  private readonly nextOwner: () => Session | undefined;

  constructor(
    private readonly base: string,
    users: readonly Session[],
    applicants: readonly Applicant[],
    private readonly steps: readonly Step[],
    private readonly documents: ReadonlyMap<string, number>,
    /** Drafts saved and not yet submitted, oldest first. */
    readonly drafts: Draft[],
  ) {
    this.approvers = new Set(steps.map((s) => s.session.username));
    this.nextApprover = turns(users.filter((u) => this.approvers.has(u.username)));
    this.applicantOf = new Map(applicants.map((a) => [a.session.username, a]));
    this.nextApplicant = turns(applicants);
    this.nextOwner = turns(users.filter((u) => documents.has(u.username)));
  }

  get stepsLeft(): number {
    return this.steps.length - this.approved;
  }

  /** The call `user`'s turn makes for `action`, or undefined when there is nothing left to do it on. */
  plan(action: Action, user: Session): (() => Promise<unknown>) | undefined {
    const base = this.base;
    const as = (who: Session): Session => ({ ...who, ...(user.agent ? { agent: user.agent } : {}) });
    switch (action) {
      case 'approve centre': {
        const who = this.approvers.has(user.username) ? user : this.nextApprover();
        return who && (() => call(base, '/api/ApproveCenter/QueryPendingList', PAGE, as(who)));
      }
      case 'personal expense centre':
        return () => call(base, '/api/document/SearchDocument', PAGE, user);
      case 'view centre':
        return () => call(base, '/api/DocumentViewCenter/SearchList', PAGE, user);
      case 'open a document': {
        const who = this.documents.has(user.username) ? user : this.nextOwner();
        const id = who && this.documents.get(who.username);
        return who && (() => call(base, '/api/document/SearchDocumentDetail', { ID: id }, as(who)));
      }
      case 'save a draft': {
        const a = this.applicantOf.get(user.username) ?? this.nextApplicant();
        return (
          a &&
          (async () => {
            const saved = await call<{ ID: number; Version: number }>(
              base,
              '/api/document/SaveDeputyDetail',
              a.body,
              as(a.session),
            );
            this.drafts.push({ session: a.session, id: saved.ID, version: saved.Version });
          })
        );
      }
      case 'submit': {
        const d = this.drafts.shift();
        return d && (() => submit(base, { ...d, session: as(d.session) }));
      }
      case 'approve': {
        const s = this.steps[this.approved++];
        const url = s && `/api/DocumentApprove/Approve${s.docType[0]!.toUpperCase()}${s.docType.slice(1)}`;
        return s && (() => call(base, url!, { ID: s.id, Version: s.version, Pass: true }, as(s.session)));
      }
    }
  }
}

/** The client backends on the benchmark's database other than this connection: the server's pool. */
async function backendPids(client: pg.Client): Promise<number[]> {
  const res = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  return res.rows.map((r) => r.pid);
}

interface CpuUse {
  serverS: number;
  /** Undefined when PostgreSQL's processes are not on this machine. */
  postgresS: number | undefined;
  backends: number;
  generatorS: number;
}

/**
 * Starts counting the processor time of the server process, of PostgreSQL's backends on the database (from
 * `/proc/<pid>/stat` of the pids `pg_stat_activity` names) and of this process; the function answers what each used
 * since. A backend opened meanwhile counts from zero; one closed meanwhile is lost (the server keeps its open).
 */
async function watchCpu(serverPid: number, database: string): Promise<() => Promise<CpuUse>> {
  const monitor = new pg.Client({ connectionString: database });
  await monitor.connect();
  const before = new Map((await backendPids(monitor)).map((pid) => [pid, cpuSeconds(pid)]));
  const serverBefore = cpuSeconds(serverPid) ?? Number.NaN;
  const generatorBefore = process.cpuUsage();
  return async () => {
    const generator = process.cpuUsage(generatorBefore);
    const serverS = (cpuSeconds(serverPid) ?? Number.NaN) - serverBefore;
    const pids = await backendPids(monitor);
    await monitor.end();
    const after = pids.map((pid) => [pid, cpuSeconds(pid)] as const);
    const visible = after.length > 0 && after.every(([, s]) => s !== undefined);
    const postgresS = visible ? after.reduce((sum, [pid, s]) => sum + s! - (before.get(pid) ?? 0), 0) : undefined;
    return { serverS, postgresS, backends: pids.length, generatorS: (generator.user + generator.system) / 1e6 };
  };
}

/**
 * Each user acts, waits for the answer, pauses about `PAUSE_MS` from when they acted (the first actions spread over
 * the first pause), and acts again, until `durationMs` has passed; a person does not click while waiting, so a slow
 * server shows as a lower achieved rate. Answers the window's length, up to the last answer.
 */
async function actUntil(
  users: readonly Session[],
  durationMs: number,
  turn: (user: number, round: number) => Promise<void>,
) {
  const started = performance.now();
  const endsAt = started + durationMs;
  await Promise.all(
    users.map(async (_, i) => {
      let next = started + PAUSE_MS * ((i + unit(i, 0)) / users.length);
      for (let round = 0; next < endsAt; round++) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const at = performance.now();
        await turn(i, round);
        next = at + PAUSE_MS * (1 - JITTER + 2 * JITTER * unit(i, round, 2));
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

function triple(l: Latencies): string {
  return `p50 ${ms(l.p50)} p95 ${ms(l.p95)} p99 ${ms(l.p99)} ms`;
}

function errorsOf(l: Latencies): string {
  return l.errors ? `${l.errors} errors: ${l.firstError}` : '0 errors';
}

function share(s: number, windowS: number): string {
  return `${s.toFixed(1)} s (${Math.round((100 * s) / windowS)} % of a core)`;
}

/**
 * The month-end peak: `USERS` different signed-in users, each acting about every `PAUSE_MS` for `durationS`, in the
 * month-end mix. Sign-ins, probes, the first drafts and the users' connections come before the timed window.
 * Reports each action's times and the whole, errors (anything but 200 save the refusals a month-end expects, and
 * answers later than `GIVE_UP_MS`), the achieved rate, and the processor time the server, PostgreSQL's backends and
 * this generator used in the window.
 */
export async function runPeak(opts: { database: string; durationS: number; admin: string }): Promise<Line[]> {
  const pool = new pg.Pool({ connectionString: opts.database, max: 4 });
  const server = await startServer({ databaseUrl: opts.database, logLevel: 'info' });
  try {
    if (new URL(server.url).hostname !== '127.0.0.1') throw new Error(`the peak only loads 127.0.0.1: ${server.url}`);
    const { applicants, tried, refusal } = await claimants(server.url, pool, CLAIMANT_CANDIDATES);
    if (applicants.length === 0) throw new Error(`no applicant could submit a deputy: ${refusal}`);
    const { approvers } = await callersOf(pool, opts.admin, USERS);
    const usernames = await chooseUsers(pool, approvers, applicants);
    if (usernames.length < USERS)
      throw new Error(`only ${usernames.length} users can sign in; the peak needs ${USERS}`);
    console.error(`peak: signing in ${USERS} users (${applicants.length} of ${tried} applicants can claim)`);
    const claimantNames = new Set(applicants.map((a) => a.session.username));
    const fresh = await signInAll(
      server.url,
      usernames.filter((u) => !claimantNames.has(u)),
    );
    const sessions = new Map([...applicants.map((a) => a.session), ...fresh].map((s) => [s.username, s]));
    const users = usernames.map((u) => ({ ...sessions.get(u)!, agent: ownConnection() }));
    // Drafts for the first pause's submits; the run's saves, twice its submits, add the rest.
    const submitShare = MIX.find(([a]) => a === 'submit')![1] / 100;
    const firstDrafts = Math.ceil(2 * (USERS / (PAUSE_MS / 1000)) * submitShare * (PAUSE_MS / 1000));
    const monthEnd = new MonthEnd(
      server.url,
      users,
      applicants,
      await pendingSteps(pool, sessions),
      await ownDocuments(pool, usernames),
      (await drafts(server.url, applicants, firstDrafts)).drafts,
    );
    console.error(`peak: ${monthEnd.stepsLeft} pending steps to approve, ${monthEnd.drafts.length} drafts to submit`);
    // Each call warmed (outside the window), then every user's connection opened, as browsers at work have theirs.
    for (const [action] of MIX)
      for (const user of users.slice(0, 3))
        await monthEnd
          .plan(action, user)?.()
          .catch(() => undefined);
    // What each action costs the processors alone, one call at a time: where the month-end's processor time goes.
    const solo: { action: Action; percent: number; ms: number; serverMs: number; n: number }[] = [];
    for (const [action, percent] of MIX) {
      const since = await watchCpu(server.pid, opts.database);
      let n = 0;
      for (const user of users.slice(3, 3 + SOLO_CALLS)) {
        const work = monthEnd.plan(action, user);
        if (!work) continue;
        await work().catch(() => undefined);
        n++;
      }
      const used = await since();
      const serverMs = (1000 * used.serverS) / Math.max(n, 1);
      solo.push({ action, percent, n, serverMs, ms: serverMs + (1000 * (used.postgresS ?? 0)) / Math.max(n, 1) });
    }
    let opened = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (opened < users.length) await connect(server.url, users[opened++]!.agent);
      }),
    );

    const recorders = new Map(MIX.map(([a]) => [a, new Recorder()]));
    const refused = new Map<Action, number>();
    const skipped = new Map<Action, number>();
    const count = (m: Map<Action, number>, a: Action) => m.set(a, (m.get(a) ?? 0) + 1);
    const turn = async (i: number, round: number) => {
      const user = users[i]!;
      const action = actionAt(unit(i, round, 1));
      const work = monthEnd.plan(action, user);
      if (!work) {
        count(skipped, action);
        return;
      }
      await recorders.get(action)!.time(async () => {
        try {
          await giveUpAfter(work(), GIVE_UP_MS);
        } catch (err) {
          // A person gives up on a call that does not answer and reloads: a new connection.
          if (err instanceof GaveUp) {
            user.agent.destroy();
            user.agent = ownConnection();
          }
          const code = err instanceof CallError ? (JSON.parse(err.body || '{}') as { code?: string }).code : undefined;
          if (err instanceof CallError && err.status === 422 && code && EXPECTED_REFUSAL.test(code))
            count(refused, action);
          else throw err;
        }
      });
    };

    console.error(`peak: ${USERS} users for ${opts.durationS} s`);
    const cpuSince = await watchCpu(server.pid, opts.database);
    const windowS = await actUntil(users, opts.durationS * 1000, turn);
    const cpu = await cpuSince();

    const results = MIX.map(([action, percent]) => ({ action, percent, l: recorders.get(action)!.result() }));
    const all = latencies(
      [...recorders.values()].flatMap((r) => r.samples),
      results.reduce((n, r) => n + r.l.errors, 0),
      results.find((r) => r.l.firstError)?.l.firstError,
    );
    const answered = all.n + all.errors;
    const offered = USERS / (PAUSE_MS / 1000);
    const rate = answered / windowS;
    const more = (a: Action) =>
      (refused.get(a) ? `, ${refused.get(a)} refused as expected` : '') +
      (skipped.get(a) ? `, ${skipped.get(a)} not made (nothing left to do it on)` : '');
    const lines: Line[] = results.map(({ action, percent, l }) => ({
      part: 'peak',
      what: `${action} (${percent} % of actions, as ${WHO[action]})`,
      figures: `${triple(l)}, n=${l.n}, ${errorsOf(l)}${more(action)}`,
      budget: `p95 ≤ ${P95_BUDGET_MS} ms, 0 errors`,
      met: l.errors === 0 && l.p95 <= P95_BUDGET_MS,
    }));
    const perAction = (1000 * (cpu.serverS + (cpu.postgresS ?? 0))) / Math.max(answered, 1);
    lines.push(
      {
        part: 'peak',
        what: `${USERS.toLocaleString('en')} users, each acting about every ${PAUSE_MS / 1000} s for ${opts.durationS} s: all actions`,
        figures: `${triple(all)}, n=${all.n}, ${errorsOf(all)}; ${rate.toFixed(0)}/s achieved of ${offered}/s offered over ${windowS.toFixed(1)} s`,
        budget: `p95 ≤ ${P95_BUDGET_MS} ms, 0 errors, the users' rate held`,
        met: all.errors === 0 && all.p95 <= P95_BUDGET_MS && rate >= offered * 0.95,
      },
      {
        part: 'peak',
        what: `processor time in that window (${cpus().length} cores: ${100 * cpus().length} % at most)`,
        figures:
          `server ${share(cpu.serverS, windowS)}, PostgreSQL ` +
          (cpu.postgresS === undefined
            ? 'not visible on this machine'
            : `${share(cpu.postgresS, windowS)} over ${cpu.backends} backends`) +
          `, load generator ${share(cpu.generatorS, windowS)}; ${perAction.toFixed(1)} ms of server${cpu.postgresS === undefined ? '' : ' and database'} per action`,
        budget: '',
        met: null,
      },
    );
    // The mix's processor time per action, from the calls made one at a time: at the offered rate the cores needed.
    const mixMs = solo.reduce((sum, a) => sum + (a.ms * a.percent) / 100, 0);
    lines.push({
      part: 'peak',
      what: 'processor time per action, one call at a time (server and database; server alone in brackets)',
      figures:
        solo.map((a) => `${a.action} ${a.ms.toFixed(1)} (${a.serverMs.toFixed(1)}) ms, n=${a.n}`).join('; ') +
        `; the mix ${mixMs.toFixed(1)} ms per action, ${((mixMs * offered) / 1000).toFixed(2)} cores at ${offered}/s`,
      budget: '',
      met: null,
    });
    return lines;
  } finally {
    await server.stop();
    await pool.end();
  }
}
