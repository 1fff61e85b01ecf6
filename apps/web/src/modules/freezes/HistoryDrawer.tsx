import type { FreezeHistoryRow } from '@ems/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Grid, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../app/i18n/BootProvider';
import { displayDateTime } from '../../shared/format';
import { EmployeeStatusTag } from '../org/controls';
import { type FreezeScreen, freezeApi } from './api';

const PAGE_SIZE = 10;

/** The screen's freezes and thaws, newest first: of one person, or of the whole company. */
export function HistoryDrawer(props: {
  screen: FreezeScreen;
  open: boolean;
  person: { EmployeeID: number; Name: string } | null;
  onClose: () => void;
}) {
  const { screen, open, person, onClose } = props;
  const { t } = useTranslation();
  const { culture } = useBoot();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['freezes', screen, 'history', person?.EmployeeID ?? null, page, culture],
    queryFn: () =>
      freezeApi(screen).history({
        ...(person ? { EmployeeID: person.EmployeeID } : {}),
        PageIndex: page,
        PageSize: PAGE_SIZE,
      }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={screens.md ? 860 : '100%'}
      title={person ? t('freeze.history.title', { name: person.Name }) : t('freeze.history.titleAll')}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setPage(1);
      }}
    >
      <Table<FreezeHistoryRow>
        size="small"
        rowKey="ID"
        loading={query.isFetching}
        dataSource={query.data?.Rows ?? []}
        locale={{ emptyText: t('freeze.history.empty') }}
        scroll={{ x: 760 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: query.data?.Total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { key: 'at', title: t('freeze.history.at'), dataIndex: 'At', width: 170, render: (v) => displayDateTime(v) },
          ...(person
            ? []
            : [
                { key: 'code', title: t('freeze.field.code'), dataIndex: 'Code' as const, width: 110 },
                { key: 'name', title: t('freeze.field.name'), dataIndex: 'Name' as const, width: 110 },
              ]),
          {
            key: 'action',
            title: t('freeze.history.action'),
            dataIndex: 'Action',
            width: 150,
            render: (v: string, r) => (
              <>
                <Tag color={v === 'thaw' ? 'green' : 'orange'}>
                  {t(v === 'thaw' ? 'freeze.history.actionThaw' : 'freeze.history.actionFreeze')}
                </Tag>
                <EmployeeStatusTag value={r.ToStatus} />
              </>
            ),
          },
          {
            key: 'by',
            title: t('freeze.history.by'),
            dataIndex: 'ActorName',
            width: 110,
            render: (v: string | null) =>
              v ?? <Typography.Text type="secondary">{t('freeze.history.job')}</Typography.Text>,
          },
          { key: 'reason', title: t('freeze.history.reason'), dataIndex: 'Reason' },
        ]}
      />
    </Drawer>
  );
}
