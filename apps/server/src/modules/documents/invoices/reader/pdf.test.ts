import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFapiaoFile } from './reader';
import { AIR, expectedFields, type FapiaoSpec, fapiaoPdf, NORMAL, OLD_NORMAL, RAIL, SPECIAL } from './test-files';

describe('reading a PDF fapiao', () => {
  it('reads a fully digital special fapiao: the QR code for its identity and total, the text for the rest', async () => {
    const r = await readFapiaoFile(await fapiaoPdf(SPECIAL), 'fapiao.pdf');
    expect(r).toMatchObject({ ok: true, format: 'pdf', conflicts: [] });
    if (!r.ok) return;
    expect(r.fields).toStrictEqual(expectedFields(SPECIAL));
    expect(r.sources).toMatchObject({ number: 'qr', invoiceDate: 'qr', total: 'qr', type: 'qr' });
    expect(r.sources).toMatchObject({ buyerName: 'text', sellerTaxId: 'text', amount: 'text', items: 'text' });
  });

  it('reads the older electronic ordinary layout: code, check code, buyer above and seller below', async () => {
    const r = await readFapiaoFile(await fapiaoPdf(OLD_NORMAL));
    expect(r.ok && r.fields).toStrictEqual(expectedFields(OLD_NORMAL));
    expect(r.ok && r.sources.checkCode).toBe('qr');
  });

  it('reads a rail e-ticket: fare, passenger, stations and buyer', async () => {
    const r = await readFapiaoFile(await fapiaoPdf(RAIL));
    expect(r.ok && r.fields).toStrictEqual(expectedFields(RAIL));
    expect(r.ok && r.fields.deductibleVat).toBe('45.66');
  });

  it('reads an air itinerary: fare and fuel surcharge give the deductible VAT', async () => {
    const r = await readFapiaoFile(await fapiaoPdf(AIR));
    expect(r.ok && r.fields).toStrictEqual(expectedFields(AIR));
  });

  it('reads the text alone when the PDF has no QR code image', async () => {
    const r = await readFapiaoFile(await fapiaoPdf(NORMAL, { qr: false }));
    expect(r.ok && r.fields).toStrictEqual(expectedFields(NORMAL));
    expect(r.ok && Object.values(r.sources)).not.toContain('qr');
  });

  it('keeps the QR value where the printed text disagrees, and says so', async () => {
    const r = await readFapiaoFile(
      await fapiaoPdf(SPECIAL, {
        misprint: { '24312000000012345678': '24312000000012345679', '¥2120.00': '¥2210.00' },
      }),
    );
    expect(r.ok && r.fields.number).toBe(SPECIAL.number);
    expect(r.ok && r.fields.total).toBe('2120.00');
    expect(r.ok && r.conflicts).toEqual([
      { field: 'number', kept: SPECIAL.number, keptFrom: 'qr', other: '24312000000012345679', otherFrom: 'text' },
      { field: 'total', kept: '2120.00', keptFrom: 'qr', other: '2210.00', otherFrom: 'text' },
    ]);
  });

  it('leaves out every field the page does not print', async () => {
    const optional = ['buyerName', 'buyerTaxId', 'sellerName', 'sellerTaxId', 'amount', 'taxAmount', 'items'] as const;
    await fc.assert(
      fc.asyncProperty(fc.subarray([...optional]), fc.boolean(), async (drop, qr) => {
        const spec: FapiaoSpec = { ...NORMAL };
        for (const f of drop) delete spec[f];
        const r = await readFapiaoFile(await fapiaoPdf(spec, qr ? {} : { qr: false }));
        // A 合计 row left with one amount does not say which column it is in: neither is read.
        const row = spec.amount && spec.taxAmount ? [] : (['amount', 'taxAmount'] as const);
        expect(r.ok && r.fields).toStrictEqual(expectedFields(spec, row));
      }),
      { numRuns: 12 },
    );
  });

  it('refuses a PDF with no fapiao on it, a truncated one and a password-protected one', async () => {
    const { default: PDFDocument } = await import('pdfkit');
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.text('Meeting minutes, 5 March', 50, 50);
    doc.end();
    await ended;
    expect(await readFapiaoFile(Buffer.concat(chunks))).toEqual({ ok: false, code: 'invoice.file_not_fapiao' });

    const pdf = await fapiaoPdf(SPECIAL);
    expect(await readFapiaoFile(pdf.subarray(0, Math.floor(pdf.length / 3)))).toEqual({
      ok: false,
      code: 'invoice.file_unreadable',
    });
    expect(await readFapiaoFile(await fapiaoPdf(SPECIAL, { userPassword: 'secret' }))).toEqual({
      ok: false,
      code: 'invoice.file_protected',
    });
  });
});
