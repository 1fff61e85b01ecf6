import type pg from 'pg';

/** One statement of a request as the server logged it at level trace (`core/request-log.ts`). */
export interface Statement {
  sql: string;
  params: unknown[];
  /** Time from the call to the answer, in the server. */
  ms: number;
  /** When it was called, from the start of the request. */
  startMs: number;
}

/**
 * The statements of a request in the order the server issued them, grouped into waves: a statement called before
 * the previous ones had answered (the count and the page of a list, handed over together) runs with them. A
 * request that opened a transaction is replayed on one connection, one statement after the other, as it ran.
 */
export interface ReplayPlan {
  waves: Statement[][];
  transaction: boolean;
}

export function replayPlan(statements: readonly Statement[]): ReplayPlan {
  const ordered = [...statements].sort((a, b) => a.startMs - b.startMs);
  const transaction = ordered.some((s) => /^\s*begin\b/i.test(s.sql));
  const waves: Statement[][] = [];
  let waveEnd = Number.NEGATIVE_INFINITY;
  for (const s of ordered) {
    const current = waves.at(-1);
    if (!transaction && current && s.startMs < waveEnd) {
      current.push(s);
      waveEnd = Math.max(waveEnd, s.startMs + s.ms);
    } else {
      waves.push([s]);
      waveEnd = s.startMs + s.ms;
    }
  }
  return { waves, transaction };
}

/** Runs a request's statements bare, through the pool, as the plan says. */
export async function replay(pool: pg.Pool, plan: ReplayPlan): Promise<void> {
  if (plan.transaction) {
    const client = await pool.connect();
    try {
      for (const wave of plan.waves) for (const s of wave) await client.query(s.sql, s.params);
    } finally {
      client.release();
    }
    return;
  }
  for (const wave of plan.waves) {
    if (wave.length === 1) await pool.query(wave[0]!.sql, wave[0]!.params);
    else await Promise.all(wave.map((s) => pool.query(s.sql, s.params)));
  }
}

export interface PlanSummary {
  sql: string;
  topNode: string;
  totalMs: number;
  rows: number;
  indexes: string[];
  seqScans: string[];
  sharedHit: number;
  sharedRead: number;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** Only reads are explained with ANALYZE, since ANALYZE runs the statement. */
export function isRead(sql: string): boolean {
  return /^\s*(select|with)\b/i.test(sql) && !/\b(insert|update|delete)\b\s/i.test(sql.replace(/'[^']*'/g, ''));
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of one read: its top node, time, rows, the indexes it used and its full scans. */
export async function explain(pool: pg.Pool, s: Statement): Promise<PlanSummary> {
  const res = await pool.query(`explain (analyze, buffers, format json) ${s.sql}`, s.params);
  const [root] = (res.rows[0] as { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] })['QUERY PLAN'];
  const indexes = new Set<string>();
  const seqScans: string[] = [];
  const walk = (n: PlanNode) => {
    if (n['Index Name']) indexes.add(n['Index Name']);
    if (n['Node Type'] === 'Seq Scan')
      seqScans.push(`${n['Relation Name']} (${(n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1)} rows)`);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(root!.Plan);
  return {
    sql: s.sql,
    topNode: root!.Plan['Node Type'],
    totalMs: root!['Execution Time'],
    rows: root!.Plan['Actual Rows'] ?? 0,
    indexes: [...indexes],
    seqScans,
    sharedHit: root!.Plan['Shared Hit Blocks'] ?? 0,
    sharedRead: root!.Plan['Shared Read Blocks'] ?? 0,
  };
}

/** The statements of a request that took longest in the server, reads only: the ones worth a plan. */
export function mainReads(statements: readonly Statement[], howMany: number): Statement[] {
  return statements
    .filter((s) => isRead(s.sql))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, howMany);
}
