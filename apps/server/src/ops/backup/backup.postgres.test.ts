import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type TestApp, testAppOn } from '../../../test/app';
import { documentWithFile, expectEveryFileDownloads, type Holdings, holdings, seededInto } from '../../../test/backup';
import { withDatabase } from '../../../test/template';
import { type Config, loadConfig } from '../../core/config';
import { createBoss } from '../../core/jobs';
import { type BackupSummary, backup } from './backup';
import { BackupError } from './manifest';
import { restore } from './restore';

const WAITING_QUEUE = 'backup-check';

const template = JSON.parse(inject('dbTemplate')) as
  | { kind: 'pglite' }
  | { kind: 'postgres'; name: string; url: string };

// Named after the run's template, so the run's teardown drops them even when this file fails half-way.
const names =
  template.kind === 'postgres'
    ? (['src', 'dst'] as const).map((n) => `${template.name}_bk${n}_${randomBytes(4).toString('hex')}`)
    : [];

async function admin(sqlText: string): Promise<void> {
  if (template.kind !== 'postgres') return;
  const c = new pg.Client({ connectionString: template.url });
  await c.connect();
  await c.query(sqlText);
  await c.end();
}

function configFor(database: string, dataDir: string): Config {
  if (template.kind !== 'postgres') throw new Error('PostgreSQL only');
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: 'nowhere',
    TOKEN_RATE_LIMIT_PER_MINUTE: '1000',
    DATABASE_URL: withDatabase(template.url, database),
    DATA_DIR: dataDir,
  });
}

describe.skipIf(template.kind !== 'postgres')('backup and restore on PostgreSQL', () => {
  // Made when the tests run, not when the file is read: a skipped suite leaves nothing behind.
  let work = '';
  let sourceDir = '';
  let targetDir = '';
  let archive = '';
  const [sourceDb = '', targetDb = ''] = names;
  let source: TestApp;
  let before: Holdings;
  let added: Awaited<ReturnType<typeof documentWithFile>>;
  let employeeToken: string;
  let made: BackupSummary;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'ems-backup-pg-'));
    sourceDir = join(work, 'source-data');
    targetDir = join(work, 'target-data');
    archive = join(work, 'backups', 'ems.tar');
    await admin(`create database ${sourceDb}`);
    await admin(`create database ${targetDb}`);
    await seededInto(configFor(sourceDb, sourceDir));
    source = await testAppOn(configFor(sourceDb, sourceDir), { persistKeys: true });
    added = await documentWithFile(source);
    // A job waiting in pg-boss's own schema, which the dump must carry too.
    const boss = await createBoss(source.ctx.database, source.ctx.config.databaseUrl);
    await boss.start();
    await boss.createQueue(WAITING_QUEUE);
    await boss.send(WAITING_QUEUE, { reason: 'survives a restore' }, { startAfter: 3600 });
    await boss.stop({ graceful: false });
    employeeToken = (await source.login('employee')).access_token;
    before = await holdings(source);
  }, 60_000);

  afterAll(async () => {
    await source?.close();
    for (const name of names) await admin(`drop database if exists ${name} with (force)`);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('archives the database and every file of the data folder while the app runs', async () => {
    const lines: string[] = [];
    made = await backup(configFor(sourceDb, sourceDir), archive, (l) => lines.push(l));

    expect(existsSync(archive)).toBe(true);
    expect(made.archiveBytes).toBe(statSync(archive).size);
    const db = made.manifest.database;
    expect(db.kind).toBe('postgres');
    expect(db.file.path).toBe('database.dump');
    expect(db.documents).toBe(before.documents.length);
    expect(db.attachments).toBe(before.attachments.length);
    expect(db.migration.last).toMatch(/^\d{4}_/);
    expect(db.dumpMajor).toBeGreaterThanOrEqual(db.serverMajor ?? 99);
    const paths = made.manifest.files.map((f) => f.path);
    expect(paths).toContain('jwt-secret');
    expect(paths.filter((p) => p.startsWith('attachments/'))).toHaveLength(before.attachments.length);
    expect(made.missing).toEqual([]);
    expect(lines.some((l) => l.includes(`${before.documents.length} documents`))).toBe(true);
    // Nothing of the work folder is left beside the archive.
    expect(readdirSync(join(work, 'backups'))).toEqual(['ems.tar']);
  });

  it('restores into a new empty database and an empty data folder, where every document and file is found', async () => {
    const target = configFor(targetDb, targetDir);
    const restored = await restore(target, archive, false);
    expect(restored.documents).toBe(before.documents.length);
    expect(restored.missing).toEqual([]);
    expect(readFileSync(join(targetDir, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(join(sourceDir, 'jwt-secret'), 'utf8'),
    );

    const t = await testAppOn(target, { persistKeys: true });
    try {
      const after = await holdings(t);
      expect(after.documents).toEqual(before.documents);
      expect(after.attachments).toEqual(before.attachments);
      expect(after.documents.map((d) => d.id)).toContain(added.documentId);
      const jobs = (await t.ctx.db.execute(
        sql`select data->>'reason' as "reason" from pgboss.job where name = ${WAITING_QUEUE}`,
      )) as unknown as { rows: { reason: string }[] };
      expect(jobs.rows).toEqual([{ reason: 'survives a restore' }]);
      await expectEveryFileDownloads(t, after.attachments);

      // A sign-in made before the backup still works: same signing key, same live sessions.
      const res = await t.call('/api/UploadAttachment/DownloadFile', { ID: added.attachmentId }, employeeToken);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(added.bytes)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses a database or data folder that holds data, and replaces both with --force', async () => {
    const target = configFor(targetDb, targetDir);
    await expect(restore(target, archive, false)).rejects.toThrow(/data folder .* is not empty/);
    const emptyDir = join(work, 'other-data');
    await expect(restore(configFor(targetDb, emptyDir), archive, false)).rejects.toThrow(
      /database of DATABASE_URL is not empty/,
    );
    await expect(restore(configFor(targetDb, emptyDir), archive, false)).rejects.toBeInstanceOf(BackupError);

    const restored = await restore(target, archive, true);
    expect(restored.documents).toBe(before.documents.length);
    expect(restored.missing).toEqual([]);
  });
});
