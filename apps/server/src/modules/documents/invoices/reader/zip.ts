import { Inflate } from 'fflate';
import { ReadRefused } from './fields';

/**
 * A ZIP archive read with limits, for the OFD reader: the central directory lists the entries, and an entry is
 * inflated only when asked for, in slices, stopping as soon as it grows past its declared size or the limit. What a
 * zip bomb declares is not trusted: the count of bytes actually inflated is.
 */

export const ZIP_LIMITS = {
  /** Entries in the directory. */
  entries: 2_000,
  /** One entry, inflated. */
  entryBytes: 20 * 1024 * 1024,
  /** Everything inflated for one file. */
  totalBytes: 50 * 1024 * 1024,
} as const;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

export interface ZipArchive {
  names: string[];
  /** An entry's bytes, by its exact name, or by name ignoring case and a leading slash; undefined when absent. */
  read(name: string): Uint8Array | undefined;
}

const SLICE = 16 * 1024;

/** Opens a ZIP archive; anything that is not one is unreadable, one past the limits too large. */
export function openZip(data: Uint8Array): ZipArchive {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u32 = (at: number) => (at + 4 <= data.length ? view.getUint32(at, true) : -1);
  const u16 = (at: number) => (at + 2 <= data.length ? view.getUint16(at, true) : -1);
  // End of central directory: 22 bytes plus a comment of at most 65535.
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (u32(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ReadRefused('unreadable');
  const count = u16(eocd + 10);
  if (count === 0xffff) throw new ReadRefused('tooLarge'); // ZIP64: far beyond any fapiao
  if (count > ZIP_LIMITS.entries) throw new ReadRefused('tooLarge');
  const entries = new Map<string, Entry>();
  let at = u32(eocd + 16);
  const utf8 = new TextDecoder('utf-8');
  for (let n = 0; n < count; n++) {
    if (u32(at) !== 0x02014b50) throw new ReadRefused('unreadable');
    const nameLength = u16(at + 28);
    if (at + 46 + nameLength > data.length) throw new ReadRefused('unreadable');
    const entry: Entry = {
      name: utf8.decode(data.subarray(at + 46, at + 46 + nameLength)),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      localHeader: u32(at + 42),
    };
    entries.set(entry.name, entry);
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  const byKey = new Map([...entries.values()].map((e) => [key(e.name), e]));
  let inflated = 0;

  const inflate = (entry: Entry): Uint8Array => {
    if (entry.size > ZIP_LIMITS.entryBytes || inflated + entry.size > ZIP_LIMITS.totalBytes) {
      throw new ReadRefused('tooLarge');
    }
    const header = entry.localHeader;
    if (u32(header) !== 0x04034b50) throw new ReadRefused('unreadable');
    const start = header + 30 + u16(header + 26) + u16(header + 28);
    const end = start + entry.compressedSize;
    if (end > data.length) throw new ReadRefused('unreadable');
    const raw = data.subarray(start, end);
    if (entry.method === 0) {
      if (raw.length !== entry.size) throw new ReadRefused('unreadable');
      inflated += raw.length;
      return raw;
    }
    if (entry.method !== 8) throw new ReadRefused('unreadable');
    const out = new Uint8Array(entry.size);
    let length = 0;
    const stream = new Inflate((chunk) => {
      if (length + chunk.length > entry.size) throw new ReadRefused('tooLarge');
      out.set(chunk, length);
      length += chunk.length;
    });
    for (let i = 0; i < raw.length; i += SLICE) {
      const last = i + SLICE >= raw.length;
      stream.push(raw.subarray(i, i + SLICE), last);
    }
    if (length !== entry.size) throw new ReadRefused('unreadable');
    inflated += length;
    return out;
  };

  return {
    names: [...entries.keys()],
    read(name) {
      const entry = entries.get(name) ?? byKey.get(key(name));
      if (!entry) return undefined;
      try {
        return inflate(entry);
      } catch (error) {
        if (error instanceof ReadRefused) throw error;
        throw new ReadRefused('unreadable');
      }
    },
  };
}

function key(name: string): string {
  return name.replace(/^\/+/, '').toLowerCase();
}
