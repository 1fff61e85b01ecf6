import { addMoney, compareMoney } from '@ems/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CoverFapiao, type CoverLine, coverOf, defaultLine, shortLines } from './coverage';

const line = (lineNo: number, amountCny: string, needsFapiao = true): CoverLine => ({ lineNo, amountCny, needsFapiao });

describe('coverOf', () => {
  it('adds each line’s own fapiao and names what it still lacks', () => {
    const lines = [line(1, '200.00'), line(2, '300.00', false), line(3, '120.50')];
    const fapiao: CoverFapiao[] = [
      { lineNo: 1, totalAmount: '150.00' },
      { lineNo: 3, totalAmount: '200.00' },
      { lineNo: null, totalAmount: '50.00' },
    ];
    expect(coverOf(lines, fapiao)).toEqual([
      { lineNo: 1, needsFapiao: true, covered: '150.00', short: '50.00' },
      { lineNo: 2, needsFapiao: false, covered: '0.00', short: '0.00' },
      { lineNo: 3, needsFapiao: true, covered: '200.00', short: '0.00' },
    ]);
    expect(shortLines(coverOf(lines, fapiao)).map((c) => c.lineNo)).toEqual([1]);
  });

  it('never lets a surplus on one line cover another (property)', () => {
    const cents = fc.integer({ min: 1, max: 10_000_000 }).map((c) => (c / 100).toFixed(2));
    fc.assert(
      fc.property(
        fc.array(cents, { minLength: 1, maxLength: 6 }),
        fc.array(fc.record({ on: fc.nat(7), amount: cents }), { maxLength: 10 }),
        (amounts, given) => {
          const lines = amounts.map((a, i) => line(i + 1, a));
          const fapiao = given.map((g) => ({ lineNo: g.on === 0 ? null : g.on, totalAmount: g.amount }));
          for (const c of coverOf(lines, fapiao)) {
            const own = addMoney('0', ...fapiao.filter((f) => f.lineNo === c.lineNo).map((f) => f.totalAmount));
            const amount = amounts[c.lineNo - 1]!;
            expect(c.covered).toBe(own);
            // Short is the line less its own fapiao, never below zero.
            expect(compareMoney(addMoney(c.covered, c.short), amount) >= 0).toBe(true);
            if (compareMoney(c.short, '0') > 0) expect(addMoney(c.covered, c.short)).toBe(addMoney(amount));
          }
        },
      ),
    );
  });
});

describe('defaultLine', () => {
  const lines = [line(1, '200.00'), line(2, '120.50'), line(3, '80.00', false)];

  it('prefers the short line the fapiao closes exactly, then the first short line', () => {
    expect(defaultLine(lines, [], '120.50')).toBe(2);
    expect(defaultLine(lines, [], '99.00')).toBe(1);
    expect(defaultLine(lines, [{ lineNo: 1, totalAmount: '200.00' }], '99.00')).toBe(2);
  });

  it('with nothing short: the only line, else the line of its amount, else none', () => {
    const covered: CoverFapiao[] = [
      { lineNo: 1, totalAmount: '200.00' },
      { lineNo: 2, totalAmount: '120.50' },
    ];
    expect(defaultLine(lines, covered, '80.00')).toBe(3);
    expect(defaultLine(lines, covered, '7.00')).toBeNull();
    expect(defaultLine([line(1, '10.00', false)], [], '7.00')).toBe(1);
  });
});
