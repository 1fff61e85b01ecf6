import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import type { PlanSummary } from './sql-capture';

/** One line of the benchmark's table: what was measured, the figures, the budget and whether it was met. */
export interface Line {
  part: string;
  what: string;
  figures: string;
  budget: string;
  /** null: measured without a budget of its own (context for another line). */
  met: boolean | null;
}

export interface Explained {
  call: string;
  plans: PlanSummary[];
}

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  postgres: string;
  node: string;
  date: string;
  /** Load averages over 1, 5 and 15 minutes when the run began: the machine is shared. */
  load: string;
  data: string;
}

export function ms(n: number): string {
  if (!Number.isFinite(n)) return '–';
  return n >= 100 ? `${Math.round(n)}` : n.toFixed(1);
}

/** What the machine and the data were: the figures mean nothing without them. */
export async function describeMachine(databaseUrl: string): Promise<Machine> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const version = await client.query<{ server_version: string }>('show server_version');
    const counts = await client.query<Record<string, string>>(
      `select (select count(*) from employee) as employees,
              (select count(*) from document) as documents,
              (select count(*) from expense_line) as lines,
              (select count(*) from approval_step) as steps,
              pg_size_pretty(pg_database_size(current_database())) as size,
              current_database() as name`,
    );
    const c = counts.rows[0]!;
    return {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      ramGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
      postgres: version.rows[0]!.server_version,
      node: process.version,
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      load: loadavg()
        .map((l) => l.toFixed(1))
        .join(' / '),
      data: `database ${c.name} (${c.size}): ${c.employees} employees, ${c.documents} documents, ${c.lines} expense lines, ${c.steps} approval steps`,
    };
  } finally {
    await client.end();
  }
}

function metText(met: boolean | null): string {
  return met === null ? '' : met ? 'yes' : 'NO';
}

const HEAD = ['part', 'what', 'figures', 'budget', 'met'];

function cells(l: Line): string[] {
  return [l.part, l.what, l.figures, l.budget, metText(l.met)];
}

/** The table as plain text for the terminal, columns padded. */
export function textTable(lines: readonly Line[]): string {
  const rows = [HEAD, ...lines.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [fmt(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(fmt)].join('\n');
}

function mdEscape(s: string): string {
  return s.replace(/\|/g, '\\|');
}

export function markdownTable(lines: readonly Line[]): string {
  const rows = lines.map((l) => `| ${cells(l).map(mdEscape).join(' | ')} |`);
  return [`| ${HEAD.join(' | ')} |`, `|${HEAD.map(() => '---').join('|')}|`, ...rows].join('\n');
}

/** Plan summaries: the top node, time, rows, indexes used and full scans of each list's main statements. */
export function planText(explained: readonly Explained[]): string {
  const out: string[] = [];
  for (const e of explained) {
    out.push(`${e.call}`);
    for (const p of e.plans) {
      out.push(
        `  ${p.topNode}, ${p.totalMs.toFixed(2)} ms, ${p.rows} rows, buffers hit ${p.sharedHit} read ${p.sharedRead}; ` +
          `indexes: ${p.indexes.join(', ') || 'none'}; full scans: ${p.seqScans.join(', ') || 'none'}`,
      );
      out.push(`    ${oneLine(p.sql).slice(0, 400)}`);
    }
  }
  return out.join('\n');
}

/**
 * The earlier file's plans with this run's calls put in their place: a run of some list calls (`--calls`) replaces
 * only those calls' plans, new calls go last, and the plans of calls not run stay.
 */
export function mergePlans(earlier: string | undefined, explained: readonly Explained[]): string {
  const fresh = planText(explained);
  if (!earlier) return fresh;
  const blocks = (text: string) => {
    const out = new Map<string, string[]>();
    let current: string[] | undefined;
    for (const line of text.split('\n')) {
      if (line.startsWith(' ')) current?.push(line);
      else {
        current = [line];
        out.set(line, current);
      }
    }
    return out;
  };
  const merged = blocks(earlier);
  for (const [call, lines] of blocks(fresh)) if (call) merged.set(call, lines);
  return [...merged.values()].map((b) => b.join('\n')).join('\n');
}

function oneLine(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}

/** A table row of an earlier file back into its line (cells split on unescaped bars). */
function parseRow(row: string): Line | undefined {
  const c = row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((x) => x.trim().replace(/\\\|/g, '|'));
  if (c.length !== HEAD.length) return undefined;
  const [part, what, figures, budget, met] = c as [string, string, string, string, string];
  return { part, what, figures, budget, met: met === '' ? null : met === 'yes' };
}

/**
 * The earlier file's lines merged with this run's: a part run whole replaces all its earlier lines; a part run in
 * some calls (`--calls`) replaces the earlier line of the same name where it stood; lines of parts not run stay;
 * new lines go last. `kept` counts the earlier lines left as they were. `notes` are the written sections between the
 * results and the plans (what a run's figures mean), kept as they are.
 */
export function mergeLines(
  file: string,
  lines: readonly Line[],
  whole: ReadonlySet<string>,
): { merged: Line[]; kept: number; plans?: string; notes?: string } {
  if (!existsSync(file)) return { merged: [...lines], kept: 0 };
  const text = readFileSync(file, 'utf8');
  const results = text.split('## Results')[1]?.split('\n## ')[0] ?? '';
  const earlier = results
    .split('\n')
    .filter((r) => r.startsWith('| ') && !r.startsWith('| part |'))
    .map(parseRow)
    .filter((l): l is Line => l !== undefined && !whole.has(l.part));
  const key = (l: Line) => `${l.part}\u0000${l.what}`;
  const now = new Map(lines.map((l) => [key(l), l]));
  let kept = 0;
  const merged = earlier.map((l) => {
    const fresh = now.get(key(l));
    if (fresh) now.delete(key(l));
    else kept++;
    return fresh ?? l;
  });
  merged.push(...now.values());
  const plans = text.match(/```text\n([\s\S]*?)\n```/)?.[1];
  const notes = text.match(/\n## Results\n[\s\S]*?\n(## [\s\S]*?)\n+## Plans of the main list statements/)?.[1]?.trim();
  return { merged, kept, ...(plans ? { plans } : {}), ...(notes ? { notes } : {}) };
}

export function writeMarkdown(
  file: string,
  machine: Machine,
  measured: readonly Line[],
  explained: readonly Explained[],
  run: string,
  whole: ReadonlySet<string>,
): void {
  const { merged: lines, kept, plans, notes } = mergeLines(file, measured, whole);
  const parts = kept ? `${run}; ${kept} lines of other parts or calls are from earlier runs` : run;
  const text = `# Benchmarks

Measured by \`npm run bench -- --write\` against the budgets of the design (performance budgets). Figures are
percentiles (nearest rank) and ratios taken in one run, so they compare on the same, possibly noisy, machine.
"bare" is the same SQL the call ran (captured from the server's trace log, session lookup included) replayed
with \`pg\` straight against PostgreSQL, at the same concurrency, through a pool as large as the server's.
Reading a list line: \`app a/b/c bare d/e/f ms\` are p50/p95/p99 over HTTP and bare; \`p95 ×r\` is app p95 over
bare p95; \`SQL/call\` the statements one call ran (more than 8 is flagged as a likely query per row); \`n\` the
timed calls. The load generator runs on the same machine as the server and PostgreSQL.

## Machine and data

| | |
|---|---|
| CPU | ${machine.cpu} |
| cores | ${machine.cores} |
| RAM | ${machine.ramGb} GB |
| PostgreSQL | ${machine.postgres} |
| Node.js | ${machine.node} |
| date | ${machine.date} |
| load average at start (1 / 5 / 15 min) | ${machine.load} |
| data | ${machine.data} |
| parts run | ${parts} |

## Results

${markdownTable(lines)}
${notes ? `\n${notes}\n` : ''}
## Plans of the main list statements

\`EXPLAIN (ANALYZE, BUFFERS)\` of the slowest reads of each list call (as the first benchmark user ran it).

\`\`\`text
${mergePlans(plans, explained)}
\`\`\`
`;
  writeFileSync(file, text);
}
