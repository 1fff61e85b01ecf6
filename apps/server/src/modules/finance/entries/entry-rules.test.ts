import { addMoney, compareMoney, deductibleVat, isMoney, mulMoney } from '@ems/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fapiaoRate } from './document-voucher.service';
import { type ExpenseFacts, expenseEntries, type LineFact, loanEntries, type ShareFact } from './entry-rules';
import { balanceOf } from './voucher.service';

const ACCOUNTS = { payable: '224101', advance: '122101', inputVat: '22210101', fixedAsset: '160101' };

/** An amount in cents, 0.01 to 1,000,000.00. */
const cents = (max = 100_000_000) => fc.integer({ min: 1, max }).map((c) => (c / 100).toFixed(2));
const rate = fc.constantFrom('1', '7.123456', '0.048765', '9.050000', '0.000123', '152.3');
const percentSet = fc
  .array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 6 })
  .map((ws) => ws.map((w) => (w / 100).toFixed(2)));
const shares: fc.Arbitrary<ShareFact[]> = fc.oneof(
  fc.constant<ShareFact[]>([]),
  percentSet.map((ps) => ps.map((percent, i) => ({ costCentreId: 100 + i, productId: i % 2 ? 7 : null, percent }))),
);
const line: fc.Arbitrary<Omit<LineFact, 'lineNo'>> = fc
  .record({
    amount: cents(),
    currency: fc.constantFrom('CNY', 'USD', 'EUR', 'JPY'),
    rate,
    assetItem: fc.boolean(),
    shares,
  })
  .map(({ amount, currency, rate: r, assetItem, shares: s }) => ({
    glAccount: assetItem ? '660201' : '660101',
    assetItem,
    amount,
    currency,
    fxRate: currency === 'CNY' ? '1' : r,
    amountCny: mulMoney(amount, currency === 'CNY' ? '1' : r),
    productId: null,
    shares: s,
  }));
const facts: fc.Arbitrary<ExpenseFacts> = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 8 }),
    shares,
    vat: fc.oneof(fc.constant('0.00'), cents(), cents(1_000_000_000)),
    loans: fc.array(cents(), { maxLength: 3 }),
    internalOrder: fc.boolean(),
    threshold: fc.constantFrom('0.00', '5000.00', '100000.00'),
  })
  .map((r) => ({
    docNo: 'EX2026110001',
    applicantId: 9,
    costCentreId: 5,
    internalOrderId: r.internalOrder ? 3 : null,
    lines: r.lines.map((l, i) => ({ ...l, lineNo: i + 1 })),
    shares: r.shares,
    deductibleVat: r.vat,
    loans: r.loans.map((amount, i) => ({ loanId: 50 + i, amount })),
    accounts: ACCOUNTS,
    assetThreshold: r.threshold,
  }));

const sumOf = (es: { amount: string }[]) => addMoney('0', ...es.map((e) => e.amount));

describe('expenseEntries (property: every voucher balances to the cent)', () => {
  it('debits equal credits equal the lines’ CNY total, every entry positive with two decimals', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const r = expenseEntries(f);
        // Lines worth less than a fen in all book nothing (the voucher is refused as having nothing to book).
        if (compareMoney(r.gross, '0') === 0) {
          expect(r.entries).toHaveLength(0);
          return;
        }
        const b = balanceOf(r.entries);
        expect(b.balanced).toBe(true);
        expect(b.debit).toBe(sumOf(f.lines.map((l) => ({ amount: l.amountCny }))));
        expect(b.debit).toBe(r.gross);
        for (const e of r.entries) {
          expect(isMoney(e.amount)).toBe(true);
          expect(compareMoney(e.amount, '0')).toBe(1);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('credits the advance for the loans written off and the payable only for the rest', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const r = expenseEntries(f);
        const credits = r.entries.filter((e) => e.side === 'C');
        const advance = credits.filter((e) => e.glAccount === ACCOUNTS.advance);
        const payable = credits.filter((e) => e.glAccount === ACCOUNTS.payable);
        const loans = sumOf(f.loans);
        const expected = compareMoney(loans, r.gross) < 0 ? loans : r.gross;
        expect(sumOf(advance)).toBe(expected);
        expect(r.writtenOff).toBe(expected);
        expect(sumOf(payable)).toBe(addMoney(r.gross, `-${expected}`));
        // Fully offset: nothing payable at all, not even a zero line.
        if (compareMoney(loans, r.gross) >= 0) expect(payable).toHaveLength(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('credits the IIT withheld on lecture fees to its own payable and the payable with the rest (decision 050)', () => {
    const withFees = fc.tuple(facts, fc.array(cents(1_000_000), { maxLength: 3 })).map(([f, taxes]) => ({
      ...f,
      withheld: taxes.map((amount, i) => ({ amount, text: `IIT ${i}` })),
      accounts: { ...ACCOUNTS, iitPayable: '222106' },
    }));
    fc.assert(
      fc.property(withFees, (f) => {
        const r = expenseEntries(f);
        if (compareMoney(r.gross, '0') === 0) return;
        expect(balanceOf(r.entries).balanced).toBe(true);
        const credits = r.entries.filter((e) => e.side === 'C');
        const iit = credits.filter((e) => e.glAccount === '222106');
        const taxes = sumOf(f.withheld);
        const expected = compareMoney(taxes, r.gross) < 0 ? taxes : r.gross;
        expect(sumOf(iit)).toBe(expected);
        expect(r.withheld).toBe(expected);
        const payable = credits.filter((e) => e.glAccount === ACCOUNTS.payable);
        expect(sumOf(payable)).toBe(addMoney(r.gross, `-${expected}`, `-${r.writtenOff}`));
      }),
      { numRuns: 1000 },
    );
  });

  it('debits input VAT of at most the claim, and books every line net of its part of it', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const r = expenseEntries(f);
        const vat = r.entries.filter((e) => e.glAccount === ACCOUNTS.inputVat);
        const cap = compareMoney(f.deductibleVat, r.gross) < 0 ? f.deductibleVat : r.gross;
        expect(sumOf(vat)).toBe(cap);
        expect(r.vat).toBe(cap);
        const expense = r.entries.filter((e) => e.side === 'D' && e.glAccount !== ACCOUNTS.inputVat);
        expect(sumOf(expense)).toBe(addMoney(r.gross, `-${cap}`));
      }),
      { numRuns: 1000 },
    );
  });

  it('splits a line over its own apportionment, else the document’s, else books its cost centre or order', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const r = expenseEntries({ ...f, deductibleVat: '0.00' });
        const debits = r.entries.filter((e) => e.side === 'D');
        for (const l of f.lines) {
          const mine = debits.filter(
            (e) => e.text === `${f.docNo}/${l.lineNo}` || e.text === `${f.docNo}/${l.lineNo} FA`,
          );
          expect(sumOf(mine)).toBe(l.amountCny);
          const shares = l.shares.length > 0 ? l.shares : f.shares;
          // A foreign amount worth less than a fen books nothing.
          if (compareMoney(l.amountCny, '0') === 0) expect(mine).toHaveLength(0);
          else if (shares.length === 0) {
            expect(mine).toHaveLength(1);
            expect(mine[0]?.costCentreId).toBe(f.internalOrderId ? null : f.costCentreId);
            expect(mine[0]?.internalOrderId).toBe(f.internalOrderId);
          } else {
            const centres = new Set(shares.map((s) => s.costCentreId));
            for (const e of mine) expect(centres.has(e.costCentreId ?? -1)).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('books an asset item above the threshold on the asset account and reports it, nothing else', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const r = expenseEntries(f);
        const onAsset = r.entries.filter((e) => e.glAccount === ACCOUNTS.fixedAsset);
        expect(sumOf(onAsset)).toBe(sumOf(r.assets.map((a) => ({ amount: a.amountCny }))));
        for (const a of r.assets) {
          expect(f.lines.find((l) => l.lineNo === a.lineNo)?.assetItem).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('expenseEntries (examples)', () => {
  const base: ExpenseFacts = {
    docNo: 'D1',
    applicantId: 9,
    costCentreId: 5,
    internalOrderId: null,
    lines: [],
    shares: [],
    deductibleVat: '0.00',
    loans: [],
    accounts: ACCOUNTS,
    assetThreshold: '5000.00',
  };
  const l = (lineNo: number, amountCny: string, over: Partial<LineFact> = {}): LineFact => ({
    lineNo,
    glAccount: '660101',
    assetItem: false,
    amount: amountCny,
    currency: 'CNY',
    fxRate: '1',
    amountCny,
    productId: null,
    shares: [],
    ...over,
  });

  it('splits 100.00 over three equal shares as 33.34 / 33.33 / 33.33', () => {
    const third = (id: number) => ({ costCentreId: id, productId: null, percent: '33.33' });
    const r = expenseEntries({ ...base, lines: [l(1, '100.00')], shares: [third(1), third(2), third(3)] });
    expect(r.entries.filter((e) => e.side === 'D').map((e) => e.amount)).toEqual(['33.34', '33.33', '33.33']);
    expect(r.entries.at(-1)).toMatchObject({ side: 'C', glAccount: ACCOUNTS.payable, amount: '100.00' });
  });

  it('takes an air ticket’s deductible VAT ((fare + fuel) ÷ 1.09 × 9 %) off the expense', () => {
    const vat = deductibleVat({ type: 'air', amount: '1090.00', taxAmount: '0', fuelAmount: '50.00' });
    expect(vat).toBe('94.13');
    const r = expenseEntries({ ...base, lines: [l(1, '1140.00')], deductibleVat: vat });
    expect(r.entries.map((e) => [e.side, e.glAccount, e.amount])).toEqual([
      ['D', '660101', '1045.87'],
      ['D', ACCOUNTS.inputVat, '94.13'],
      ['C', ACCOUNTS.payable, '1140.00'],
    ]);
  });

  it('uses the rail and road formulas (÷ 1.09 × 9 %, ÷ 1.03 × 3 %)', () => {
    expect(deductibleVat({ type: 'rail', amount: '553.00', taxAmount: '0', fuelAmount: '0' })).toBe('45.66');
    expect(deductibleVat({ type: 'road', amount: '103.00', taxAmount: '0', fuelAmount: '0' })).toBe('3.00');
    expect(deductibleVat({ type: 'water', amount: '200.00', taxAmount: '0', fuelAmount: '0' })).toBe('5.83');
    expect(deductibleVat({ type: 'vat_special', amount: '100.00', taxAmount: '6.00', fuelAmount: '0' })).toBe('6.00');
    expect(deductibleVat({ type: 'vat_normal', amount: '100.00', taxAmount: '6.00', fuelAmount: '0' })).toBe('0.00');
  });

  it('writes off a loan partly: advance for the loan, payable for the rest', () => {
    const r = expenseEntries({ ...base, lines: [l(1, '800.00')], loans: [{ loanId: 4, amount: '500.00' }] });
    expect(r.entries.filter((e) => e.side === 'C').map((e) => [e.glAccount, e.amount])).toEqual([
      [ACCOUNTS.advance, '500.00'],
      [ACCOUNTS.payable, '300.00'],
    ]);
  });

  it('writes off a larger loan only up to the claim, with nothing payable', () => {
    const r = expenseEntries({ ...base, lines: [l(1, '800.00')], loans: [{ loanId: 4, amount: '1000.00' }] });
    expect(r.entries.filter((e) => e.side === 'C').map((e) => [e.glAccount, e.amount])).toEqual([
      [ACCOUNTS.advance, '800.00'],
    ]);
    expect(r.payable).toBe('0.00');
  });

  it('books an asset item above the threshold as a fixed asset, below it as an expense', () => {
    const r = expenseEntries({
      ...base,
      lines: [l(1, '6000.00', { assetItem: true }), l(2, '4000.00', { assetItem: true })],
    });
    expect(r.entries.filter((e) => e.side === 'D').map((e) => e.glAccount)).toEqual([ACCOUNTS.fixedAsset, '660101']);
    expect(r.assets).toEqual([{ lineNo: 1, amountCny: '6000.00', costCentreId: 5, productId: null }]);
  });

  it('keeps the original currency and rate on a foreign line', () => {
    const r = expenseEntries({
      ...base,
      lines: [l(1, '712.35', { amount: '100.00', currency: 'USD', fxRate: '7.1235' })],
    });
    expect(r.entries[0]).toMatchObject({
      amount: '712.35',
      currency: 'USD',
      amountOriginal: '100.00',
      fxRate: '7.1235',
    });
  });
});

describe('loanEntries', () => {
  it('debits the advance and credits the payable with the loan', () => {
    const es = loanEntries({ docNo: 'L1', applicantId: 9, amountCny: '2000.00', accounts: ACCOUNTS });
    expect(balanceOf(es).balanced).toBe(true);
    expect(es.map((e) => [e.side, e.glAccount])).toEqual([
      ['D', ACCOUNTS.advance],
      ['C', ACCOUNTS.payable],
    ]);
  });
});

describe('tax codes on the voucher (docs/decisions/049)', () => {
  const base: ExpenseFacts = {
    docNo: 'BX1',
    applicantId: 1,
    costCentreId: 10,
    internalOrderId: null,
    lines: [
      {
        lineNo: 1,
        glAccount: '660101',
        assetItem: false,
        amount: '1130.00',
        currency: 'CNY',
        fxRate: '1',
        amountCny: '1130.00',
        productId: null,
        shares: [],
      },
      {
        lineNo: 2,
        glAccount: '660102',
        assetItem: false,
        amount: '109.00',
        currency: 'CNY',
        fxRate: '1',
        amountCny: '109.00',
        productId: null,
        shares: [],
      },
    ],
    shares: [],
    deductibleVat: '139.00',
    vatGroups: [
      { taxCode: 'J1', vat: '130.00', base: '1000.00' },
      { taxCode: 'JT', vat: '9.00', base: '100.00' },
    ],
    loans: [],
    accounts: ACCOUNTS,
    assetThreshold: '5000.00',
  };

  it('books one input-VAT line per tax code with its base, and the lines that bore VAT carry the largest code', () => {
    const built = expenseEntries(base);
    const vat = built.entries.filter((e) => e.glAccount === ACCOUNTS.inputVat);
    expect(vat.map((e) => [e.amount, e.taxCode, e.taxBase])).toEqual([
      ['130.00', 'J1', '1000.00'],
      ['9.00', 'JT', '100.00'],
    ]);
    expect(built.entries.filter((e) => e.side === 'D' && e.glAccount.startsWith('6601')).map((e) => e.taxCode)).toEqual(
      ['J1', 'J1'],
    );
    expect(balanceOf(built.entries).balanced).toBe(true);
  });

  it('spreads VAT capped at the claim over the codes, still balanced to the fen', () => {
    const capped = expenseEntries({ ...base, lines: [{ ...base.lines[0]!, amount: '100.00', amountCny: '100.00' }] });
    const vat = capped.entries.filter((e) => e.glAccount === ACCOUNTS.inputVat);
    expect(addMoney('0', ...vat.map((e) => e.amount))).toBe(capped.vat);
    expect(balanceOf(capped.entries).balanced).toBe(true);
  });

  it('reads a fapiao rate from its kind or its tax over its net amount', () => {
    expect(fapiaoRate({ invoiceType: 'air', amount: '0', taxAmount: '0' })).toBe('9');
    expect(fapiaoRate({ invoiceType: 'road', amount: '100', taxAmount: '0' })).toBe('3');
    expect(fapiaoRate({ invoiceType: 'vat_special', amount: '88.50', taxAmount: '11.50' })).toBe('13');
    expect(fapiaoRate({ invoiceType: 'digital_special', amount: '94.34', taxAmount: '5.66' })).toBe('6');
    expect(fapiaoRate({ invoiceType: 'vat_special', amount: '0.01', taxAmount: '0.00' })).toBe('0');
  });
});
