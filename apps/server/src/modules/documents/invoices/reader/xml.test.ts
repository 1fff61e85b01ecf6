import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFapiaoFile } from './reader';
import { digitalXml, expectedFields, type FapiaoSpec, NORMAL, RAIL, SPECIAL } from './test-files';

const read = async (xml: string) => readFapiaoFile(Buffer.from(xml, 'utf8'), 'invoice.xml');

/** A spec with random values; `drop` leaves the named fields out of the file. */
const specs = fc
  .record({
    kind: fc.constantFrom<FapiaoSpec['kind']>('digital_special', 'digital_normal'),
    number: fc.stringMatching(/^\d{20}$/),
    day: fc.integer({ min: 0, max: 3000 }),
    buyer: fc.string({ unit: fc.constantFrom(...'上海北京示例医药科技华东'), minLength: 2, maxLength: 10 }),
    seller: fc.string({ unit: fc.constantFrom(...'广州深圳样例餐饮酒店管理'), minLength: 2, maxLength: 10 }),
    buyerTaxId: fc.stringMatching(/^[0-9A-Z]{18}$/),
    sellerTaxId: fc.stringMatching(/^[0-9A-Z]{18}$/),
    lines: fc.array(
      fc.record({ cents: fc.integer({ min: 1, max: 99_999_999 }), rate: fc.constantFrom(1, 3, 6, 9, 13) }),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
    drop: fc.subarray(['buyerName', 'buyerTaxId', 'sellerName', 'sellerTaxId', 'taxAmount', 'items'] as const),
  })
  .map(({ kind, number, day, buyer, seller, buyerTaxId, sellerTaxId, lines, drop }) => {
    const items = lines.map((l, i) => ({
      name: `*服务*项目${i + 1}`,
      amount: (l.cents / 100).toFixed(2),
      taxRate: String(l.rate / 100),
      taxAmount: (Math.round(l.cents * l.rate) / 10000).toFixed(2),
    }));
    const cents = (pick: (i: (typeof items)[number]) => string) =>
      items.reduce((s, i) => s + Math.round(Number(pick(i)) * 100), 0);
    const spec: FapiaoSpec = {
      kind,
      number,
      date: new Date(Date.UTC(2019, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
      buyerName: `${buyer}有限公司`,
      buyerTaxId,
      sellerName: `${seller}有限公司`,
      sellerTaxId,
      amount: (cents((i) => i.amount) / 100).toFixed(2),
      taxAmount: (cents((i) => i.taxAmount) / 100).toFixed(2),
      total: ((cents((i) => i.amount) + cents((i) => i.taxAmount)) / 100).toFixed(2),
      items,
    };
    for (const f of drop) delete spec[f];
    return spec;
  });

describe('reading a fully digital fapiao XML', () => {
  it('reads a special VAT fapiao: parties, amounts, lines, and its tax as the deductible VAT', async () => {
    const r = await read(digitalXml(SPECIAL));
    expect(r).toMatchObject({ ok: true, format: 'xml', conflicts: [] });
    if (!r.ok) return;
    expect(r.fields).toStrictEqual(expectedFields(SPECIAL));
    expect(r.fields.deductibleVat).toBe('120.00');
    expect(r.sources.number).toBe('xml');
    expect(r.sources.deductibleVat).toBe('computed');
  });

  it('reads a normal one, which deducts nothing', async () => {
    const r = await read(digitalXml(NORMAL));
    expect(r.ok && r.fields).toStrictEqual(expectedFields(NORMAL));
    expect(r.ok && r.fields.deductibleVat).toBe('0.00');
  });

  it('reads a rail e-ticket: its buyer and price; passenger and stations are not in the elements it knows', async () => {
    const r = await read(digitalXml(RAIL));
    expect(r.ok && r.fields).toStrictEqual(expectedFields(RAIL, ['passenger', 'from', 'to']));
    // 553 ÷ 1.09 × 9 %
    expect(r.ok && r.fields.deductibleVat).toBe('45.66');
  });

  it('gives every field the file carries, as written, and no field it leaves out', async () => {
    await fc.assert(
      fc.asyncProperty(specs, async (spec) => {
        const r = await read(digitalXml(spec));
        expect(r.ok && r.fields).toStrictEqual(expectedFields(spec));
      }),
      { numRuns: 60 },
    );
  });

  it('reads a GBK-encoded file by its declaration', async () => {
    const ascii = digitalXml({ ...NORMAL, buyerName: 'BUYER', sellerName: 'Seller Ltd', items: [] })
      .replace('encoding="UTF-8"', 'encoding="GBK"')
      .replace(/[^\t\n\r -~]/g, '');
    const [head = '', tail = ''] = ascii.split('BUYER');
    // 上海 in GBK.
    const bytes = Buffer.concat([Buffer.from(head), Buffer.from([0xc9, 0xcf, 0xba, 0xa3]), Buffer.from(tail)]);
    const r = await readFapiaoFile(bytes);
    expect(r.ok && r.fields.buyerName).toBe('上海');
    expect(r.ok && r.fields.type).toBe('digital_normal');
  });

  it('keeps an amount with more than two decimals out, rather than rounding it', async () => {
    const r = await read(digitalXml(NORMAL).replace('<TotalTaxAm>5.66</TotalTaxAm>', '<TotalTaxAm>5.655</TotalTaxAm>'));
    expect(r.ok && r.fields.taxAmount).toBeUndefined();
    expect(r.ok && r.fields.total).toBe('100.00');
  });

  it('refuses XML that is not a fapiao, damaged XML and XML declaring entities', async () => {
    expect(await read('<?xml version="1.0"?><Order><Number>1</Number></Order>')).toEqual({
      ok: false,
      code: 'invoice.file_not_fapiao',
    });
    expect(await read(digitalXml(SPECIAL).slice(0, 400))).toEqual({ ok: false, code: 'invoice.file_unreadable' });
    const bomb = `<?xml version="1.0"?><!DOCTYPE EInvoice [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><EInvoice><Header><EIid>&b;</EIid></Header></EInvoice>`;
    expect(await read(bomb)).toEqual({ ok: false, code: 'invoice.file_unreadable' });
  });
});
