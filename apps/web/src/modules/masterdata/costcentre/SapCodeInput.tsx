import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomControlProps } from '../../../shared/list-page';
import { costCentreApi } from './api';

/** The SAP code, with the codes already in use suggested as one types, each with the cost centres that carry it. */
export function SapCodeInput(props: CustomControlProps) {
  const { t } = useTranslation();
  const typed = typeof props.value === 'string' ? (props.value as string) : '';
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useQuery({
    queryKey: ['finmd', 'relSapCodes', keyword],
    queryFn: () => costCentreApi.relSapCodes(keyword),
    enabled: keyword.length >= 2,
    staleTime: 30_000,
  });
  return (
    <AutoComplete
      {...props}
      allowClear
      maxLength={40}
      placeholder={t('finmd.costCentre.sapCodeHint')}
      options={(query.data?.Rows ?? []).slice(0, 10).map((r) => ({
        value: r.SapCode,
        label: `${r.SapCode} · ${t('finmd.costCentre.sapCodeUsedBy', { list: r.CostCenters.map((c) => c.CostCenterCode).join(', ') })}`,
      }))}
    />
  );
}
