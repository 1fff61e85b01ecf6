import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../../core/paths';

export const MANIFEST_FILE = 'manifest.json';
/** Where the data folder's files sit inside the archive. */
export const FILES_DIR = 'files';
export const FORMAT = 'ems-backup';
export const FORMAT_VERSION = 1;

const Checked = z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256: z.string().length(64) });
export type CheckedFile = z.infer<typeof Checked>;

const MigrationLevel = z.object({ count: z.number().int().min(0), last: z.string().nullable() });
export type MigrationLevel = z.infer<typeof MigrationLevel>;

export const Manifest = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    /** The dump inside the archive: `database.dump` (pg_dump custom format) or `pglite.tar.gz` (PGlite's data dir). */
    file: Checked,
    migration: MigrationLevel,
    /** PostgreSQL: the server's and pg_dump's major versions (pg_restore must be at least the latter). */
    serverMajor: z.number().int().optional(),
    dumpMajor: z.number().int().optional(),
    documents: z.number().int().min(0),
    attachments: z.number().int().min(0),
  }),
  files: z.array(Checked),
  fileCount: z.number().int().min(0),
  fileBytes: z.number().int().min(0),
});
export type Manifest = z.infer<typeof Manifest>;

export class BackupError extends Error {}

/** Reads and checks a manifest; an archive of another kind or a newer format is refused by name. */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupError(`${MANIFEST_FILE} is not JSON: this is not a backup of this application`);
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== FORMAT) throw new BackupError(`${MANIFEST_FILE} is not an ${FORMAT} manifest`);
  if (typeof format.formatVersion !== 'number' || format.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `The backup's format ${String(format.formatVersion)} is newer than this version understands (${FORMAT_VERSION})`,
    );
  }
  const parsed = Manifest.safeParse(raw);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new BackupError(`${MANIFEST_FILE} is damaged (${where})`);
  }
  return parsed.data;
}

/** The migrations this code knows, in order: `when` is what drizzle records as `created_at` of each applied one. */
export function knownMigrations(dir = MIGRATIONS_DIR): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/** The level a database is at, named by the tag of its last applied migration. */
export function levelOf(
  applied: { count: number; lastWhen: number | null },
  known = knownMigrations(),
): MigrationLevel {
  if (applied.lastWhen === null) return { count: applied.count, last: null };
  const tag = known.find((m) => m.when === applied.lastWhen)?.tag;
  return { count: applied.count, last: tag ?? `unknown migration of ${applied.lastWhen}` };
}

/**
 * A backup restores into this code only when every migration it had applied is one this code knows: the app then
 * applies the rest at its next start. One from a newer version must be restored by that version.
 */
export function assertRestorable(level: MigrationLevel, known = knownMigrations()): void {
  if (level.last === null) return;
  const at = known.findIndex((m) => m.tag === level.last);
  if (at < 0 || level.count > known.length) {
    throw new BackupError(
      `The backup's database is at migration ${level.last}, which this version does not know ` +
        `(it knows up to ${known.at(-1)?.tag ?? 'none'}): restore it with the version that made it`,
    );
  }
}
