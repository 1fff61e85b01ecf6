import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { uniqueNames, zipStream } from './attachment.archive';
import { cleanFileName } from './attachment.service';

describe('file names', () => {
  it('keeps only the name itself, without folders or control characters', () => {
    expect(cleanFileName('C:\\Users\\zhang\\发票.pdf', 'application/pdf')).toBe('发票.pdf');
    expect(cleanFileName('../../etc/passwd', 'application/pdf')).toBe('passwd');
    expect(cleanFileName('a\u0000b"\n.png', 'image/png')).toBe('ab.png');
    expect(cleanFileName('  ', 'image/png')).toBe('file.png');
    expect(cleanFileName('..', 'application/pdf')).toBe('file.pdf');
    const long = cleanFileName(`${'长'.repeat(300)}.xlsx`, 'application/vnd.ms-excel');
    expect(long).toHaveLength(255);
    expect(long.endsWith('.xlsx')).toBe(true);
  });

  it('makes names in one archive unique, ignoring case', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b', 'b', 'a (2).pdf'])).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'b',
      'b (2)',
      'a (2) (2).pdf',
    ]);
  });

  it('streams entries into a readable archive', async () => {
    const chunks: Buffer[] = [];
    const zip = zipStream([
      { name: '一.txt', modified: new Date(), open: async () => Readable.from([Buffer.from('one')]) },
      { name: 'two.txt', modified: new Date(), open: async () => Readable.from([Buffer.from('tw'), Buffer.from('o')]) },
    ]);
    for await (const c of zip) chunks.push(c as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Object.keys(files)).toEqual(['一.txt', 'two.txt']);
    expect(await text(Readable.from([Buffer.from(files['two.txt']!)]))).toBe('two');
  });
});
