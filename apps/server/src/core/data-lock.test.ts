import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from './data-lock';

const dir = mkdtempSync(join(tmpdir(), 'ems-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The id of a process that has ended, so its lock is stale. */
function endedPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

describe('data folder lock', () => {
  it('lets one process hold the folder and tells the next who holds it', () => {
    const release = lockDataDir(dir, 'server');
    const held = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));
    expect(held).toMatchObject({ pid: process.pid, holder: 'server', host: hostname() });
    expect(() => lockDataDir(dir, 'backup')).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir, 'backup')).toThrow(`the server is running on it (process ${process.pid}`);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir, 'restore')();
  });

  it('takes over a lock whose process has ended, but not one of another host', () => {
    const file = join(dir, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: endedPid(), holder: 'server', host: hostname(), since: 'then' }));
    const release = lockDataDir(dir, 'backup');
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release();

    writeFileSync(file, JSON.stringify({ pid: endedPid(), holder: 'server', host: 'elsewhere', since: 'then' }));
    expect(() => lockDataDir(dir, 'backup')).toThrow(/on elsewhere/);
    rmSync(file);
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(join(dir, LOCK_FILE), 'not json');
    lockDataDir(dir, 'backup')();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
