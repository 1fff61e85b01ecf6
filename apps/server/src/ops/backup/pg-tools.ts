import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BackupError } from './manifest';

export type PgProgram = 'pg_dump' | 'pg_restore';

export interface PgTool {
  path: string;
  major: number;
}

const DEBIAN_DIR = '/usr/lib/postgresql';

/** The major version a client program reports (`pg_dump (PostgreSQL) 15.4 (Debian …)` → 15); none when it cannot run. */
function majorOf(path: string): number | undefined {
  const r = spawnSync(path, ['--version'], { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(r.stdout);
  return m?.[1] ? Number(m[1]) : undefined;
}

/**
 * Every copy of the program found: Debian keeps one per major version in /usr/lib/postgresql/<version>/bin, and
 * PATH may hold another. The newest comes first.
 */
export function findPgTools(program: PgProgram, dirs = [DEBIAN_DIR]): PgTool[] {
  const candidates: string[] = [];
  for (const base of dirs) {
    if (!existsSync(base)) continue;
    for (const v of readdirSync(base)) candidates.push(join(base, v, 'bin', program));
  }
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) candidates.push(join(dir, program));
  const found = new Map<string, PgTool>();
  for (const path of candidates) {
    if (found.has(path) || !existsSync(path)) continue;
    const major = majorOf(path);
    if (major !== undefined) found.set(path, { path, major });
  }
  return [...found.values()].sort((a, b) => b.major - a.major);
}

/** The newest copy, when it is at least `minMajor`; otherwise an error that says what to install. */
export function pgTool(program: PgProgram, minMajor: number, why: string, dirs?: string[]): PgTool {
  const tools = findPgTools(program, dirs);
  const best = tools[0];
  const install = `install Debian's postgresql-client-${minMajor} (or newer), e.g. \`bash scripts/setup-system.sh\``;
  if (!best) throw new BackupError(`${program} was not found in ${DEBIAN_DIR}/*/bin nor on PATH: ${install}`);
  if (best.major < minMajor) {
    throw new BackupError(`${program} ${best.major} (${best.path}) is older than ${why} (${minMajor}): ${install}`);
  }
  return best;
}

/**
 * The connection for the client programs: the password travels in PGPASSWORD, never on the command line, where
 * any user of the machine could read it.
 */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    dbname: u.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a client program to the end; a failure carries what it printed on stderr. */
export function runPg(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString('utf8');
    });
    child.on('error', (err) => reject(new BackupError(`${tool.path} could not start: ${err.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new BackupError(`${tool.path} failed (${signal ?? `exit ${code}`}):\n${stderr.trim() || '(no output)'}`),
        );
    });
  });
}
