import { createHash, randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { access, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { shanghaiToday } from '../../../core/time';

/** Attachment files on disk: `<dataDir>/attachments/<yyyy>/<mm>/<uuid>`; the key stored is the part after the root. */
export class AttachmentStore {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'attachments');
  }

  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key outside the attachment folder: ${key}`);
    return path;
  }

  /** Writes new bytes under a fresh key (never overwriting) and returns the key and the content's SHA-256. */
  async put(data: Buffer): Promise<{ key: string; sha256: string }> {
    const today = shanghaiToday();
    const key = join(today.slice(0, 4), today.slice(5, 7), randomUUID()).split(sep).join('/');
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data, { flag: 'wx' });
    return { key, sha256: createHash('sha256').update(data).digest('hex') };
  }

  /**
   * Writes new bytes and runs `work` with their key, usually the transaction that records them; should the work fail,
   * the bytes are removed, so no file is left behind without its row.
   */
  async putFor<T>(data: Buffer, work: (stored: { key: string; sha256: string }) => Promise<T>): Promise<T> {
    const stored = await this.put(data);
    try {
      return await work(stored);
    } catch (err) {
      await this.remove(stored.key);
      throw err;
    }
  }

  /** Opens a stored file for reading; a missing file fails here, before any answer has started. */
  async open(key: string): Promise<ReadStream> {
    const handle = await open(this.pathOf(key), 'r');
    return handle.createReadStream();
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  /** Removes a file; one already gone is fine. */
  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
