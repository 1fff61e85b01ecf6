import type { CostCenterDetail } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Descriptions, Drawer, Grid, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import { StatusTag } from '../finance-shared';
import { AllotTab } from './AllotTab';
import { costCentreApi } from './api';
import { FormOrderTab } from './FormOrderTab';
import { HeadsTab } from './HeadsTab';
import { HistoryTab } from './HistoryTab';

/** One cost centre: its owner team, heads, allotments, approval orders per document type, and history. */
export function CostCentreDetailDrawer({
  costCentreId,
  onClose,
}: {
  costCentreId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const key = ['finmd', 'costCentre', costCentreId, culture];
  const detail = useQuery({
    queryKey: key,
    queryFn: () => costCentreApi.load(costCentreId!),
    enabled: costCentreId !== null,
  });
  const owner = useQuery({
    queryKey: ['finmd', 'ownerTeam', costCentreId, culture],
    queryFn: () => costCentreApi.ownerTeam(costCentreId!),
    enabled: costCentreId !== null,
  });
  const onChanged = (next: CostCenterDetail) => {
    client.setQueryData(key, next);
    void client.invalidateQueries({ queryKey: ['finmd-costCentres'] });
    void client.invalidateQueries({ queryKey: ['finmd', 'costCentreHistory', next.CostCenterID] });
  };
  const d = detail.data;
  const team = owner.data?.Team;
  return (
    <Drawer
      open={costCentreId !== null}
      onClose={onClose}
      size={screens.md ? 860 : '100%'}
      destroyOnHidden
      title={d ? `${d.CostCenterCode} ${d.Name}` : t('finmd.costCentre.detail')}
      data-testid="cost-centre-detail"
    >
      <Spin spinning={detail.isFetching && !d}>
        {d ? (
          <>
            <Descriptions size="small" column={screens.md ? 3 : 1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('finmd.costCentre.field.type')}>
                {t(`finmd.costCentre.type.${d.Type}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('finmd.costCentre.field.status')}>
                <StatusTag status={d.Status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('finmd.costCentre.field.sapCode')}>{d.SapCode ?? ''}</Descriptions.Item>
              <Descriptions.Item label={t('finmd.costCentre.field.ownerTeam')} span={screens.md ? 2 : 1}>
                {team ? team.Path : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('finmd.costCentre.teamHead')}>
                {team
                  ? `${team.HeadName ?? ''} · ${t('finmd.costCentre.memberCount', { count: team.MemberCount })}`
                  : ''}
              </Descriptions.Item>
            </Descriptions>
            <Tabs
              items={[
                {
                  key: 'heads',
                  label: t('finmd.costCentre.tab.heads'),
                  children: <HeadsTab detail={d} onChanged={onChanged} />,
                },
                {
                  key: 'allot',
                  label: t('finmd.costCentre.tab.allotments'),
                  children: <AllotTab detail={d} onChanged={onChanged} />,
                },
                {
                  key: 'formOrder',
                  label: t('finmd.costCentre.tab.formOrders'),
                  children: <FormOrderTab detail={d} onChanged={onChanged} />,
                },
                {
                  key: 'history',
                  label: t('finmd.costCentre.tab.history'),
                  children: <HistoryTab costCentreId={d.CostCenterID} />,
                },
              ]}
            />
          </>
        ) : null}
      </Spin>
    </Drawer>
  );
}
