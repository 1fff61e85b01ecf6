import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterLabourTax, grossUpLabourTax, labourTax } from '../src/labour-tax';
import { addMoney, compareMoney } from '../src/money';
import { splitPerHead } from '../src/per-head';

const asMoney = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const cents = (max: bigint) => fc.bigInt({ min: 0n, max });

describe('splitPerHead', () => {
  it('always sums exactly to the line, and no two heads differ by more than a cent', () => {
    fc.assert(
      fc.property(cents(10n ** 14n), fc.integer({ min: 1, max: 400 }), (c, heads) => {
        const shares = splitPerHead(asMoney(c), heads);
        expect(shares).toHaveLength(heads);
        expect(addMoney('0', ...shares)).toBe(asMoney(c));
        const asCents = shares.map((s) => BigInt(s.replace('.', '')));
        const lo = asCents.reduce((a, b) => (a < b ? a : b));
        const hi = asCents.reduce((a, b) => (a > b ? a : b));
        expect(hi - lo <= 1n).toBe(true);
      }),
    );
  });

  it('gives the left-over cents to the first heads', () => {
    expect(splitPerHead('100.00', 3)).toEqual(['33.34', '33.33', '33.33']);
    expect(splitPerHead('0.02', 3)).toEqual(['0.01', '0.01', '0.00']);
    expect(splitPerHead('90', 3)).toEqual(['30.00', '30.00', '30.00']);
    expect(splitPerHead('10.00', 0)).toEqual([]);
  });
});

describe('labourTax (劳务报酬, per occasion)', () => {
  it('deducts 800 up to a 4,000 fee and 20 % above, then applies the band', () => {
    expect(labourTax('500.00')).toBe('0.00');
    expect(labourTax('800.00')).toBe('0.00');
    expect(labourTax('3000.00')).toBe('440.00'); // (3000 − 800) × 20 %
    expect(labourTax('4000.00')).toBe('640.00'); // (4000 − 800) × 20 %
    expect(labourTax('5000.00')).toBe('800.00'); // 5000 × 80 % × 20 %
    expect(labourTax('25000.00')).toBe('4000.00'); // taxable 20,000 × 20 %
    expect(labourTax('30000.00')).toBe('5200.00'); // 24,000 × 30 % − 2,000
    expect(labourTax('62500.00')).toBe('13000.00'); // 50,000 × 30 % − 2,000
    expect(labourTax('100000.00')).toBe('25000.00'); // 80,000 × 40 % − 7,000
    expect(afterLabourTax('5000.00')).toBe('4200.00');
  });

  it('grosses up from a fee after tax in every band', () => {
    expect(grossUpLabourTax('700.00')).toBe('700.00');
    expect(grossUpLabourTax('2560.00')).toBe('3000.00');
    expect(grossUpLabourTax('4200.00')).toBe('5000.00');
    expect(grossUpLabourTax('24800.00')).toBe('30000.00');
    expect(grossUpLabourTax('75000.00')).toBe('100000.00');
  });

  it('the gross-up of any net fee leaves exactly that fee after tax', () => {
    fc.assert(
      fc.property(cents(20_000_000n), (c) => {
        const net = asMoney(c);
        const gross = grossUpLabourTax(net);
        expect(afterLabourTax(gross)).toBe(net);
        // The smallest such fee: a cent less leaves less.
        if (c > 0n) {
          const less = asMoney(BigInt(gross.replace('.', '')) - 1n);
          expect(compareMoney(afterLabourTax(less), net)).toBe(-1);
        }
      }),
    );
  });
});
