import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import type { CustomControlProps } from '../../../shared/list-page';

export interface PickerOption {
  value: number;
  label: string;
}

interface RemotePickerProps extends CustomControlProps {
  /** react-query key of the kind of record. */
  kind: string;
  /** Options matching what the user typed. */
  search: (keyword: string) => Promise<PickerOption[]>;
  /** Options of the given ids (the current value when the search does not show it). */
  byIds: (ids: number[]) => Promise<PickerOption[]>;
  placeholderKey: string;
}

function asId(raw: unknown): number | undefined {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && /^\d+$/.test(raw)) return Number(raw);
  return undefined;
}

/**
 * Picks one record by code or name from a server search; the value is its id. A current value the search does not
 * list (an existing record's, or one from the URL) is looked up by id so it shows its label, not a number.
 */
export function RemotePicker({ kind, search, byIds, placeholderKey, ...props }: RemotePickerProps) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const current = asId(props.value);
  const list = useQuery({
    queryKey: ['finmd', kind, 'picker', keyword, culture],
    queryFn: () => search(keyword),
    staleTime: 30_000,
  });
  const options = [...(list.data ?? [])];
  const missing = current !== undefined && !options.some((o) => o.value === current);
  const known = useQuery({
    queryKey: ['finmd', kind, 'label', current, culture],
    queryFn: () => byIds(current === undefined ? [] : [current]),
    enabled: missing,
    staleTime: 60_000,
  });
  if (missing) options.unshift(known.data?.[0] ?? { value: current, label: '…' });
  return (
    <Select
      {...props}
      value={current as never}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      loading={list.isFetching}
      placeholder={t(placeholderKey)}
      notFoundContent={list.isFetching ? null : t('common.noData')}
      options={options}
      style={{ width: '100%' }}
    />
  );
}
