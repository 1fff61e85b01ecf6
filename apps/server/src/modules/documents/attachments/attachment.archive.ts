import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/** Names made unique the way a desktop does: "a.pdf", "a (2).pdf", "a (3).pdf"; case is ignored. */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

export interface ArchiveEntry {
  name: string;
  modified: Date;
  open: () => Promise<Readable>;
}

/**
 * Streams the entries into a ZIP archive one after the other, stored as they are (pictures, PDF and Office files
 * are compressed already), so a large set never sits in memory whole.
 */
export function zipStream(entries: readonly ArchiveEntry[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  (async () => {
    for (const entry of entries) {
      const file = new ZipPassThrough(entry.name);
      file.mtime = entry.modified;
      zip.add(file);
      for await (const chunk of await entry.open()) {
        file.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      file.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
