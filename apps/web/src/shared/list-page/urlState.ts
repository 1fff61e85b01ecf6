import { DEFAULT_PAGE_SIZE } from '../../app/constants';
import type { FilterDef, ListBody, SortOrder } from './types';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type FilterValue = string | [string, string];

/** Everything a list shows, as kept in the URL: page, page size, sort and filters. */
export interface ListState {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: SortOrder;
  filters: Record<string, FilterValue>;
}

export interface ListStateOptions {
  filters: readonly FilterDef[];
  sortFields: readonly string[];
  defaultPageSize?: number;
}

function positiveInt(raw: string | null): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

/**
 * The state after the table's pager or sorter changed: back to the first page when the sort or the page size
 * changed, else the page the pager asked for.
 */
export function afterTableChange(
  state: ListState,
  pager: { current?: number; pageSize?: number },
  sortField: string | undefined,
  sortOrder: SortOrder | undefined,
): ListState {
  const pageSize = pager.pageSize ?? state.pageSize;
  const resetPage = sortField !== state.sortField || sortOrder !== state.sortOrder || pageSize !== state.pageSize;
  return {
    ...state,
    page: resetPage ? 1 : (pager.current ?? 1),
    pageSize,
    ...(sortField && sortOrder ? { sortField, sortOrder } : { sortField: undefined, sortOrder: undefined }),
  };
}

/** The table's pager for a list state: page sizes to choose from and the total. */
/** The table's pager; a list whose count stopped at its cap says "10,000+". */
export function pagerOf(
  state: ListState,
  page: { Total: number; TotalCapped?: boolean | undefined } | undefined,
  t: (key: string, params: { total: number }) => string,
) {
  const capped = page?.TotalCapped === true;
  return {
    current: state.page,
    pageSize: state.pageSize,
    total: page?.Total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (n: number) => t(capped ? 'list.total_capped' : 'list.total', { total: n }),
  };
}

/** Reads the list state from the URL, ignoring anything malformed or unknown. */
export function readListState(params: URLSearchParams, options: ListStateOptions): ListState {
  const defaultSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const size = positiveInt(params.get('size'));
  const state: ListState = {
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultSize,
    filters: {},
  };
  const sort = params.get('sort');
  const order = params.get('order');
  if (sort && options.sortFields.includes(sort) && (order === 'ascend' || order === 'descend')) {
    state.sortField = sort;
    state.sortOrder = order;
  }
  for (const f of options.filters) {
    const raw = params.get(f.name);
    if (raw === null || raw.trim() === '') continue;
    if (f.type === 'daterange') {
      const [from, to] = raw.split(',');
      if (from && to && DATE.test(from) && DATE.test(to)) state.filters[f.name] = [from, to];
    } else if (f.type === 'date') {
      if (DATE.test(raw)) state.filters[f.name] = raw;
    } else if (f.type === 'select') {
      if (!f.options || f.options.some((o) => String(o.value) === raw)) state.filters[f.name] = raw;
    } else {
      state.filters[f.name] = raw;
    }
  }
  return state;
}

/** Writes the state as URL search params, leaving out defaults so shared links stay short. */
export function writeListState(
  state: ListState,
  options: Pick<ListStateOptions, 'defaultPageSize'> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(state.filters)) {
    params.set(name, Array.isArray(value) ? value.join(',') : value);
  }
  if (state.sortField && state.sortOrder) {
    params.set('sort', state.sortField);
    params.set('order', state.sortOrder);
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== (options.defaultPageSize ?? DEFAULT_PAGE_SIZE)) params.set('size', String(state.pageSize));
  return params;
}

/** The filters as body fields: a date range `X` becomes `XFrom` and `XTo`; select values keep their type. */
export function filterBody(state: ListState, filters: readonly FilterDef[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of filters) {
    const value = state.filters[f.name];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      body[`${f.name}From`] = value[0];
      body[`${f.name}To`] = value[1];
    } else if (f.type === 'select') {
      body[f.name] = f.options?.find((o) => String(o.value) === value)?.value ?? value;
    } else {
      body[f.name] = f.type === 'text' ? value.trim() : value;
    }
  }
  if (state.sortField && state.sortOrder) {
    body.SortField = state.sortField;
    body.SortOrder = state.sortOrder;
  }
  return body;
}

export function listBody(state: ListState, filters: readonly FilterDef[]): ListBody {
  return { ...filterBody(state, filters), PageIndex: state.page, PageSize: state.pageSize };
}

/** Language key of the notice when the selection does not suit the action, or null when it does. */
export function selectionProblem(action: { needsOne?: boolean; needsSome?: boolean }, selected: number): string | null {
  if (action.needsOne && selected !== 1) return 'list.selectOnlyOne';
  if (action.needsSome && selected === 0) return 'list.selectSome';
  return null;
}
