import type { TeamNode } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import type { CustomControlProps } from '../../../shared/list-page';
import { orgApi } from '../api';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const toOptions = (nodes: TeamNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.TeamID, title: `${n.Name} (${n.Code})`, children: toOptions(n.Children) }));

/** A filter kept in the URL comes back as text; the tree's values are numbers. */
export function asId(value: unknown): unknown {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
}

/** Picks a team of the signed-in company from its tree; the value is the TeamID, or several with `multiple`. */
export function TeamTreeSelect({ value, ...props }: CustomControlProps & { multiple?: boolean }) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const query = useQuery({
    queryKey: ['org', 'teamTree', culture],
    queryFn: () => orgApi.teamTree(),
    staleTime: 60_000,
  });
  return (
    <TreeSelect
      {...props}
      value={asId(value)}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={query.isFetching}
      placeholder={t('org.picker.teamPlaceholder')}
      treeData={toOptions(query.data?.Rows ?? [])}
      style={{ width: '100%' }}
    />
  );
}
