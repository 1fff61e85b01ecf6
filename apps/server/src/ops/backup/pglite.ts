import { createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../core/db';
import * as repo from './backup.repository';
import { BackupError, levelOf, type MigrationLevel } from './manifest';

/** What dumping a database found, as the manifest records it. */
export interface DatabaseDump {
  documents: number;
  attachments: number;
  /** Attachment storage keys the dumped data names. */
  keys: string[];
  migration: MigrationLevel;
  serverMajor?: number;
  dumpMajor?: number;
}

const folderOf = (dataDir: string) => join(dataDir, 'pglite');

/** Whether the data folder holds an embedded database (opening an absent one would create it). */
export function hasPglite(dataDir: string): boolean {
  return existsSync(join(folderOf(dataDir), 'PG_VERSION'));
}

export function assertHasPglite(dataDir: string): void {
  if (!hasPglite(dataDir)) {
    throw new BackupError(
      `There is no embedded database in ${folderOf(dataDir)}: set DATA_DIR to the app's data folder, or DATABASE_URL ` +
        'to back up a PostgreSQL database',
    );
  }
}

/**
 * Dumps the embedded database with PGlite's own `dumpDataDir` (a gzipped tar of its data folder). The caller holds
 * the data folder's lock, so no server has the files open: PGlite is one process's database, and copying its files
 * while a server writes them would give a torn copy. Opening it first also replays anything a crash left unfinished,
 * and the counts read here are those of the very data dumped. PGlite builds the dump in memory, which bounds the
 * embedded database's size for backups to what memory holds (PostgreSQL has no such bound).
 */
export async function dumpPglite(dataDir: string, file: string): Promise<DatabaseDump> {
  assertHasPglite(dataDir);
  const client = await PGlite.create(folderOf(dataDir));
  try {
    const { db } = await openDatabase({ pglite: client });
    const applied = await repo.appliedMigrations(db);
    if (applied.count === 0) throw new BackupError(`The embedded database in ${folderOf(dataDir)} was never migrated`);
    const counts = await repo.contents(db);
    const keys = await repo.attachmentKeys(db);
    const blob = await client.dumpDataDir('gzip');
    await pipeline(Readable.fromWeb(blob.stream() as WebReadableStream), createWriteStream(file, { flags: 'wx' }));
    return { ...counts, keys, migration: levelOf(applied) };
  } finally {
    await client.close();
  }
}

/** Writes the dumped database into `DATA_DIR/pglite` (which must not hold one) with PGlite's `loadDataDir`. */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  if (existsSync(folderOf(dataDir))) throw new BackupError(`${folderOf(dataDir)} exists already`);
  const client = await PGlite.create({
    dataDir: folderOf(dataDir),
    loadDataDir: await openAsBlob(file, { type: 'application/gzip' }),
  });
  await client.close();
}

/** Reads back what a restored embedded database holds. */
export async function pgliteContents(
  dataDir: string,
): Promise<{ documents: number; attachments: number; keys: string[] }> {
  const client = await PGlite.create(folderOf(dataDir));
  try {
    const { db } = await openDatabase({ pglite: client });
    return { ...(await repo.contents(db)), keys: await repo.attachmentKeys(db) };
  } finally {
    await client.close();
  }
}
