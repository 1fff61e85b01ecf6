import type { EmployeeOption } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomControlProps } from '../../../shared/list-page';
import { orgApi } from '../api';
import { asId } from './TeamTreeSelect';

interface Props extends CustomControlProps {
  value?: never;
  onChange?: never;
  /** A label for the current value when the list does not contain it (an existing record's person). */
  initialLabel?: string;
  /** Also offer people who left or are frozen for resignation (to replace a leaver). */
  includeInactive?: boolean;
}

const label = (e: EmployeeOption) => `${e.Name} (${e.Code})${e.TeamName ? ` · ${e.TeamName}` : ''}`;

/** Picks a person of the signed-in company by code or name; the value is the EmployeeID. */
export function EmployeePicker({ initialLabel, includeInactive, value, ...rest }: Props) {
  const props = { ...rest, value: asId(value) as never };
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useQuery({
    queryKey: ['org', 'chooseEmployee', keyword, includeInactive === true],
    queryFn: () =>
      orgApi.chooseEmployee({
        Keyword: keyword || undefined,
        PageIndex: 1,
        PageSize: 20,
        ...(includeInactive ? { IncludeInactive: true } : {}),
      }),
    staleTime: 60_000,
  });
  const options = (query.data?.Rows ?? []).map((e) => ({ value: e.EmployeeID, label: label(e) }));
  const current = props.value as unknown as number | undefined;
  const missing = typeof current === 'number' && !options.some((o) => o.value === current);
  // The current person may not be among the first matches: fetch their own label.
  const own = useQuery({
    queryKey: ['org', 'chooseEmployee', 'id', current],
    queryFn: () =>
      orgApi.chooseEmployee({
        EmployeeID: current,
        PageIndex: 1,
        PageSize: 1,
        ...(includeInactive ? { IncludeInactive: true } : {}),
      }),
    enabled: missing && !initialLabel,
    staleTime: 60_000,
  });
  if (missing) {
    const found = own.data?.Rows[0];
    options.unshift({ value: current, label: initialLabel ?? (found ? label(found) : String(current)) });
  }
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      loading={query.isFetching}
      placeholder={t('org.picker.employeePlaceholder')}
      notFoundContent={query.isFetching ? null : t('common.noData')}
      options={options}
    />
  );
}
