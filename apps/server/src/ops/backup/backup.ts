import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { appVersion } from '../../context-factory';
import type { Config } from '../../core/config';
import { lockDataDir } from '../../core/data-lock';
import { ROOT_DIR } from '../../core/paths';
import { createTar, sha256Of } from './archive';
import { stageDataFiles, WORK_PREFIX } from './data-files';
import { BackupError, FILES_DIR, FORMAT, FORMAT_VERSION, MANIFEST_FILE, type Manifest } from './manifest';
import { assertHasPglite, type DatabaseDump, dumpPglite } from './pglite';
import { dumpPostgres } from './postgres';

export type Log = (line: string) => void;

export interface BackupSummary {
  file: string;
  manifest: Manifest;
  archiveBytes: number;
  /** Attachments the database names whose file was not in the data folder. */
  missing: string[];
}

/** `backups/ems-2026-11-24-143005.tar` under the project (UTC, so names sort in time whatever the machine's zone). */
export function defaultBackupPath(now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace('T', '-').replaceAll(':', '');
  return join(ROOT_DIR, 'backups', `ems-${stamp}.tar`);
}

const DUMP_FILE = { postgres: 'database.dump', pglite: 'pglite.tar.gz' } as const;

/**
 * Writes one archive with the database and the data folder's files: `manifest.json`, the database dump and
 * `files/…`. On PostgreSQL it runs beside the app; the embedded database must be stopped (its lock says so).
 * The archive appears under its name only once complete.
 */
export async function backup(
  config: Config,
  out = defaultBackupPath(),
  log: Log = () => undefined,
): Promise<BackupSummary> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (existsSync(out)) throw new BackupError(`${out} exists already: name another file with --out`);
  await mkdir(dirname(out), { recursive: true });
  // Checked before locking, which would make the folder: a mistyped DATA_DIR is reported, not created.
  if (kind === 'pglite') assertHasPglite(config.dataDir);
  const release = kind === 'pglite' ? lockDataDir(config.dataDir, 'backup') : undefined;
  const work = await mkdtemp(join(dirname(out), `${WORK_PREFIX}backup-`));
  const partial = `${out}.partial`;
  try {
    const dumpFile = join(work, DUMP_FILE[kind]);
    log(
      kind === 'postgres' ? 'Dumping the PostgreSQL database…' : `Dumping the embedded database in ${config.dataDir}…`,
    );
    let db: DatabaseDump;
    if (config.databaseUrl) db = await dumpPostgres(config.databaseUrl, dumpFile);
    else db = await dumpPglite(config.dataDir, dumpFile);
    const dumpSize = (await stat(dumpFile)).size;
    log(
      `  ${db.documents} documents, ${db.attachments} attachments, migration ${db.migration.last}, ${sizeText(dumpSize)}`,
    );

    log(`Copying the files of ${config.dataDir}…`);
    const files = await stageDataFiles(config.dataDir, join(work, FILES_DIR), (done, total) => {
      if (done % 1000 === 0 || done === total) log(`  ${done}/${total} files`);
    });
    const staged = new Set(files.map((f) => f.path));
    const missing = db.keys.filter((k) => !staged.has(`attachments/${k}`));
    if (missing.length > 0) {
      log(`  warning: ${missing.length} attachment(s) the database names have no file, e.g. attachments/${missing[0]}`);
    }

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(config),
      createdAt: new Date().toISOString(),
      database: {
        kind,
        file: { path: DUMP_FILE[kind], size: dumpSize, sha256: await sha256Of(dumpFile) },
        migration: db.migration,
        ...(db.serverMajor ? { serverMajor: db.serverMajor } : {}),
        ...(db.dumpMajor ? { dumpMajor: db.dumpMajor } : {}),
        documents: db.documents,
        attachments: db.attachments,
      },
      files,
      fileCount: files.length,
      fileBytes: files.reduce((sum, f) => sum + f.size, 0),
    };
    await writeFile(join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    log(`Writing ${out}…`);
    await createTar(partial, work, [MANIFEST_FILE, DUMP_FILE[kind], ...(files.length > 0 ? [FILES_DIR] : [])]);
    await rename(partial, out);
    const summary: BackupSummary = { file: out, manifest, archiveBytes: (await stat(out)).size, missing };
    return summary;
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(partial, { force: true });
    release?.();
  }
}

export function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
