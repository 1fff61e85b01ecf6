import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { BackupError } from './manifest';

/**
 * The archive is a plain tar made and read by the system's `tar` (GNU tar on Debian): it streams files of any size
 * from disk to disk, and anyone can list or unpack a backup with the same tool. No compression on top: the
 * database dumps are compressed already, and so are most attachments (pictures, PDF, Office files).
 */
function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 10_000) stderr += chunk.toString('utf8');
    });
    child.on('error', (err) =>
      reject(new BackupError(`tar could not start (${err.message}): install it (Debian: apt-get install tar)`)),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`tar ${args[0]} failed (exit ${code}): ${stderr.trim() || '(no output)'}`));
    });
  });
}

/** Packs the staged folder's entries, in the order given, into one tar file. */
export function createTar(file: string, folder: string, entries: string[]): Promise<void> {
  // --hard-dereference: a file staged as a hard link is stored as itself, not as a link to a path outside.
  return tar(['-cf', file, '--hard-dereference', '--format=posix', '-C', folder, '--', ...entries]);
}

/**
 * Unpacks into a folder. GNU tar refuses members that climb out with `..` and strips leading slashes; the files
 * keep their modes (the signing key stays readable by its owner alone) but belong to whoever restores.
 */
export function extractTar(file: string, folder: string): Promise<void> {
  return tar(['-xf', file, '-C', folder, '--no-same-owner']);
}

/** SHA-256 of a file, read as a stream (dumps can be large). */
export function sha256Of(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
