import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Config } from '../../core/config';
import { lockDataDir } from '../../core/data-lock';
import { extractTar } from './archive';
import type { Log } from './backup';
import { dataDirEntries, emptyDataDir, missingAttachments, placeFiles, verifyFiles, WORK_PREFIX } from './data-files';
import { assertRestorable, BackupError, FILES_DIR, MANIFEST_FILE, type Manifest, parseManifest } from './manifest';
import { pgliteContents, restorePglite } from './pglite';
import { postgresContents, postgresRelations, restorePostgres } from './postgres';

export interface RestoreSummary {
  manifest: Manifest;
  documents: number;
  attachments: number;
  /** Attachments the restored database names whose file is not in the data folder. */
  missing: string[];
}

const KIND_NAME = { postgres: 'PostgreSQL (DATABASE_URL)', pglite: 'the embedded database (DATABASE_URL unset)' };

async function readManifest(work: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(work, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`The archive has no ${MANIFEST_FILE}: it is not a backup of this application`);
  }
  return parseManifest(text);
}

/** Refuses a target that already holds data, unless told to replace it. */
async function assertTargetEmpty(config: Config, force: boolean): Promise<void> {
  if (force) return;
  const entries = await dataDirEntries(config.dataDir);
  if (entries.length > 0) {
    throw new BackupError(
      `The data folder ${config.dataDir} is not empty (${entries.slice(0, 5).join(', ')}): restore into an empty ` +
        'folder (set DATA_DIR), or add --force to replace its contents',
    );
  }
  if (config.databaseUrl) {
    const relations = await postgresRelations(config.databaseUrl);
    if (relations > 0) {
      throw new BackupError(
        `The database of DATABASE_URL is not empty (${relations} tables, views or sequences): restore into a new ` +
          'database (createdb), or add --force to replace everything in it',
      );
    }
  }
}

/** Replaces (when forced) and writes the target: the database first, then the files. */
async function writeTarget(config: Config, work: string, manifest: Manifest, force: boolean, log: Log): Promise<void> {
  const db = manifest.database;
  if (force) await emptyDataDir(config.dataDir, [basename(work)]);
  const dumpFile = join(work, db.file.path);
  if (config.databaseUrl) {
    log('Restoring the PostgreSQL database (pg_restore)…');
    const { dropped } = await restorePostgres(config.databaseUrl, dumpFile, db.dumpMajor ?? 0, force);
    if (force) log(`  dropped what the database held before (schemas: ${[...dropped, 'public'].join(', ')})`);
  } else {
    log(`Restoring the embedded database into ${join(config.dataDir, 'pglite')}…`);
    await restorePglite(config.dataDir, dumpFile);
  }
  log(`Placing ${manifest.fileCount} files into ${config.dataDir}…`);
  await placeFiles(join(work, FILES_DIR), config.dataDir, manifest.files);
}

/**
 * Restores an archive into the configured database and data folder: both must be empty unless `force`. Everything
 * is unpacked and checked (manifest, engine, migration level, every checksum) before anything is written; then the
 * database is restored, the files moved into place, and what the database holds is counted against the manifest.
 */
export async function restore(
  config: Config,
  archive: string,
  force = false,
  log: Log = () => undefined,
): Promise<RestoreSummary> {
  if (!existsSync(archive)) throw new BackupError(`${archive} not found`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  // Also while restoring PostgreSQL: no embedded server may start on the folder being filled.
  const release = lockDataDir(config.dataDir, 'restore');
  try {
    await assertTargetEmpty(config, force);
    const work = await mkdtemp(join(config.dataDir, `${WORK_PREFIX}restore-`));
    try {
      log(`Unpacking ${archive}…`);
      await extractTar(archive, work);
      const manifest = await readManifest(work);
      const db = manifest.database;
      log(
        `  made ${manifest.createdAt} by version ${manifest.appVersion}: ${db.documents} documents, ` +
          `${manifest.fileCount} files, migration ${db.migration.last}`,
      );
      if (db.kind !== kind) {
        throw new BackupError(
          `This is a backup of ${KIND_NAME[db.kind]}, but the restore is configured for ${KIND_NAME[kind]}`,
        );
      }
      assertRestorable(db.migration);
      log('Checking checksums…');
      await verifyFiles(work, [db.file]);
      await verifyFiles(join(work, FILES_DIR), manifest.files);

      try {
        await writeTarget(config, work, manifest, force, log);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new BackupError(
          `${reason}\nThe target may now be partly restored: fix the cause and restore again with --force`,
        );
      }

      log('Checking the restored data…');
      const found = config.databaseUrl
        ? await postgresContents(config.databaseUrl)
        : await pgliteContents(config.dataDir);
      if (found.documents !== db.documents || found.attachments !== db.attachments) {
        throw new BackupError(
          `The restored database holds ${found.documents} documents and ${found.attachments} attachments; the ` +
            `backup recorded ${db.documents} and ${db.attachments}`,
        );
      }
      const missing = await missingAttachments(config.dataDir, found.keys);
      if (missing.length > 0) {
        log(`  warning: ${missing.length} attachment(s) have no file, e.g. attachments/${missing[0]}`);
      }
      return { manifest, documents: found.documents, attachments: found.attachments, missing };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}
