import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testAppOn } from '../../../test/app';
import { documentWithFile, expectEveryFileDownloads, type Holdings, holdings, seededInto } from '../../../test/backup';
import { type Config, loadConfig } from '../../core/config';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from '../../core/data-lock';
import { backup } from './backup';
import { restore } from './restore';

// The embedded flow whatever the run's database: these configurations never name a PostgreSQL server.
function configFor(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: 'nowhere',
    TOKEN_RATE_LIMIT_PER_MINUTE: '1000',
    DATA_DIR: dataDir,
    ...env,
  });
}

describe('backup and restore of the embedded database', () => {
  const work = mkdtempSync(join(tmpdir(), 'ems-backup-pglite-'));
  const sourceDir = join(work, 'source-data');
  const targetDir = join(work, 'target-data');
  const archive = join(work, 'ems.tar');
  let before: Holdings;
  let added: Awaited<ReturnType<typeof documentWithFile>>;
  let employeeToken: string;

  beforeAll(async () => {
    await seededInto(configFor(sourceDir));
    const source: TestApp = await testAppOn(configFor(sourceDir), { persistKeys: true });
    try {
      added = await documentWithFile(source);
      employeeToken = (await source.login('employee')).access_token;
      before = await holdings(source);
    } finally {
      // The embedded database is one process's: the app lets go of it before a backup may read it.
      await source.close();
    }
  }, 180_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('refuses while a server has the data folder, naming it', async () => {
    const release = lockDataDir(sourceDir, 'server');
    try {
      const attempt = backup(configFor(sourceDir), archive);
      await expect(attempt).rejects.toBeInstanceOf(DataDirBusyError);
      await expect(backup(configFor(sourceDir), archive)).rejects.toThrow(/the server is running on it/);
    } finally {
      release();
    }
    expect(existsSync(archive)).toBe(false);
    expect(existsSync(join(sourceDir, LOCK_FILE))).toBe(false);
  });

  it('archives the stopped database with PGlite’s dump and every file', async () => {
    const made = await backup(configFor(sourceDir), archive);
    const db = made.manifest.database;
    expect(db.kind).toBe('pglite');
    expect(db.file.path).toBe('pglite.tar.gz');
    expect(db.documents).toBe(before.documents.length);
    expect(db.attachments).toBe(before.attachments.length);
    const paths = made.manifest.files.map((f) => f.path);
    expect(paths).toContain('jwt-secret');
    expect(paths.some((p) => p.startsWith('pglite/'))).toBe(false);
    expect(paths.filter((p) => p.startsWith('attachments/'))).toHaveLength(before.attachments.length);
    expect(made.missing).toEqual([]);
    // The backup's lock is gone again: the server may start.
    expect(existsSync(join(sourceDir, LOCK_FILE))).toBe(false);
  });

  it('restores into an empty data folder, where the app finds every document and file', async () => {
    const restored = await restore(configFor(targetDir), archive);
    expect(restored.documents).toBe(before.documents.length);
    expect(restored.missing).toEqual([]);
    expect(readdirSync(targetDir).sort()).toEqual(
      ['attachments', 'jwt-secret', 'pglite', ...(existsSync(join(sourceDir, 'mail')) ? ['mail'] : [])].sort(),
    );

    const t = await testAppOn(configFor(targetDir), { persistKeys: true });
    try {
      const after = await holdings(t);
      expect(after.documents).toEqual(before.documents);
      expect(after.attachments).toEqual(before.attachments);
      await expectEveryFileDownloads(t, after.attachments);
      const res = await t.call('/api/UploadAttachment/DownloadFile', { ID: added.attachmentId }, employeeToken);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(added.bytes)).toBe(true);
    } finally {
      await t.close();
    }
    await expect(restore(configFor(targetDir), archive)).rejects.toThrow(/is not empty .* --force/);
  });

  it('checks the archive before writing anything: checksums and the kind of database', async () => {
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xf', archive, '-C', unpacked]);
    appendFileSync(join(unpacked, 'files/jwt-secret'), 'x');
    const damaged = join(work, 'damaged.tar');
    execFileSync('tar', ['-cf', damaged, '-C', unpacked, 'manifest.json', 'pglite.tar.gz', 'files']);

    const emptyDir = join(work, 'untouched');
    await expect(restore(configFor(emptyDir), damaged)).rejects.toThrow(/jwt-secret does not match its checksum/);
    expect(readdirSync(emptyDir)).toEqual([]);

    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as { format: string };
    expect(manifest.format).toBe('ems-backup');
    const onPostgres = configFor(emptyDir, { DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' });
    await expect(restore(onPostgres, archive, true)).rejects.toThrow(/backup of the embedded database/);
    expect(readdirSync(emptyDir)).toEqual([]);
  });
});
