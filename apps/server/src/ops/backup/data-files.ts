import { constants } from 'node:fs';
import { copyFile, link, lstat, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, posix } from 'node:path';
import { LOCK_FILE } from '../../core/data-lock';
import { sha256Of } from './archive';
import { BackupError, type CheckedFile } from './manifest';

/** The embedded database's folder: backed up through PGlite's own dump, never as loose files. */
export const PGLITE_DIR = 'pglite';
/** Where attachment bytes live; each is written once and never changed, so it may be staged as a hard link. */
const ATTACHMENTS = 'attachments/';
/** Folders a backup or restore works in, named so neither ever takes the other's for data. */
export const WORK_PREFIX = '.ems-';

const skippedAtTop = (name: string) => name === PGLITE_DIR || name === LOCK_FILE || name.startsWith(WORK_PREFIX);

/** Every regular file of the data folder the app needs besides its database, as paths relative to the folder. */
export async function dataFiles(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    let entries: string[];
    try {
      entries = await readdir(join(dataDir, rel));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const name of entries.sort()) {
      if (rel === '' && skippedAtTop(name)) continue;
      const path = rel === '' ? name : posix.join(rel, name);
      const s = await lstat(join(dataDir, path));
      if (s.isDirectory()) await walk(path);
      else if (s.isFile()) found.push(path);
    }
  };
  await walk('');
  return found;
}

const gone = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** A hard link when allowed and possible (another file system or no permission: a copy); false when the file is gone. */
async function stageOne(from: string, to: string, mayLink: boolean): Promise<boolean> {
  if (mayLink) {
    try {
      await link(from, to);
      return true;
    } catch (err) {
      if (gone(err)) return false;
    }
  }
  try {
    await copyFile(from, to, constants.COPYFILE_EXCL);
    return true;
  } catch (err) {
    if (gone(err)) return false;
    throw err;
  }
}

/**
 * Copies the data folder's files into the staging folder and records each one's size and SHA-256 from the copy,
 * so the checksums are those of the bytes archived even when the app writes meanwhile. Attachments are hard-linked
 * when the two folders share a file system (no second copy of what may be gigabytes); anything else is copied.
 */
export async function stageDataFiles(
  dataDir: string,
  target: string,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<CheckedFile[]> {
  const paths = await dataFiles(dataDir);
  const checked: CheckedFile[] = [];
  for (const [i, path] of paths.entries()) {
    const from = join(dataDir, path);
    const to = join(target, path);
    await mkdir(dirname(to), { recursive: true });
    // Gone between the listing and now (a draft's file removed meanwhile): what the database still names is checked.
    if (!(await stageOne(from, to, path.startsWith(ATTACHMENTS)))) continue;
    checked.push({ path, size: (await stat(to)).size, sha256: await sha256Of(to) });
    onProgress(i + 1, paths.length);
  }
  return checked;
}

/** A manifest path that stays inside the folder it is joined to. */
export function safePath(path: string): string {
  const clean = posix.normalize(path);
  if (isAbsolute(path) || clean.startsWith('../') || clean === '..' || clean !== path || path.includes('\\')) {
    throw new BackupError(`The backup names a file outside the data folder: ${path}`);
  }
  return clean;
}

/** Every file the manifest lists is in the unpacked folder with its size and checksum. */
export async function verifyFiles(folder: string, files: CheckedFile[]): Promise<void> {
  for (const f of files) {
    const path = join(folder, safePath(f.path));
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      throw new BackupError(`The backup is incomplete: ${f.path} is missing`);
    }
    if (size !== f.size || (await sha256Of(path)) !== f.sha256) {
      throw new BackupError(`The backup is damaged: ${f.path} does not match its checksum`);
    }
  }
}

/** What the data folder holds besides the lock of the process restoring into it. */
export async function dataDirEntries(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(dataDir)).filter((n) => n !== LOCK_FILE).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Removes everything from the data folder but the lock (a forced restore replaces the folder's contents). */
export async function emptyDataDir(dataDir: string, keep: string[] = []): Promise<void> {
  for (const name of await dataDirEntries(dataDir)) {
    if (!keep.includes(name)) await rm(join(dataDir, name), { recursive: true, force: true });
  }
}

/** Moves the verified files from the unpacked folder into the data folder (one file system: a rename each). */
export async function placeFiles(from: string, dataDir: string, files: CheckedFile[]): Promise<void> {
  for (const f of files) {
    const to = join(dataDir, safePath(f.path));
    await mkdir(dirname(to), { recursive: true });
    await rename(join(from, f.path), to);
  }
}

/** Attachment keys the database names whose file is not in the data folder. */
export async function missingAttachments(dataDir: string, keys: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const key of keys) {
    try {
      await stat(join(dataDir, 'attachments', key));
    } catch {
      missing.push(key);
    }
  }
  return missing;
}
