/** What `npm run seed:scale` was asked for. */
export interface ScaleOptions {
  url: string;
  employees: number;
  documents: number;
  batchSize: number;
  reset: boolean;
}

export class ScaleUsageError extends Error {}

export const USAGE = `Usage: DATABASE_URL=postgresql://… npm run seed:scale -- [--employees 20000] [--documents 2000000] [--batch 100000] [--reset]
Fills an empty PostgreSQL database (migrations, the demo data, then the bulk); --reset empties it first.`;

/** Reads the arguments and the database URL; refuses the embedded database and sizes that make no company. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): ScaleOptions {
  const url = env.DATABASE_URL?.trim();
  if (!url)
    throw new ScaleUsageError(
      'DATABASE_URL is not set: the scale data goes to a PostgreSQL server, never to the embedded database.',
    );
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new ScaleUsageError(`DATABASE_URL must be a postgresql:// URL of a PostgreSQL server, not ${url}`);
  const out: ScaleOptions = { url, employees: 20_000, documents: 2_000_000, batchSize: 100_000, reset: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const count = (name: string, min: number) => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < min) throw new ScaleUsageError(`${name} needs a whole number of at least ${min}`);
      return v;
    };
    if (arg === '--employees') out.employees = count(arg, 50);
    else if (arg === '--documents') out.documents = count(arg, 1);
    else if (arg === '--batch') out.batchSize = count(arg, 1000);
    else if (arg === '--reset') out.reset = true;
    else throw new ScaleUsageError(`unknown argument ${arg}\n${USAGE}`);
  }
  return out;
}

/** The database name of a URL, for the messages. */
export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || '(default)';
}
