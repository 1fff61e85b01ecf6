import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../app/i18n/BootProvider';
import type { CustomControlProps } from './list-page';

export interface PickerOption<V extends number | string = number> {
  value: V;
  label: string;
}

export interface RemotePickerProps<V extends number | string> extends CustomControlProps {
  /** react-query key of the kind of record; the keyword and the language are appended. */
  queryKey: readonly unknown[];
  /** Options matching what the user typed (an empty keyword: the first ones). */
  search: (keyword: string) => Promise<PickerOption<V>[]>;
  /**
   * The option of a current value the search does not list (an existing record's, or one from the URL), so it
   * shows its label, not a bare id. Without it the value itself is shown.
   */
  lookup?: (value: V) => Promise<PickerOption<V> | undefined>;
  /** A label for the current value known already (an existing record's person): no lookup is made. */
  initialLabel?: string;
  /** Turns the raw form value into the option's value type (ids from the URL arrive as strings). */
  parse?: (raw: unknown) => V | undefined;
  placeholderKey: string;
  /** The value is `{ value, label }`, so a record being edited brings its labels and no lookup is needed. */
  labelInValue?: boolean;
  /** Several values, kept in the order they were picked (with `labelInValue`). */
  multiple?: boolean;
  /** Fill the form column (the default); off for pickers inside table rows and toolbars. */
  block?: boolean;
  staleTime?: number;
}

/** The text typed in a search box, once the user pauses, so each key stroke is not a request. */
export function useDebounced(text: string, ms = 300): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

export const idOf = (raw: unknown): number | undefined => {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && /^\d+$/.test(raw)) return Number(raw);
  return undefined;
};

/**
 * The one select that searches the server as the user types (people, cost centres, internal orders, products,
 * providers …). A picker is a configuration of it: a query key, a search and, where a value can come without its
 * label, a lookup.
 */
export function RemotePicker<V extends number | string = number>({
  queryKey,
  search,
  lookup,
  initialLabel,
  parse,
  placeholderKey,
  labelInValue,
  multiple,
  block = true,
  staleTime = 60_000,
  value,
  ...props
}: RemotePickerProps<V>) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed);
  const list = useQuery({
    queryKey: [...queryKey, keyword, culture],
    queryFn: () => search(keyword),
    staleTime,
  });
  const current = labelInValue ? undefined : parse ? parse(value) : (value as V | undefined);
  const options = [...(list.data ?? [])];
  const missing = current !== undefined && current !== null && !options.some((o) => o.value === current);
  const known = useQuery({
    queryKey: [...queryKey, 'label', current, culture],
    queryFn: () => (lookup && current !== undefined ? lookup(current) : undefined),
    enabled: missing && lookup !== undefined && initialLabel === undefined,
    staleTime: 60_000,
  });
  if (missing) options.unshift(known.data ?? { value: current, label: initialLabel ?? String(current) });
  return (
    <Select
      {...props}
      value={(labelInValue ? value : current) as never}
      labelInValue={labelInValue}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      loading={list.isFetching}
      placeholder={t(placeholderKey)}
      notFoundContent={list.isFetching ? null : t('common.noData')}
      options={options}
      {...(block ? { style: { width: '100%' } } : {})}
    />
  );
}
