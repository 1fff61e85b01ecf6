import { useQuery } from '@tanstack/react-query';
import { Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../app/i18n/BootProvider';
import type { CustomControlProps } from '../../shared/list-page';
import type { FieldOption } from '../../shared/list-page/types';
import { roleApi } from './roles/api';
import { teamApi } from './teams/api';

/** Yes/no filters travel as 'true'/'false' in the URL and the body. */
export const YES_NO: FieldOption[] = [
  { value: 'true', labelKey: 'org.common.yes' },
  { value: 'false', labelKey: 'org.common.no' },
];

type Bound<V> = Omit<CustomControlProps, 'value' | 'onChange'> & { value?: V; onChange?: (value: V) => void };

/** A yes/no field of an editor. */
export function SwitchControl({ value, onChange, ...props }: Bound<boolean>) {
  const { t } = useTranslation();
  return (
    <Switch
      {...props}
      checked={value === true}
      onChange={(checked) => onChange?.(checked)}
      checkedChildren={t('org.common.yes')}
      unCheckedChildren={t('org.common.no')}
    />
  );
}

export function YesNoTag({
  value,
  yesKey = 'org.common.yes',
  noKey = 'org.common.no',
}: {
  value: boolean;
  yesKey?: string;
  noKey?: string;
}) {
  const { t } = useTranslation();
  return value ? <Tag color="blue">{t(yesKey)}</Tag> : <Tag>{t(noKey)}</Tag>;
}

export function ActiveTag({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return value ? (
    <Tag color="green">{t('org.common.active')}</Tag>
  ) : (
    <Tag color="default">{t('org.common.stopped')}</Tag>
  );
}

const STATUS_COLOR: Record<string, string> = {
  active: 'green',
  overdue_frozen: 'orange',
  resignation_frozen: 'volcano',
  left: 'default',
};
export const EMPLOYEE_STATUS_OPTIONS: FieldOption[] = ['active', 'overdue_frozen', 'resignation_frozen', 'left'].map(
  (s) => ({ value: s, labelKey: `org.person.status.${s}` }),
);

export function EmployeeStatusTag({ value }: { value: string }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[value] ?? 'default'}>{t(`org.person.status.${value}`)}</Tag>;
}

/** Active therapeutic areas of the company. */
export function TherapeuticAreaSelect(props: CustomControlProps) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const query = useQuery({
    queryKey: ['org', 'areas', culture],
    queryFn: () => teamApi.areas({ Active: true, PageSize: 500, SortField: 'Sort' }),
    staleTime: 60_000,
  });
  return (
    <Select
      {...props}
      allowClear
      loading={query.isFetching}
      placeholder={t('org.team.field.therapeuticArea')}
      options={(query.data?.Rows ?? []).map((a) => ({ value: a.TherapeuticAreaID, label: `${a.Name} (${a.Code})` }))}
    />
  );
}

/** Roles of the company. */
export function RoleSelect(props: CustomControlProps) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const query = useQuery({ queryKey: ['org', 'roles', culture], queryFn: roleApi.all, staleTime: 60_000 });
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={query.isFetching}
      placeholder={t('org.role.pick')}
      options={(query.data?.Rows ?? [])
        .filter((r) => r.Active)
        .map((r) => ({ value: r.RoleID, label: `${r.Name} (${r.Code})` }))}
    />
  );
}

/** Active EVM teams of the company. */
export function EvmTeamSelect(props: CustomControlProps) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const query = useQuery({
    queryKey: ['org', 'evmTeams', culture],
    queryFn: () => teamApi.list({ IsEVM: true, Active: true, PageSize: 500 }),
    staleTime: 60_000,
  });
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={query.isFetching}
      placeholder={t('org.picker.teamPlaceholder')}
      options={(query.data?.Rows ?? []).map((r) => ({ value: r.TeamID, label: `${r.Name} (${r.Code})` }))}
    />
  );
}
