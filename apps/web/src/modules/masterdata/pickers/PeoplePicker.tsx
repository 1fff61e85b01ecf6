import type { EmployeeOption } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import type { CustomControlProps } from '../../../shared/list-page';
import { orgApi } from '../../org/api';

export interface LabelledValue {
  value: number;
  label: string;
}

export const personLabel = (e: { Name: string; Code: string; TeamName?: string | null }) =>
  `${e.Name} (${e.Code})${e.TeamName ? ` · ${e.TeamName}` : ''}`;

function usePeople(typed: string) {
  const { culture } = useBoot();
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  return useQuery({
    queryKey: ['org', 'chooseEmployee', keyword, culture],
    queryFn: () => orgApi.chooseEmployee({ Keyword: keyword || undefined, PageIndex: 1, PageSize: 20 }),
    staleTime: 60_000,
  });
}

/**
 * People of the company, one or several, as `{ value: EmployeeID, label }`: a record being edited brings its people
 * with their names, so the picker never shows bare ids. Several keep the order they were picked in.
 */
export function PeopleSelect({ multiple, ...props }: CustomControlProps & { multiple?: boolean }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const query = usePeople(typed);
  return (
    <Select
      {...props}
      labelInValue
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      loading={query.isFetching}
      placeholder={t('org.picker.employeePlaceholder')}
      notFoundContent={query.isFetching ? null : t('common.noData')}
      options={(query.data?.Rows ?? []).map((e) => ({ value: e.EmployeeID, label: personLabel(e) }))}
      style={{ width: '100%' }}
    />
  );
}

export function PeopleMultiSelect(props: CustomControlProps) {
  return <PeopleSelect {...props} multiple />;
}

/** One person, kept as their employee code, so the choice can live in the URL and be shown by name after a reload. */
export function EmployeeCodePicker(props: CustomControlProps) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const [typed, setTyped] = useState('');
  const query = usePeople(typed);
  const current = typeof props.value === 'string' ? (props.value as string) : undefined;
  const rows: EmployeeOption[] = query.data?.Rows ?? [];
  const missing = current !== undefined && !rows.some((e) => e.Code === current);
  const known = useQuery({
    queryKey: ['org', 'employeeByCode', current, culture],
    queryFn: () => orgApi.chooseEmployee({ Keyword: current, PageIndex: 1, PageSize: 20, IncludeInactive: true }),
    enabled: missing,
    staleTime: 60_000,
  });
  const options = rows.map((e) => ({ value: e.Code, label: personLabel(e) }));
  if (missing) {
    const hit = known.data?.Rows.find((e) => e.Code === current);
    options.unshift({ value: current, label: hit ? personLabel(hit) : current });
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
      style={{ width: '100%' }}
    />
  );
}
