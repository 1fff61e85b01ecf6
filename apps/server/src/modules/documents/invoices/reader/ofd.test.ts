import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readFapiaoFile } from './reader';
import { expectedFields, fapiaoOfd, OLD_NORMAL, SPECIAL } from './test-files';
import { ZIP_LIMITS } from './zip';

const read = async (ofd: Uint8Array) => readFapiaoFile(Buffer.from(ofd), 'fapiao.ofd');

describe('reading an OFD fapiao', () => {
  it('reads the printed text of its page and template', async () => {
    const r = await read(await fapiaoOfd(SPECIAL));
    expect(r).toMatchObject({ ok: true, format: 'ofd', conflicts: [] });
    expect(r.ok && r.fields).toStrictEqual(expectedFields(SPECIAL));
    expect(r.ok && r.sources.number).toBe('text');
  });

  it('reads the attached fully digital XML as data', async () => {
    const r = await read(await fapiaoOfd(SPECIAL, { attach: 'digital', text: false }));
    expect(r.ok && r.fields).toStrictEqual(expectedFields(SPECIAL));
    expect(r.ok && r.sources).toMatchObject({ number: 'xml', items: 'xml', total: 'xml' });
  });

  it('reads the older original XML, its GraphCode as the QR, and the QR image', async () => {
    const r = await read(await fapiaoOfd(OLD_NORMAL, { attach: 'original', text: false }));
    expect(r.ok && r.fields).toStrictEqual(expectedFields(OLD_NORMAL));
    expect(r.ok && r.sources).toMatchObject({ number: 'qr', checkCode: 'qr', buyerName: 'xml' });
    const image = await read(await fapiaoOfd(OLD_NORMAL, { qrImage: true }));
    expect(image.ok && image.fields).toStrictEqual(expectedFields(OLD_NORMAL));
    expect(image.ok && image.sources.code).toBe('qr');
  });

  it('reads the custom data of OFD.xml alone', async () => {
    const r = await read(await fapiaoOfd(SPECIAL, { customData: true, text: false }));
    // Custom data name the number, date, tax ids and the two sums; no kind, no names, no lines.
    expect(r.ok && r.fields).toStrictEqual({
      number: SPECIAL.number,
      invoiceDate: SPECIAL.date,
      buyerTaxId: SPECIAL.buyerTaxId,
      sellerTaxId: SPECIAL.sellerTaxId,
      amount: SPECIAL.amount,
      taxAmount: SPECIAL.taxAmount,
    });
  });

  it('reads the custom tags through the text objects they point at', async () => {
    const r = await read(await fapiaoOfd(SPECIAL, { customTags: true, text: false }));
    expect(r.ok && r.fields).toMatchObject({
      number: SPECIAL.number,
      buyerName: SPECIAL.buyerName,
      buyerTaxId: SPECIAL.buyerTaxId,
      sellerName: SPECIAL.sellerName,
      sellerTaxId: SPECIAL.sellerTaxId,
      amount: SPECIAL.amount,
      taxAmount: SPECIAL.taxAmount,
    });
    expect(r.ok && r.sources.sellerName).toBe('xml');
  });

  it('prefers the data over the printed text and records where they differ', async () => {
    const r = await read(
      await fapiaoOfd(SPECIAL, { attach: 'digital', misprint: { 上海示例医药有限公司: '上海示列医药有限公司' } }),
    );
    expect(r.ok && r.fields.buyerName).toBe(SPECIAL.buyerName);
    expect(r.ok && r.conflicts).toEqual([
      {
        field: 'buyerName',
        kept: SPECIAL.buyerName,
        keptFrom: 'xml',
        other: '上海示列医药有限公司',
        otherFrom: 'text',
      },
    ]);
  });

  it('refuses a zip that is no OFD, and an OFD without a fapiao', async () => {
    const zip = zipSync({ 'notes.txt': new TextEncoder().encode('hello') });
    expect(await read(zip)).toEqual({ ok: false, code: 'invoice.file_type_unsupported' });
    const empty = await fapiaoOfd(SPECIAL, { text: false });
    expect(await read(empty)).toEqual({ ok: false, code: 'invoice.file_not_fapiao' });
  });

  it('refuses a zip bomb, whether its sizes are declared or hidden', async () => {
    const ofd = await fapiaoOfd(SPECIAL);
    const { unzipSync } = await import('fflate');
    const files = unzipSync(ofd);
    const big = new Uint8Array(ZIP_LIMITS.entryBytes + 1).fill(32);
    big.set(new TextEncoder().encode('<?xml version="1.0"?><ofd:Page xmlns:ofd="x">'));
    const declared = zipSync({ ...files, 'Doc_0/Pages/Page_0/Content.xml': big });
    expect(await read(declared)).toEqual({ ok: false, code: 'invoice.file_too_large' });

    // The same entry with a central directory that says it is small: inflating stops at the size it claimed.
    const hidden = Buffer.from(declared);
    const name = Buffer.from('Doc_0/Pages/Page_0/Content.xml');
    for (let at = hidden.indexOf(name); at >= 0; at = hidden.indexOf(name, at + 1)) {
      if (hidden.readUInt32LE(at - 46) === 0x02014b50) hidden.writeUInt32LE(1000, at - 46 + 24);
    }
    expect(await read(hidden)).toEqual({ ok: false, code: 'invoice.file_too_large' });

    const many = Object.fromEntries(
      Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => [`f${i}.txt`, new Uint8Array(1)]),
    );
    expect(await read(zipSync({ ...files, ...many }))).toEqual({ ok: false, code: 'invoice.file_too_large' });
  });

  it('refuses an OFD whose page is damaged', async () => {
    const { unzipSync } = await import('fflate');
    const files = unzipSync(await fapiaoOfd(SPECIAL));
    const broken = zipSync({
      ...files,
      'Doc_0/Pages/Page_0/Content.xml': new TextEncoder().encode('<ofd:Page><ofd:Con'),
    });
    expect(await read(broken)).toEqual({ ok: false, code: 'invoice.file_unreadable' });
  });
});
