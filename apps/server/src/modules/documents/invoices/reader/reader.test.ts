import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, readFapiaoFile } from './reader';
import { digitalXml, fapiaoOfd, fapiaoPdf, NORMAL, photo, qrTextOf, randomOf } from './test-files';

describe('telling a fapiao file by its content', () => {
  it('reads each format whatever the name says', async () => {
    const files = {
      xml: Buffer.from(digitalXml(NORMAL)),
      ofd: Buffer.from(await fapiaoOfd(NORMAL)),
      pdf: await fapiaoPdf(NORMAL),
      image: await photo({ qr: qrTextOf(NORMAL), format: 'png' }),
    };
    for (const [format, data] of Object.entries(files)) {
      const r = await readFapiaoFile(data, 'fapiao.docx');
      expect(r.ok && r.format, format).toBe(format);
      expect(r.ok && r.fields.number, format).toBe(NORMAL.number);
    }
  });

  it('reads XML without a declaration, and with a byte-order mark', async () => {
    const bare = digitalXml(NORMAL).replace(/^<\?xml[^>]*>\s*/, '');
    expect((await readFapiaoFile(Buffer.from(bare))).ok).toBe(true);
    expect((await readFapiaoFile(Buffer.from(`\uFEFF${digitalXml(NORMAL)}`))).ok).toBe(true);
  });

  it('refuses random bytes, an empty file, a file of another kind and one too large, without throwing', async () => {
    const random = randomOf(3);
    for (let i = 0; i < 5; i++) {
      const bytes = Buffer.from(Array.from({ length: 1000 + i * 997 }, () => Math.floor(random() * 256)));
      expect((await readFapiaoFile(bytes)).ok).toBe(false);
    }
    expect(await readFapiaoFile(randomBytes(4096))).toMatchObject({ ok: false });
    expect(await readFapiaoFile(Buffer.alloc(0))).toEqual({ ok: false, code: 'invoice.file_unreadable' });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    expect(await readFapiaoFile(gif)).toEqual({ ok: false, code: 'invoice.file_type_unsupported' });
    expect(await readFapiaoFile(Buffer.from('just some notes, no fapiao'))).toEqual({
      ok: false,
      code: 'invoice.file_type_unsupported',
    });
    expect(await readFapiaoFile(Buffer.alloc(MAX_FILE_BYTES + 1))).toEqual({
      ok: false,
      code: 'invoice.file_too_large',
    });
  });

  it('answers a refusal for every damaged copy of a good file, never a throw', async () => {
    const pdf = await fapiaoPdf(NORMAL);
    const ofd = Buffer.from(await fapiaoOfd(NORMAL));
    const random = randomOf(11);
    for (const file of [pdf, ofd]) {
      for (let i = 0; i < 6; i++) {
        const damaged = Buffer.from(file);
        for (let j = 0; j < 40; j++) damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
        const r = await readFapiaoFile(damaged);
        // A damaged file may still read (a byte in a font), but never throws and never answers a malformed result.
        expect(r.ok ? typeof r.fields : r.code).toMatch(/^(object|invoice\.file_[a-z_]+)$/);
      }
    }
  });
});
