import pg from 'pg';
import { loadConfig } from '../../core/config';
import { openDatabase } from '../../core/db';
import { hashPassword } from '../../modules/auth/auth.service';
import { seed } from '../seed';
import { DEMO_PASSWORD } from '../seed/demo-org.data';
import { generateScale } from './generate';
import { databaseOf, parseOptions, ScaleUsageError, USAGE } from './options';

/**
 * `npm run seed:scale`: a company at the design's full size on an empty PostgreSQL database, for benchmarks.
 * The database gets the migrations and the demo data through the app's own code first, then the bulk.
 */
async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2), process.env);
  const config = { ...loadConfig(process.env), loadDemoData: true };
  const name = databaseOf(opts.url);
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);

  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0) {
      if (!opts.reset)
        throw new ScaleUsageError(`database ${name} is not empty; run with --reset to empty it first, or use another`);
      log(`emptying ${name}`);
      const { rows: schemas } = await client.query<{ nspname: string }>(
        `select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
      );
      for (const s of schemas) await client.query(`drop schema "${s.nspname}" cascade`);
      await client.query('create schema public');
    }
    const database = await openDatabase({ url: opts.url });
    try {
      log(`migrating and loading the demo data into ${name}`);
      await database.migrate();
      const outcome = await seed(database.db, config);
      if (!outcome.demoLoaded) throw new Error('the demo data did not load: the database was not empty');
    } finally {
      await database.close();
    }
    log(`generating ${opts.employees} people and ${opts.documents} documents`);
    await generateScale(
      { client, employees: opts.employees, documents: opts.documents, batchSize: opts.batchSize, now: new Date(), log },
      { dataDir: config.dataDir, passwordHash: await hashPassword(DEMO_PASSWORD) },
    );
    const { rows: size } = await client.query<{ size: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    );
    log(`${name} is ready (${size[0]?.size}); every user signs in with ${DEMO_PASSWORD}, generated ones as u000001 …`);
  } finally {
    await client.end();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ScaleUsageError) {
    console.error(`${err.message}\n\n${USAGE}`);
    process.exit(64);
  }
  console.error(err);
  process.exit(1);
});
