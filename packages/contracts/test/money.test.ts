import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMoney, compareMoney, formatAmount, isMoney, money, mulMoney, subMoney } from '../src/money';

const cents = fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n });
const asMoney = (c: bigint) => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

describe('money', () => {
  it('adds and subtracts exactly, like integer cents', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(addMoney(asMoney(a), asMoney(b))).toBe(money(asMoney(a + b)));
        expect(subMoney(asMoney(a), asMoney(b))).toBe(money(asMoney(a - b)));
      }),
    );
  });

  it('does not suffer float error', () => {
    expect(addMoney('0.10', '0.20')).toBe('0.30');
    expect(mulMoney('100.00', '0.09')).toBe('9.00');
    expect(mulMoney('10.05', '1.5')).toBe('15.08');
    expect(compareMoney('1.10', '1.1')).toBe(0);
  });

  it('validates and formats as the specification says: separators, two decimals, absolute value', () => {
    expect(isMoney('1234.5')).toBe(true);
    expect(isMoney('12.345')).toBe(false);
    expect(isMoney('1e3')).toBe(false);
    expect(formatAmount('-1234567.5')).toBe('1,234,567.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(null)).toBe('');
  });
});
