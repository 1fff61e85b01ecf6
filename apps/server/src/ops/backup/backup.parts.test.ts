import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../core/data-lock';
import { ROOT_DIR } from '../../core/paths';
import { defaultBackupPath } from './backup';
import { parseCommand, UsageError } from './command';
import { dataFiles, safePath } from './data-files';
import { assertRestorable, BackupError, FORMAT, knownMigrations, levelOf, parseManifest } from './manifest';
import { connectionFor, pgTool } from './pg-tools';

const dir = mkdtempSync(join(tmpdir(), 'ems-backup-parts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('command line', () => {
  it('takes paths from where the user typed them and names a default archive by UTC time', () => {
    expect(parseCommand(['backup', '--out', 'x.tar'], '/home/me')).toEqual({ name: 'backup', out: '/home/me/x.tar' });
    expect(parseCommand(['restore', '../b.tar', '--force'], '/home/me/dir')).toEqual({
      name: 'restore',
      archive: '/home/me/b.tar',
      force: true,
    });
    expect(parseCommand(['restore', '/abs/b.tar'], '/x')).toMatchObject({ archive: '/abs/b.tar', force: false });
    expect(defaultBackupPath(new Date('2026-11-24T14:30:05Z'))).toBe(
      join(ROOT_DIR, 'backups/ems-2026-11-24-143005.tar'),
    );
  });

  it('refuses what it does not understand', () => {
    expect(() => parseCommand(['restore'], '/')).toThrow(UsageError);
    expect(() => parseCommand(['restore', 'a', 'b'], '/')).toThrow(/exactly one archive/);
    expect(() => parseCommand(['backup', '--force'], '/')).toThrow(UsageError);
    expect(() => parseCommand(['backup', '--outt', 'x'], '/')).toThrow(UsageError);
    expect(() => parseCommand(['dump'], '/')).toThrow(/unknown command dump/);
  });
});

describe('manifest', () => {
  const known = knownMigrations();
  const last = known.at(-1)!;

  it('names the migration level by its tag and restores only levels this code knows', () => {
    expect(levelOf({ count: known.length, lastWhen: last.when })).toEqual({ count: known.length, last: last.tag });
    expect(() => assertRestorable({ count: known.length, last: last.tag })).not.toThrow();
    expect(() => assertRestorable({ count: 1, last: known[0]!.tag })).not.toThrow();
    expect(() => assertRestorable({ count: known.length + 1, last: '9999_future' })).toThrow(/does not know/);
  });

  it('refuses a manifest of another kind, a newer format or a damaged one', () => {
    expect(() => parseManifest('{')).toThrow(BackupError);
    expect(() => parseManifest('{"format":"other"}')).toThrow(/not an ems-backup manifest/);
    expect(() => parseManifest(JSON.stringify({ format: FORMAT, formatVersion: 99 }))).toThrow(/newer/);
    expect(() => parseManifest(JSON.stringify({ format: FORMAT, formatVersion: 1 }))).toThrow(/damaged/);
  });
});

describe('data folder files', () => {
  it('lists every file the app needs, but not the embedded database, the lock, work folders or links', async () => {
    const data = join(dir, 'data');
    for (const d of ['attachments/2026/11', 'mail', 'pglite/base', '.ems-backup-1'])
      mkdirSync(join(data, d), { recursive: true });
    for (const f of ['jwt-secret', 'attachments/2026/11/a', 'mail/00000001.eml', 'pglite/PG_VERSION', LOCK_FILE])
      writeFileSync(join(data, f), f);
    writeFileSync(join(data, '.ems-backup-1/database.dump'), 'x');
    symlinkSync('/etc/passwd', join(data, 'link'));
    expect(await dataFiles(data)).toEqual(['attachments/2026/11/a', 'jwt-secret', 'mail/00000001.eml']);
    expect(await dataFiles(join(dir, 'absent'))).toEqual([]);
  });

  it('refuses manifest paths that leave the data folder', () => {
    expect(safePath('attachments/2026/11/a')).toBe('attachments/2026/11/a');
    for (const bad of ['../x', '/etc/passwd', 'a/../../x', 'a/./b', 'a\\..\\b'])
      expect(() => safePath(bad)).toThrow(BackupError);
  });
});

describe('PostgreSQL client programs', () => {
  it('says what to install when the newest pg_dump is older than the server', () => {
    expect(() => pgTool('pg_dump', 99, 'the server it dumps (PostgreSQL 99)')).toThrow(
      /(older than the server it dumps \(PostgreSQL 99\) \(99\)|not found).*postgresql-client-99/,
    );
  });

  it('keeps the password out of the command line', () => {
    const c = connectionFor('postgresql://ems:s%40cret@db.internal:5433/ems?sslmode=require');
    expect(c.dbname).toBe('postgresql://ems@db.internal:5433/ems?sslmode=require');
    expect(c.env.PGPASSWORD).toBe('s@cret');
  });
});
