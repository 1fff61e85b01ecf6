import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as L from './budget.ledger';

/**
 * The ledger's invariant under block (DESIGN §17): whatever the order in which documents are submitted, approved,
 * posted, returned or closed, a blocked budget's available amount never goes below zero, and the balance is always
 * the sum of the documents' positions.
 */
type Step =
  | { op: 'submit'; doc: number; amount: string }
  | { op: 'approve'; doc: number }
  | { op: 'post'; doc: number; amount: string }
  | { op: 'release'; doc: number };

const cents = fc.integer({ min: 1, max: 500_00 }).map((c) => new Decimal(c).div(100).toFixed(2));
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('submit' as const), doc: fc.nat(7), amount: cents }),
  fc.record({ op: fc.constant('approve' as const), doc: fc.nat(7) }),
  fc.record({ op: fc.constant('post' as const), doc: fc.nat(7), amount: cents }),
  fc.record({ op: fc.constant('release' as const), doc: fc.nat(7) }),
);

describe('budget ledger arithmetic', () => {
  it('never lets a blocked budget go below zero, and keeps the balance the sum of the positions', () => {
    fc.assert(
      fc.property(
        cents.map((a) => new Decimal(a).times(10).toFixed(2)),
        fc.array(step, { maxLength: 60 }),
        (amount, steps) => {
          let balance: L.Position = L.ZERO;
          const docs = new Map<
            number,
            { state: 'approving' | 'approved' | 'posted'; own: L.Position; kind: 'apply' | 'deputy' }
          >();
          const move = (doc: number, m: L.Movement) => {
            balance = L.apply(balance, m);
            const d = docs.get(doc)!;
            d.own = L.apply(d.own, m);
          };
          for (const s of steps) {
            const d = docs.get(s.doc);
            if (s.op === 'submit') {
              if (d) continue;
              const need = L.sumOf(L.planOf(new Map([[1, s.amount]]), undefined).need);
              // Under block a shortfall refuses the submit: nothing is written.
              if (L.shortfallOf(amount, balance, need)) continue;
              docs.set(s.doc, { state: 'approving', own: L.ZERO, kind: s.doc % 2 ? 'deputy' : 'apply' });
              move(s.doc, L.holdOf(need));
            } else if (s.op === 'approve') {
              if (d?.state !== 'approving') continue;
              move(s.doc, d.kind === 'apply' ? L.reserveOf(d.own) : L.consumeOf(d.own, '0'));
              d.state = 'approved';
            } else if (s.op === 'post') {
              // Posting only trues up downwards here: review may lower an amount, never raise it past approval.
              if (d?.state !== 'approved' || d.kind !== 'deputy') continue;
              const posted = Decimal.min(s.amount, d.own.consumed).toFixed(2);
              move(s.doc, L.trueUpOf(d.own, posted));
              d.state = 'posted';
            } else if (d) {
              move(s.doc, L.releaseOf(d.own));
              docs.delete(s.doc);
            }
            expect(new Decimal(L.available(amount, balance)).gte(0)).toBe(true);
            const sum = [...docs.values()].reduce((p, x) => L.apply(p, x.own), L.ZERO);
            expect(sum).toEqual(balance);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('asks a deputy only for what its apply has not reserved', () => {
    const one = (amount: string) => new Map([[3, amount]]);
    expect(L.planOf(one('300.00'), undefined, '200.00')).toEqual({ need: one('100.00'), cover: one('200.00') });
    expect(L.planOf(one('150.00'), undefined, '200.00')).toEqual({ need: new Map(), cover: one('150.00') });
    const held = L.apply(L.ZERO, L.holdOf('100.00'));
    expect(L.planOf(one('300.00'), new Map([[3, held]]), '200.00')).toEqual({ need: new Map(), cover: one('200.00') });
    expect(L.consumeOf(held, '200.00')).toEqual({ held: '-100.00', reserved: '0.00', consumed: '300.00' });
  });

  it('measures each month on its own: the apply’s reservation covers the earliest months first', () => {
    const spend = new Map([
      [4, '300.00'],
      [2, '100.00'],
    ]);
    const own = new Map([[4, L.holdOf('50.00')]]);
    expect(L.planOf(spend, own, '120.00')).toEqual({
      need: new Map([[4, '230.00']]),
      cover: new Map([
        [2, '100.00'],
        [4, '20.00'],
      ]),
    });
    expect(
      L.spread(
        new Map([
          [5, '10.00'],
          [1, '5.00'],
        ]),
        '12.00',
      ),
    ).toEqual(
      new Map([
        [1, '5.00'],
        [5, '7.00'],
      ]),
    );
    expect(
      L.toDate(
        new Map([
          [1, '5'],
          [2, '7'],
          [9, '100'],
        ]),
        2,
      ).toFixed(2),
    ).toBe('12.00');
  });

  it('names the shortfall: what is asked beyond what is left', () => {
    const balance = { held: '600.00', reserved: '200.00', consumed: '100.00' };
    expect(L.available('1000.00', balance)).toBe('100.00');
    expect(L.shortfallOf('1000.00', balance, '100.00')).toBeNull();
    expect(L.shortfallOf('1000.00', balance, '250.50')).toEqual({
      available: '100.00',
      requested: '250.50',
      shortfall: '150.50',
    });
  });
});
