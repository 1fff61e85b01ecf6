import type { CostCenterHistoryRow } from '@ems/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import { displayDateTime } from '../../../shared/format';
import { costCentreApi } from './api';

/** Every change of the cost centre, newest first, with each changed field before and after. */
export function HistoryTab({ costCentreId }: { costCentreId: number }) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['finmd', 'costCentreHistory', costCentreId, page, culture],
    queryFn: () => costCentreApi.history(costCentreId, page, 10),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<CostCenterHistoryRow>
      size="small"
      rowKey="HistoryID"
      loading={query.isFetching}
      dataSource={query.data?.Rows ?? []}
      pagination={{
        current: page,
        pageSize: 10,
        total: query.data?.Total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        {
          key: 'at',
          title: t('finmd.history.at'),
          dataIndex: 'At',
          width: 170,
          render: (v: string) => displayDateTime(v),
        },
        { key: 'actor', title: t('finmd.history.actor'), dataIndex: 'ActorName', width: 110 },
        {
          key: 'action',
          title: t('finmd.history.action'),
          dataIndex: 'Action',
          width: 110,
          render: (v: string) => t(`finmd.history.actions.${v}`),
        },
        {
          key: 'changes',
          title: t('finmd.history.changes'),
          render: (_, r) => (
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {r.Changes.map((c) => (
                <li key={c.Field}>
                  <Typography.Text strong>{t(`finmd.history.field.${c.Field}`)}</Typography.Text>
                  {': '}
                  {c.Before ? (
                    <Typography.Text delete type="secondary">
                      {c.Before}
                    </Typography.Text>
                  ) : null}
                  {c.Before ? ' → ' : ''}
                  {c.After || <Typography.Text type="secondary">{t('finmd.history.empty')}</Typography.Text>}
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
