import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deductibleVat,
  type FapiaoFields,
  fapiaoProblems,
  invoiceKey,
  invoiceTotal,
  isElectronic,
  parseFapiaoQr,
} from '../src/fapiao';
import { addMoney, compareMoney } from '../src/money';

const TODAY = '2026-11-24';
const base: FapiaoFields = {
  type: 'vat_special',
  code: '3100204130',
  number: '12345678',
  invoiceDate: '2026-11-02',
  amount: '1000.00',
  taxAmount: '60.00',
  fuelAmount: '0',
  checkCode: '',
  items: [],
};
const codes = (f: Partial<FapiaoFields>) => fapiaoProblems({ ...base, ...f }, TODAY).map((p) => p.code);

describe('parseFapiaoQr', () => {
  it('reads an older special VAT fapiao: code, number, amount, date', () => {
    const r = parseFapiaoQr('01,01,3100204130,12345678,1000.00,20261102,,A1B2,');
    expect(r).toEqual({
      ok: true,
      value: {
        type: 'vat_special',
        electronic: false,
        code: '3100204130',
        number: '12345678',
        amount: '1000.00',
        invoiceDate: '2026-11-02',
        checkCode: '',
      },
    });
  });

  it('reads a fully digital fapiao with an empty code and a 20-digit number', () => {
    const r = parseFapiaoQr('01,32,,24312000000123456789,88.5,20261110,,8F3C');
    expect(r.ok && r.value).toMatchObject({
      type: 'digital_normal',
      electronic: true,
      code: '',
      number: '24312000000123456789',
      amount: '88.50',
    });
  });

  it('reads the full-width commas a scanner types behind a Chinese input method, and trims the Enter', () => {
    const r = parseFapiaoQr('01，10，031001900111，04567890，56.60，20261001，12345678901234567890，ABCD\r\n');
    expect(r.ok && r.value).toMatchObject({
      type: 'vat_electronic',
      electronic: true,
      checkCode: '12345678901234567890',
    });
  });

  it('reads e-tickets for air and rail', () => {
    expect(parseFapiaoQr('01,61,,26112000000000000001,1280.00,20261101,,x').ok).toBe(true);
    const rail = parseFapiaoQr('01,51,,26112000000000000002,553.00,20261101,,x');
    expect(rail.ok && rail.value.type).toBe('rail');
  });

  it('refuses text that is not a fapiao QR code, an unknown type, a bad amount or date', () => {
    expect(parseFapiaoQr('hello')).toEqual({ ok: false, code: 'invoice.qr_unreadable' });
    expect(parseFapiaoQr('02,01,1,2,3,20260101,,')).toEqual({ ok: false, code: 'invoice.qr_unreadable' });
    expect(parseFapiaoQr('01,99,,1,3,20260101,,')).toEqual({ ok: false, code: 'invoice.qr_type_unknown' });
    expect(parseFapiaoQr('01,01,1,2,-3,20260101,,')).toEqual({ ok: false, code: 'invoice.amount_invalid' });
    expect(parseFapiaoQr('01,01,1,2,3,20260231,,')).toEqual({ ok: false, code: 'invoice.date_invalid' });
  });
});

describe('fapiaoProblems', () => {
  it('accepts a well-formed special VAT fapiao', () => {
    expect(codes({})).toEqual([]);
  });

  it('wants a code and an 8-digit number on older fapiao, and no code on fully digital ones', () => {
    expect(codes({ code: '' })).toEqual(['invoice.code_invalid']);
    expect(codes({ number: '1234' })).toEqual(['invoice.number_invalid']);
    expect(codes({ type: 'digital_special', code: '3100204130', number: '24312000000123456789' })).toEqual([
      'invoice.code_not_allowed',
    ]);
    expect(codes({ type: 'digital_special', code: '', number: '2431200000012345678' })).toEqual([
      'invoice.digital_number_invalid',
    ]);
  });

  it('wants the 20-digit check code on ordinary fapiao', () => {
    expect(codes({ type: 'vat_normal', checkCode: '' })).toEqual(['invoice.check_code_invalid']);
    expect(codes({ type: 'vat_normal', checkCode: '12345678901234567890' })).toEqual([]);
    expect(codes({ checkCode: '123' })).toEqual(['invoice.check_code_invalid']);
  });

  it('refuses a date in the future, a zero amount, tax over the amount, fuel on a non-air ticket', () => {
    expect(codes({ invoiceDate: '2026-11-25' })).toEqual(['invoice.date_in_future']);
    expect(codes({ amount: '0.00', taxAmount: '0' })).toEqual(['invoice.amount_not_positive']);
    expect(codes({ taxAmount: '1000.01' })).toEqual(['invoice.tax_over_amount']);
    expect(codes({ type: 'rail', code: '', number: 'E123456789', taxAmount: '0', fuelAmount: '10' })).toEqual([
      'invoice.fuel_only_air',
    ]);
  });

  it('wants the sub-invoices to sum to the amount and the tax', () => {
    const items = [
      { amount: '600.00', taxAmount: '36.00' },
      { amount: '400.00', taxAmount: '24.00' },
    ];
    expect(codes({ items })).toEqual([]);
    expect(codes({ items: items.slice(0, 1) })).toEqual(['invoice.items_mismatch']);
  });
});

describe('deductibleVat (DESIGN §12)', () => {
  it('takes the tax amount of special VAT fapiao and nothing from ordinary ones', () => {
    expect(deductibleVat({ ...base })).toBe('60.00');
    expect(deductibleVat({ ...base, type: 'digital_special', taxAmount: '13.00' })).toBe('13.00');
    expect(deductibleVat({ ...base, type: 'vat_normal' })).toBe('0.00');
  });

  it('computes tickets: air (fare + fuel) ÷ 1.09 × 9 %, rail ÷ 1.09 × 9 %, road and water ÷ 1.03 × 3 %', () => {
    expect(deductibleVat({ ...base, type: 'air', amount: '1000.00', fuelAmount: '90.00', taxAmount: '0' })).toBe(
      '90.00',
    );
    expect(deductibleVat({ ...base, type: 'rail', amount: '553.00', taxAmount: '0' })).toBe('45.66');
    expect(deductibleVat({ ...base, type: 'road', amount: '103.00', taxAmount: '0' })).toBe('3.00');
    expect(deductibleVat({ ...base, type: 'water', amount: '50.00', taxAmount: '0' })).toBe('1.46');
  });

  it('never exceeds the base it is taken from, and grows with it', () => {
    const cents = fc.bigInt({ min: 1n, max: 10n ** 12n });
    const asMoney = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
    const ticket = fc.constantFrom('air', 'rail', 'road', 'water') as fc.Arbitrary<FapiaoFields['type']>;
    fc.assert(
      fc.property(ticket, cents, cents, (type, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const of = (c: bigint) => deductibleVat({ type, amount: asMoney(c), taxAmount: '0', fuelAmount: '0' });
        expect(compareMoney(of(lo), asMoney(lo))).toBeLessThan(1);
        expect(compareMoney(of(lo), of(hi))).toBeLessThan(1);
        // The net of the tax and the tax give back the gross within a fen of rounding.
        const total = invoiceTotal({ amount: asMoney(hi), taxAmount: '0', fuelAmount: '0' });
        expect(compareMoney(addMoney(of(hi), '0'), total)).toBeLessThan(1);
      }),
    );
  });
});

describe('identity and electronic', () => {
  it('keys older fapiao by code and number, fully digital ones by their number', () => {
    expect(invoiceKey('3100204130', '12345678')).toBe('3100204130-12345678');
    expect(invoiceKey('', '24312000000123456789')).toBe('24312000000123456789');
  });

  it('treats fully digital fapiao and e-tickets as electronic, paper special VAT fapiao not', () => {
    expect(isElectronic('digital_normal', '24312000000123456789', '', false)).toBe(true);
    expect(isElectronic('rail', '26112000000000000002', '', false)).toBe(true);
    expect(isElectronic('vat_special', '12345678', '3100204130', false)).toBe(false);
    expect(isElectronic('rail', 'E123456789', '', false)).toBe(false);
  });
});
