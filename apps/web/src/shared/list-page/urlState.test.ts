import { describe, expect, it } from 'vitest';
import type { FilterDef } from './types';
import {
  filterBody,
  type ListState,
  listBody,
  pagerOf,
  readListState,
  selectionProblem,
  writeListState,
} from './urlState';

const FILTERS: FilterDef[] = [
  { name: 'PageID', labelKey: 'language.field.pageId', type: 'text' },
  {
    name: 'CultureCode',
    labelKey: 'language.field.cultureCode',
    type: 'select',
    options: [{ value: 'zh-CN' }, { value: 'en-GB' }],
  },
  { name: 'Status', labelKey: 'x.status', type: 'select', options: [{ value: 1 }, { value: 2 }] },
  { name: 'UpdatedAt', labelKey: 'language.field.updatedAt', type: 'daterange' },
  { name: 'Day', labelKey: 'x.day', type: 'date' },
];
const OPTIONS = { filters: FILTERS, sortFields: ['PageID', 'UpdatedAt'] };

describe('list state in the URL', () => {
  it('round-trips filters, page, page size and sort', () => {
    const state: ListState = {
      page: 3,
      pageSize: 50,
      sortField: 'UpdatedAt',
      sortOrder: 'descend',
      filters: {
        PageID: '登录 page',
        CultureCode: 'en-GB',
        Status: '2',
        UpdatedAt: ['2024-01-01', '2024-01-31'],
        Day: '2024-02-29',
      },
    };
    const params = writeListState(state);
    const again = readListState(new URLSearchParams(params.toString()), OPTIONS);
    expect(again).toEqual(state);
  });

  it('leaves defaults out of the URL and restores them', () => {
    const params = writeListState({ page: 1, pageSize: 20, filters: {} });
    expect(params.toString()).toBe('');
    expect(readListState(params, OPTIONS)).toEqual({ page: 1, pageSize: 20, filters: {} });
  });

  it('ignores malformed or unknown values', () => {
    const params = new URLSearchParams(
      'page=-2&size=7&sort=Secret&order=descend&CultureCode=fr-FR&UpdatedAt=2024-01-01&Day=yesterday&Other=1',
    );
    expect(readListState(params, OPTIONS)).toEqual({ page: 1, pageSize: 20, filters: {} });
  });

  it('turns the state into the list body: paging, sort, typed filters, date range as From/To', () => {
    const state = readListState(
      new URLSearchParams(
        'page=2&sort=PageID&order=ascend&PageID=%20login%20&Status=2&UpdatedAt=2024-01-01,2024-01-31',
      ),
      OPTIONS,
    );
    expect(listBody(state, FILTERS)).toEqual({
      PageIndex: 2,
      PageSize: 20,
      SortField: 'PageID',
      SortOrder: 'ascend',
      PageID: 'login',
      Status: 2,
      UpdatedAtFrom: '2024-01-01',
      UpdatedAtTo: '2024-01-31',
    });
    expect(filterBody(state, FILTERS)).not.toHaveProperty('PageIndex');
  });
});

describe('selection rules', () => {
  it('"Please select and only one" unless exactly one row is selected', () => {
    expect(selectionProblem({ needsOne: true }, 0)).toBe('list.selectOnlyOne');
    expect(selectionProblem({ needsOne: true }, 2)).toBe('list.selectOnlyOne');
    expect(selectionProblem({ needsOne: true }, 1)).toBeNull();
  });

  it('needs at least one row for needsSome', () => {
    expect(selectionProblem({ needsSome: true }, 0)).toBe('list.selectSome');
    expect(selectionProblem({ needsSome: true }, 3)).toBeNull();
    expect(selectionProblem({}, 0)).toBeNull();
  });
});

describe('pagerOf', () => {
  const state: ListState = { page: 3, pageSize: 20, filters: {} };
  const t = (key: string, p: { total: number }) => `${key}:${p.total}`;

  it('says how many rows there are, and "more than" when the count stopped at its cap', () => {
    const exact = pagerOf(state, { Total: 42 }, t);
    expect(exact).toMatchObject({ current: 3, pageSize: 20, total: 42 });
    expect(exact.showTotal(42)).toBe('list.total:42');
    expect(pagerOf(state, { Total: 10000, TotalCapped: true }, t).showTotal(10000)).toBe('list.total_capped:10000');
    expect(pagerOf(state, undefined, t).total).toBe(0);
  });
});
