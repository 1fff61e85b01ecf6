import type { EmployeeOption } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomControlProps } from '../../../shared/list-page';
import { orgApi } from '../api';

interface Props extends CustomControlProps {
  value?: never;
  onChange?: never;
  /** A label for the current value when the list does not contain it (an existing record's person). */
  initialLabel?: string;
}

const label = (e: EmployeeOption) => `${e.Name} (${e.Code})${e.TeamName ? ` · ${e.TeamName}` : ''}`;

/** Picks a person of the signed-in company by code or name; the value is the EmployeeID. */
export function EmployeePicker({ initialLabel, ...props }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useQuery({
    queryKey: ['org', 'chooseEmployee', keyword],
    queryFn: () => orgApi.chooseEmployee({ Keyword: keyword || undefined, PageIndex: 1, PageSize: 20 }),
    staleTime: 60_000,
  });
  const options = (query.data?.Rows ?? []).map((e) => ({ value: e.EmployeeID, label: label(e) }));
  const current = props.value as unknown as number | undefined;
  if (current !== undefined && initialLabel && !options.some((o) => o.value === current)) {
    options.unshift({ value: current, label: initialLabel });
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
