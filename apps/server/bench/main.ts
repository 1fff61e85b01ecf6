import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runBudgets } from './budgets';
import { runCompliance } from './compliance';
import { runEmbedded } from './embedded';
import { runExport } from './export';
import { runFapiao } from './fapiao';
import { runFinance } from './finance';
import { runLists } from './lists';
import { runPeak } from './peak';
import { describeMachine, type Explained, type Line, planText, textTable, writeMarkdown } from './report';
import { runReports } from './reports';
import { buildServer, SERVER_DIR } from './server';
import { runSpendReports } from './spendreports';
import { runStart } from './start';
import { runSubmit } from './submit';
import { runWeb } from './web';

const PARTS = [
  'lists',
  'submit',
  'peak',
  'export',
  'finance',
  'reports',
  'spendreports',
  'budgets',
  'compliance',
  'fapiao',
  'start',
  'embedded',
  'web',
] as const;
type Part = (typeof PARTS)[number];

const USAGE = `npm run bench -- [--database <url>] [--only ${PARTS.join(',')}] [--users 50] [--duration 60] [--admin admin] [--calls <name>,…] [--write]`;

function runDescription(done: readonly Part[], asked: ReadonlySet<Part>): string {
  const missing = [...asked].filter((p) => !done.includes(p));
  return `${done.join(', ')}${missing.length ? ` (not yet run: ${missing.join(', ')})` : ''}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: 'postgresql://postgres@127.0.0.1:5432/ems_scale' },
      only: { type: 'string', default: PARTS.join(',') },
      users: { type: 'string', default: '50' },
      duration: { type: 'string', default: '60' },
      admin: { type: 'string', default: 'admin' },
      calls: { type: 'string', default: '' },
      write: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const only = values.only.split(',').map((p) => p.trim());
  const unknown = only.filter((p) => !(PARTS as readonly string[]).includes(p));
  const users = Number(values.users);
  const duration = Number(values.duration);
  if (unknown.length > 0 || !(users >= 1) || !(duration >= 1)) {
    console.error(`bad options${unknown.length ? `: unknown part ${unknown.join(', ')}` : ''}\n${USAGE}`);
    process.exit(2);
  }
  const parts = new Set(only as Part[]);
  const database = values.database;
  if ([...parts].some((p) => p !== 'web')) buildServer();
  const machine = await describeMachine(database);
  console.error(`bench on ${machine.data}`);

  const lines: Line[] = [];
  let explained: Explained[] = [];
  const done: Part[] = [];
  const file = resolve(SERVER_DIR, '../../docs/benchmarks.md');
  // Each part reports what it measured even when a later part fails; with --write the file is rewritten after each
  // part, so a run stopped early still leaves what it measured, saying which parts that was.
  const attempt = async (part: Part, run: () => Promise<Line[]>) => {
    try {
      lines.push(...(await run()));
    } catch (err) {
      console.error(err);
      const message = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300);
      lines.push({ part, what: 'failed', figures: message, budget: '', met: false });
    }
    done.push(part);
    if (values.write) {
      // Lists limited to some calls replace only those calls' lines; every other part done replaces all of its own.
      const whole = new Set(done.filter((p) => p !== 'lists' || !values.calls));
      writeMarkdown(file, machine, lines, explained, runDescription(done, parts), whole);
    }
  };
  const runners: Record<Part, () => Promise<Line[]>> = {
    lists: async () => {
      const only = values.calls.split(',').filter(Boolean);
      const r = await runLists({ database, users, admin: values.admin, only });
      explained = r.explained;
      return r.lines;
    },
    submit: () => runSubmit({ database, inFlight: 10, durationS: duration }),
    peak: () => runPeak({ database, durationS: duration, admin: values.admin }),
    export: () => runExport({ database, admin: values.admin }),
    finance: () => runFinance({ database }),
    reports: () => runReports({ database }),
    budgets: () => runBudgets({ database, admin: values.admin }),
    compliance: () => runCompliance({ database }),
    fapiao: () => runFapiao({ database }),
    start: () => runStart({ database }),
    embedded: () => runEmbedded(),
    web: () => runWeb(),
    spendreports: () => runSpendReports({ database, admin: values.admin }),
  };
  // In the order asked for, each once.
  for (const part of parts) await attempt(part, runners[part]);

  console.log(
    `\n${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB; PostgreSQL ${machine.postgres}; Node ${machine.node}; ${machine.date}; load ${machine.load}`,
  );
  console.log(`${machine.data}\n`);
  console.log(textTable(lines));
  if (explained.length > 0)
    console.log(`\nPlans of the main list statements (EXPLAIN ANALYZE, BUFFERS)\n${planText(explained)}`);
  if (values.write) console.log(`\nwritten to ${file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
