import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The file in the data folder that says which process is using it. */
export const LOCK_FILE = 'ems.lock';

export type LockHolder = 'server' | 'backup' | 'restore';

interface LockContent {
  pid: number;
  holder: LockHolder;
  host: string;
  since: string;
}

export class DataDirBusyError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function read(file: string): LockContent | undefined {
  try {
    const c = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof c.pid === 'number' && typeof c.holder === 'string' ? (c as LockContent) : undefined;
  } catch {
    return undefined;
  }
}

const WHAT: Record<LockHolder, string> = {
  server: 'the server is running on it',
  backup: 'a backup is reading it',
  restore: 'a restore is writing it',
};

/**
 * Claims the data folder for this process. The embedded database (PGlite) is one process's files: a second process
 * opening them (a second server, a backup copying them, a restore replacing them) would corrupt or tear them, and
 * PGlite itself does not stop it. A lock left by a process that died is taken over. Returns the release function,
 * which also runs when the process exits.
 */
export function lockDataDir(dataDir: string, holder: LockHolder): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const mine: LockContent = { pid: process.pid, holder, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      const release = () => {
        if (read(file)?.pid === process.pid) rmSync(file, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const other = read(file);
      // Another host's process cannot be checked from here: its lock stands.
      if (other && (other.host !== mine.host || alive(other.pid))) {
        throw new DataDirBusyError(
          `The data folder ${dataDir} is in use: ${WHAT[other.holder] ?? other.holder} (process ${other.pid} on ` +
            `${other.host} since ${other.since}). Stop it first; if no such process runs, delete ${file}.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock the data folder ${dataDir}: ${file} keeps reappearing`);
}
