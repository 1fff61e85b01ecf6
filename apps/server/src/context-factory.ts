import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from './core/config';
import type { AppContext } from './core/context';
import { openDatabase } from './core/db';
import { Messages } from './core/i18n';
import { loadKeys } from './core/keys';
import { ROOT_DIR } from './core/paths';
import { demoSnapshotFor } from './db/demo-snapshot';
import { reloadMessages } from './modules/i18n/i18n.service';

/** The version of the web build being served, else the package's own. */
export function appVersion(config: Config): string {
  const file = join(config.webDist, 'version.json');
  if (existsSync(file)) {
    try {
      const v = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
      if (typeof v === 'string' && v) return v;
    } catch {
      // fall through to the package version
    }
  }
  return (JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Opens the database and gathers what the modules need. Migrations and seeding are the caller's. */
export async function createContext(
  config: Config,
  opts: { pglite?: PGlite; persistKeys?: boolean } = {},
): Promise<AppContext> {
  const embedded = !config.databaseUrl && !opts.pglite;
  const database = await openDatabase({
    url: config.databaseUrl,
    replica: config.replica,
    ...(opts.pglite ? { pglite: opts.pglite } : { dataDir: config.dataDir }),
    loadDataDir: embedded && config.loadDemoData ? demoSnapshotFor(config.dataDir) : undefined,
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    reportDb: database.reportDb,
    messages: new Messages(),
    keys: await loadKeys(config, opts.persistKeys ?? true),
    appVersion: appVersion(config),
  };
  return ctx;
}

export { reloadMessages };
