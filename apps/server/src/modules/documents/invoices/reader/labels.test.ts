import { describe, expect, it } from 'vitest';
import { FieldSet, qrFields, toMoney, toRate } from './fields';
import { linesOf, textFields } from './labels';

describe('the printed labels', () => {
  const digital = [
    '电子发票（增值税专用发票）',
    '发票号码：24312000000012345678',
    '开票日期：2024年03月05日',
    '购买方信息  名称：上海示例医药有限公司  销售方信息  名称：Sample Trading Co Ltd',
    '统一社会信用代码/纳税人识别号：91310115TEST00001X  统一社会信用代码/纳税人识别号：91110108TEST00002Y',
    '项目名称  数量  金额  税率/征收率  税额',
    '*医疗器械*检测试剂  2  1000.00  13%  130.00',
    '*生活服务*培训费  1  200.00  免税  ***',
    '合 计  ¥1200.00  ¥130.00',
    '价税合计（大写）  壹仟叁佰叁拾圆整  （小写）¥1330.00',
  ];

  it('reads a fully digital special fapiao line by line', () => {
    expect(textFields(digital)).toStrictEqual({
      type: 'digital_special',
      electronic: true,
      number: '24312000000012345678',
      invoiceDate: '2024-03-05',
      buyerName: '上海示例医药有限公司',
      buyerTaxId: '91310115TEST00001X',
      sellerName: 'Sample Trading Co Ltd',
      sellerTaxId: '91110108TEST00002Y',
      amount: '1200.00',
      taxAmount: '130.00',
      total: '1330.00',
      items: [
        { name: '*医疗器械*检测试剂', amount: '1000.00', taxRate: '0.13', taxAmount: '130.00' },
        { name: '*生活服务*培训费', amount: '200.00' },
      ],
    });
  });

  it('reads labels spread apart and the check code printed in groups', () => {
    const f = textFields([
      '增值税电子普通发票',
      '发 票 代 码: 044031900111  发 票 号 码: 12345678',
      '校 验 码: 12345 67890 12345 67890',
    ]);
    expect(f).toMatchObject({ type: 'vat_electronic', code: '044031900111', number: '12345678' });
    expect(f.checkCode).toBe('12345678901234567890');
  });

  it('reads a 合计 row only with both columns, the tax as *** where exempt', () => {
    const row = (r: string) => textFields(['电子发票（普通发票）', r]);
    expect(row('合 计  ¥5.66')).not.toHaveProperty('amount');
    expect(row('合 计  ¥5.66')).not.toHaveProperty('taxAmount');
    expect(row('合 计  ¥100.00  ***')).toMatchObject({ amount: '100.00' });
    expect(row('合 计  ¥100.00  ***')).not.toHaveProperty('taxAmount');
  });

  it('reads no amount from a page whose kind it does not know', () => {
    const f = textFields(['发票号码：24312000000012345678', '合 计  ¥1200.00  ¥130.00', '（小写）¥1330.00']);
    expect(f.number).toBe('24312000000012345678');
    expect(f.amount).toBeUndefined();
    expect(f.total).toBeUndefined();
    // The QR's kind is enough.
    expect(textFields(['合 计  ¥1200.00  ¥130.00'], 'digital_normal').amount).toBe('1200.00');
  });

  it('takes no buyer from a single unnamed party on a VAT fapiao, but does on a ticket, which names the buyer only', () => {
    const vat = textFields(['电子发票（普通发票）', '名称：上海示例医药有限公司']);
    expect(vat.buyerName).toBeUndefined();
    expect(vat.sellerName).toBeUndefined();
    const rail = textFields(['电子发票（铁路电子客票）', '统一社会信用代码：91310115TEST00001X']);
    expect(rail.buyerTaxId).toBe('91310115TEST00001X');
    expect(rail.sellerTaxId).toBeUndefined();
  });

  it('keeps a blank party in its place: the seller printed beside an empty buyer stays the seller', () => {
    const f = textFields(['电子发票（普通发票）', '购买方信息  名称：  销售方信息  名称：北京样例科技有限公司']);
    expect(f.buyerName).toBeUndefined();
    expect(f.sellerName).toBe('北京样例科技有限公司');
  });

  it('reads the stations of a rail ticket only from a line holding exactly two', () => {
    expect(textFields(['电子发票（铁路电子客票）', '北京南站  G1  上海虹桥站'])).toMatchObject({
      from: '北京南站',
      to: '上海虹桥站',
    });
    const three = textFields(['电子发票（铁路电子客票）', '北京南站  济南西站  上海虹桥站']);
    expect(three.from).toBeUndefined();
  });

  it('lays runs out as lines: same baseline one line, wide gaps two spaces', () => {
    expect(
      linesOf([
        { text: '名称：', x: 10, y: 50, width: 9, size: 3 },
        { text: '甲公司', x: 23, y: 50.5, width: 9, size: 3 },
        { text: '名称：', x: 100, y: 50, width: 9, size: 3 },
        { text: '发票号码：', x: 10, y: 20, width: 15, size: 3 },
        { text: '123', x: 25.2, y: 20, width: 5, size: 3 },
      ]),
    ).toEqual(['发票号码：123', '名称：  甲公司  名称：']);
  });
});

describe('normalising and choosing values', () => {
  it('keeps money as two-decimal strings and refuses what is not money', () => {
    expect(toMoney('¥1,234.5')).toBe('1234.50');
    expect(toMoney('12.345')).toBeUndefined();
    expect(toMoney('abc')).toBeUndefined();
    expect(toRate('6%')).toBe('0.06');
    expect(toRate('0.13')).toBe('0.13');
    expect(toRate('13')).toBeUndefined();
    expect(toRate('免税')).toBeUndefined();
  });

  it('keeps the QR value over the text and records the disagreement, whatever the order read', () => {
    for (const order of [
      ['text', 'qr'],
      ['qr', 'text'],
    ] as const) {
      const set = new FieldSet();
      for (const from of order)
        set.put('number', from === 'qr' ? '24312000000012345678' : '24312000000012345670', from);
      expect(set.fields.number).toBe('24312000000012345678');
      expect(set.sources.number).toBe('qr');
      expect(set.conflicts).toEqual([
        {
          field: 'number',
          kept: '24312000000012345678',
          keptFrom: 'qr',
          other: '24312000000012345670',
          otherFrom: 'text',
        },
      ]);
    }
  });

  it('sees no disagreement in spacing, bracket width or the form of an amount', () => {
    const set = new FieldSet();
    set.put('sellerName', '样例（上海）有限公司', 'xml');
    set.put('sellerName', '样例(上海)有限公司', 'text');
    set.put('total', '100.00', 'qr');
    set.put('total', '100.0', 'text');
    expect(set.conflicts).toEqual([]);
  });

  it('reads the QR amount as the total on fully digital fapiao and as the amount before tax on older ones', () => {
    expect(qrFields('01,32,,24442000000087654321,100.00,20241130,,A1B2,')).toStrictEqual({
      type: 'digital_normal',
      electronic: true,
      number: '24442000000087654321',
      invoiceDate: '2024-11-30',
      total: '100.00',
    });
    expect(qrFields('01,10,044031900111,12345678,377.36,20200618,12345678901234567890,C3D4,')).toStrictEqual({
      type: 'vat_electronic',
      electronic: true,
      code: '044031900111',
      number: '12345678',
      checkCode: '12345678901234567890',
      invoiceDate: '2020-06-18',
      amount: '377.36',
    });
    expect(qrFields('https://example.com/?a=1')).toBeUndefined();
  });

  it('computes the deductible VAT only from what was read', () => {
    const air = new FieldSet();
    air.putAll({ type: 'air', fare: '1090.00' }, 'text');
    expect(air.finish('pdf').fields.deductibleVat).toBeUndefined();
    air.put('fuelSurcharge', '60.00', 'text');
    // (1090 + 60) ÷ 1.09 × 9 %
    expect(air.finish('pdf').fields.deductibleVat).toBe('94.95');
  });
});
