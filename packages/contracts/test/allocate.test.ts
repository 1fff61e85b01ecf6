import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMoney, allocateMoney, compareMoney, money, subMoney } from '../src/money';

const asMoney = (c: bigint) => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};
const wholes = fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }).map(asMoney);
/** Percentages with two decimals, as the apportionment sends them. */
const percents = fc
  .array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 30 })
  .map((xs) => xs.map((c) => (c / 100).toFixed(2)));

describe('allocateMoney', () => {
  it('always gives parts that add up to the whole, to the cent', () => {
    fc.assert(
      fc.property(wholes, percents, (whole, weights) => {
        const parts = allocateMoney(whole, weights);
        expect(parts).toHaveLength(weights.length);
        expect(addMoney('0', ...parts)).toBe(money(whole));
      }),
    );
  });

  it('keeps every part within one cent of its exact share', () => {
    fc.assert(
      fc.property(wholes, percents, (whole, weights) => {
        const parts = allocateMoney(whole, weights);
        const sum = weights.reduce((s, w) => s.plus(w), new Decimal(0));
        parts.forEach((p, i) => {
          const exact = new Decimal(whole).times(weights[i]!).div(sum);
          expect(exact.minus(p).abs().lt('0.01')).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('splits evenly with the extra cents going to the earliest parts', () => {
    expect(allocateMoney('100.00', ['1', '1', '1'])).toEqual(['33.34', '33.33', '33.33']);
    expect(allocateMoney('0.02', ['1', '1', '1'])).toEqual(['0.01', '0.01', '0.00']);
    expect(allocateMoney('-10.00', ['1', '1', '1'])).toEqual(['-3.34', '-3.33', '-3.33']);
  });

  it('gives the leftover cent to the part with the largest remainder', () => {
    expect(allocateMoney('100.00', ['33.34', '33.33', '33.33'])).toEqual(['33.34', '33.33', '33.33']);
    expect(allocateMoney('1.00', ['60', '40'])).toEqual(['0.60', '0.40']);
    expect(compareMoney(subMoney('1.00', addMoney(...allocateMoney('1.00', ['70', '20', '10']))), '0')).toBe(0);
  });

  it('refuses weights that cannot share anything', () => {
    expect(() => allocateMoney('1.00', ['0', '0'])).toThrow(RangeError);
    expect(() => allocateMoney('1.001', ['1'])).toThrow(RangeError);
    expect(allocateMoney('1.00', [])).toEqual([]);
  });
});
