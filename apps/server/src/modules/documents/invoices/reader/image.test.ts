import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { MAX_PIXELS } from './image';
import { readFapiaoFile } from './reader';
import { hugePngHeader, OLD_NORMAL, type PhotoOptions, photo, qrTextOf, RAIL, SPECIAL } from './test-files';

const qr = qrTextOf(SPECIAL);

describe('reading a photo or scan of a fapiao', () => {
  it.each<[string, PhotoOptions]>([
    ['a straight JPEG', { qr, format: 'jpeg' }],
    ['a JPEG turned 8°', { qr, format: 'jpeg', angle: 8 }],
    ['a PNG turned a quarter', { qr, format: 'png', angle: 90 }],
    ['a noisy JPEG', { qr, format: 'jpeg', noise: 0.12 }],
    ['a blurred JPEG', { qr, format: 'jpeg', blur: 2 }],
    ['a JPEG in uneven light', { qr, format: 'jpeg', shade: 0.6 }],
    [
      'a JPEG turned 12°, noisy, blurred and shaded, with 4-pixel modules',
      {
        qr,
        format: 'jpeg',
        angle: 12,
        noise: 0.08,
        blur: 1,
        shade: 0.5,
        module: 4,
        seed: 7,
      },
    ],
  ])('finds the QR code in %s', async (_, options) => {
    const r = await readFapiaoFile(await photo(options), 'IMG_0001.HEIC');
    expect(r).toMatchObject({ ok: true, format: 'image', conflicts: [] });
    // A picture gives what the QR code holds, and nothing else.
    expect(r.ok && r.fields).toStrictEqual({
      type: 'digital_special',
      electronic: true,
      number: SPECIAL.number,
      invoiceDate: SPECIAL.date,
      total: SPECIAL.total,
    });
    expect(r.ok && new Set(Object.values(r.sources))).toEqual(new Set(['qr']));
  });

  it('reads the light code of an inverted scan', async () => {
    const png = await photo({ qr: qrTextOf(OLD_NORMAL), format: 'png' });
    const { PNG } = await import('pngjs');
    const img = PNG.sync.read(png);
    for (let i = 0; i < img.data.length; i += 4) for (let c = 0; c < 3; c++) img.data[i + c] = 255 - img.data[i + c]!;
    const r = await readFapiaoFile(PNG.sync.write(img));
    expect(r.ok && r.fields).toStrictEqual({
      type: 'vat_electronic',
      electronic: true,
      code: OLD_NORMAL.code,
      number: OLD_NORMAL.number,
      checkCode: OLD_NORMAL.checkCode,
      invoiceDate: OLD_NORMAL.date,
      amount: OLD_NORMAL.amount,
      deductibleVat: '0.00',
    });
  });

  it('gives a rail ticket its fare from the QR total, and the deductible VAT from it', async () => {
    const r = await readFapiaoFile(await photo({ qr: qrTextOf(RAIL), format: 'jpeg', angle: 5 }));
    expect(r.ok && r.fields).toMatchObject({ type: 'rail', total: '553.00', fare: '553.00', deductibleVat: '45.66' });
    expect(r.ok && r.sources.fare).toBe('computed');
  });

  it('refuses a picture without a QR code, and one whose QR code is no fapiao', async () => {
    expect(await readFapiaoFile(await photo({ format: 'jpeg' }))).toEqual({
      ok: false,
      code: 'invoice.file_not_fapiao',
    });
    expect(await readFapiaoFile(await photo({ qr: 'https://example.com/menu', format: 'png' }))).toEqual({
      ok: false,
      code: 'invoice.file_not_fapiao',
    });
  });

  it('refuses a picture of too many pixels from its header, before decoding it', async () => {
    const side = Math.ceil(Math.sqrt(MAX_PIXELS)) + 1;
    expect(await readFapiaoFile(await hugePngHeader(side, side))).toEqual({
      ok: false,
      code: 'invoice.file_too_large',
    });
    const small = Buffer.from(jpeg.encode({ data: Buffer.alloc(16 * 16 * 4, 200), width: 16, height: 16 }, 80).data);
    const sof = small.indexOf(Buffer.from([0xff, 0xc0]));
    small.writeUInt16BE(60_000, sof + 5);
    small.writeUInt16BE(60_000, sof + 7);
    expect(await readFapiaoFile(small)).toEqual({ ok: false, code: 'invoice.file_too_large' });
  });

  it('refuses a truncated picture as unreadable', async () => {
    const png = await photo({ qr, format: 'png' });
    expect(await readFapiaoFile(png.subarray(0, 2000))).toEqual({ ok: false, code: 'invoice.file_unreadable' });
  });
});
