import type { LimitBudgetFigure, LimitCapFigure } from '@ems/contracts';
import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { webPack } from '../../../test/lang';
import { LineLimitNotes, lineNotes, previewBodyOf } from './lineLimits';

beforeAll(async () => {
  await initTestI18n('zh-CN');
  i18n.addResourceBundle('en-GB', 'translation', webPack('en-GB'));
});

const budget = (over: Partial<LimitBudgetFigure> = {}): LimitBudgetFigure => ({
  BudgetID: 1,
  Name: '肿瘤上海区销售（CC1101） / 出租车费（TAXI）',
  Period: '2026',
  Amount: '1000.00',
  Used: '200.00',
  Requested: '300.00',
  Left: '500.00',
  Status: 'ok',
  ...over,
});

const cap = (over: Partial<LimitCapFigure> = {}): LimitCapFigure => ({
  QuotaID: 9,
  Kind: 'HCP',
  CustomerID: 3,
  Name: '王建国',
  Period: '2026',
  Amount: '8000.00',
  Used: '7000.00',
  Requested: '250.00',
  Left: '750.00',
  Status: 'ok',
  ...over,
});

describe('the preview body of a form', () => {
  const day = dayjs('2026-04-02');
  it('sends the lines the save keeps, in its order, and says where each sits in the form', () => {
    const made = previewBodyOf(
      'deputy',
      {
        Currency: 'CNY',
        CostCenterID: 5,
        ApplyID: 8,
        Lines: [
          { ExpenseItemID: 1, ExpenseDate: day, Amount: '120.50' },
          // A line left empty is not saved: the next one is the body's second.
          { ExpenseDate: day },
          { ExpenseItemID: 2, ExpenseDate: day, Amount: '12.' },
        ],
      },
      { ID: 44 },
    );
    expect(made).toEqual({
      body: {
        DocType: 'deputy',
        ID: 44,
        CostCenterID: 5,
        ApplyID: 8,
        Currency: 'CNY',
        Lines: [
          { ExpenseItemID: 1, ExpenseDate: '2026-04-02', Amount: '120.50' },
          // An amount still being typed counts as none yet.
          { ExpenseItemID: 2, ExpenseDate: '2026-04-02', Amount: null },
        ],
      },
      formIndexes: [0, 2],
    });
  });

  it('asks nothing while no line has both an item and an amount, nor for a loan', () => {
    const lines = [{ ExpenseItemID: 1, ExpenseDate: day }, { Amount: '30' }];
    expect(previewBodyOf('deputy', { Currency: 'CNY', Lines: lines })).toBeNull();
    const full = [{ ExpenseItemID: 1, ExpenseDate: day, Amount: '30' }];
    expect(previewBodyOf('loan', { Currency: 'CNY', Lines: full })).toBeNull();
    // An apply names no apply of its own.
    expect(previewBodyOf('apply', { Currency: 'CNY', ApplyID: 3, Lines: full })?.body.ApplyID).toBeNull();
  });
});

describe('the notes of a line', () => {
  it('shows nothing where no budget or cap applies', () => {
    expect(lineNotes(undefined)).toEqual([]);
    expect(lineNotes({ Index: 0, Budgets: [], Caps: [] })).toEqual([]);
  });

  it('names the tightest budget and the tightest cap, with what is left or how far over', () => {
    const notes = lineNotes({
      Index: 0,
      Budgets: [budget(), budget({ BudgetID: 2, Left: '-300.00', Status: 'warn' })],
      Caps: [cap(), cap({ CustomerID: 4, Left: '50.00' })],
    });
    expect(notes.map(({ key, params, status }) => ({ key, params, status }))).toEqual([
      { key: 'doc.line.budgetOver', params: { amount: '300.00' }, status: 'warn' },
      { key: 'doc.line.capLeft', params: { kind: 'HCP', period: '2026', amount: '50.00' }, status: 'ok' },
    ]);
    // Every figure behind a note, for its title; a negative one keeps its sign.
    expect(notes[0]!.details[1]).toEqual({
      name: '肿瘤上海区销售（CC1101） / 出租车费（TAXI）',
      period: '2026',
      amount: '1,000.00',
      used: '200.00',
      requested: '300.00',
      left: '-300.00',
    });
  });

  it('says which month when a monthly cap decides', () => {
    const [note] = lineNotes({
      Index: 0,
      Budgets: [],
      Caps: [cap({ Period: '2026-04', Left: '-20.00', Status: 'block' })],
    });
    expect(note).toMatchObject({ key: 'doc.line.capMonthOver', params: { period: '2026-04', amount: '20.00' } });
  });
});

describe('the notes under the amount', () => {
  const notes = () =>
    lineNotes({
      Index: 0,
      Budgets: [budget({ Left: '1200.00' })],
      Caps: [cap({ Left: '-50.00', Status: 'block' })],
    });

  it('reads in Chinese, coloured by what the submit would do', async () => {
    await i18n.changeLanguage('zh-CN');
    render(<LineLimitNotes notes={notes()} index={2} />);
    const left = screen.getByTestId('line-budget-2');
    expect(left.textContent).toBe('预算剩余 ¥1,200.00');
    expect(left.getAttribute('data-status')).toBe('ok');
    expect(left.getAttribute('title')).toContain('额度 ¥1,000.00，已用 ¥200.00，本单 ¥300.00，剩余 ¥1,200.00');
    const over = screen.getByTestId('line-cap-2');
    expect(over.textContent).toBe('HCP 年度上限超出 ¥50.00');
    expect(over.className).toContain('ant-typography-danger');
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en-GB');
    render(<LineLimitNotes notes={notes()} index={0} />);
    expect(screen.getByTestId('line-budget-0').textContent).toBe('Budget left ¥1,200.00');
    expect(screen.getByTestId('line-cap-0').textContent).toBe('HCP yearly cap over by ¥50.00');
    await i18n.changeLanguage('zh-CN');
  });

  it('takes no room when there is nothing to say', () => {
    const { container } = render(<LineLimitNotes notes={[]} index={0} />);
    expect(container.innerHTML).toBe('');
  });
});
