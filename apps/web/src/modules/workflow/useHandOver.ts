import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handOverAgreed } from './HandOverPeople';

type Page = { PageIndex: number; PageSize: number };

/**
 * The state of a hand-over screen: the two people, the paged list of what the first one holds, the rows picked and
 * the last result. Picking another first person starts the list and the selection afresh.
 */
export function useHandOver<Rows extends { Total: number }, Result>(opts: {
  /** The list's query key under `workflow`; invalidated after a hand-over. */
  listKey: string;
  /** The language keys of the questions and warnings (`pickSome`, `confirmAll`, `confirmSelected`). */
  keys: string;
  list: (from: number | undefined, page: Page) => Promise<Rows>;
  handOver: (v: { from: number; to: number; all: boolean; selected: number[] }) => Promise<Result>;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [from, setFrom] = useState<number | undefined>();
  const [to, setTo] = useState<number | undefined>();
  const [page, setPage] = useState<Page>({ PageIndex: 1, PageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<Result | null>(null);

  const rows = useQuery({
    queryKey: ['workflow', opts.listKey, from, page],
    queryFn: () => opts.list(from, page),
    enabled: from !== undefined,
    placeholderData: keepPreviousData,
  });

  const run = async (all: boolean) => {
    if (!(await handOverAgreed(t, { from, to, all, selected: selected.length, keys: opts.keys })) || !from || !to)
      return;
    setResult(await opts.handOver({ from, to, all, selected }));
    setSelected([]);
    await client.invalidateQueries({ queryKey: ['workflow', opts.listKey] });
  };

  const pickFrom = (v: number | undefined) => {
    setFrom(v);
    setSelected([]);
    setResult(null);
    setPage((p) => ({ ...p, PageIndex: 1 }));
  };

  return {
    from,
    selected,
    setSelected,
    result,
    rows,
    run,
    /** The props of `HandOverPeople`. */
    people: { from, to, onFrom: pickFrom, onTo: setTo },
    /** The table's paging. */
    pagination: {
      current: page.PageIndex,
      pageSize: page.PageSize,
      total: rows.data?.Total ?? 0,
      showSizeChanger: true,
      onChange: (PageIndex: number, PageSize: number) => setPage({ PageIndex, PageSize }),
    },
  };
}
