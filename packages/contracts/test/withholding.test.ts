import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labourTax, type MonthWithholding, withholdInMonth } from '../src/labour-tax';
import { addMoney, compareMoney } from '../src/money';

const fee = fc.bigInt({ min: 1n, max: 12_000_000n }).map((c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`);

describe('withholdInMonth (one occasion per lecturer and month)', () => {
  it('withholds in total the tax on the month’s total, whatever the fees and their order', () => {
    fc.assert(
      fc.property(fc.array(fee, { minLength: 1, maxLength: 12 }), (fees) => {
        let month: MonthWithholding = { gross: '0.00', tax: '0.00' };
        const taxes: string[] = [];
        for (const f of fees) {
          const next = withholdInMonth(month, f);
          expect(compareMoney(next.tax, '0')).toBeGreaterThanOrEqual(0);
          taxes.push(next.tax);
          month = next.month;
        }
        const total = addMoney('0', ...fees);
        expect(month.gross).toBe(total);
        expect(addMoney('0', ...taxes)).toBe(labourTax(total));
        expect(month.tax).toBe(labourTax(total));
      }),
      { numRuns: 500 },
    );
  });

  it('taxes a second fee in the month on the total, withholding only the difference', () => {
    const first = withholdInMonth({ gross: '0.00', tax: '0.00' }, '3000.00');
    expect(first.tax).toBe('440.00');
    const second = withholdInMonth(first.month, '3000.00');
    // 6,000 is one occasion: 6,000 × 80 % × 20 % = 960, of which 440 was withheld already.
    expect(second.tax).toBe('520.00');
    expect(second.month).toEqual({ gross: '6000.00', tax: '960.00' });
  });

  it('withholds nothing, never a refund, when more was withheld than the tax on the month’s total', () => {
    // A 3,000 fee whose tax was worked out after a fee that has since left the month.
    const next = withholdInMonth({ gross: '3000.00', tax: '520.00' }, '100.00');
    expect(next.tax).toBe('0.00');
    expect(next.month).toEqual({ gross: '3100.00', tax: '520.00' });
  });
});
