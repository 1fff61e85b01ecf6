import { ExportOutlined } from '@ant-design/icons';
import type { UsageReport, YearUsedDetailRow } from '@ems/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionButton } from '../../shared/ActionButton';
import { saveDownload } from '../../shared/download';
import { formatAmount } from '../../shared/format';
import { usageApi } from './api';

export function useDetailColumns(): TableColumnsType<YearUsedDetailRow> {
  const { t } = useTranslation();
  const h = (k: string) => t(`usage.field.${k}`);
  return [
    {
      dataIndex: 'DocNo',
      title: h('docNo'),
      width: 170,
      render: (v: string, r) => <Link to={`/manage/document/view/${r.DocumentID}`}>{v}</Link>,
    },
    { dataIndex: 'ApplicantName', title: h('applicant'), width: 120 },
    { dataIndex: 'SubjectCode', title: h('subjectCode'), width: 100 },
    { dataIndex: 'SubjectName', title: h('subjectName'), width: 160, ellipsis: true },
    { dataIndex: 'ExpenseItemName', title: h('item'), width: 160, ellipsis: true },
    { dataIndex: 'Month', title: h('month'), width: 80 },
    { dataIndex: 'Amount', title: h('amount'), width: 120, align: 'right', render: (v: string) => formatAmount(v) },
    {
      dataIndex: 'State',
      title: h('docStatus'),
      width: 150,
      render: (v: string) => <Tag color={v === 'consumed' ? 'blue' : 'orange'}>{t(`usage.state.${v}`)}</Tag>,
    },
  ];
}

/** The documents behind one subject's use in a year: paged from the server, exported whole. */
export function UsageDetailDrawer(props: {
  report: UsageReport;
  year: number;
  subject: { id: number; code: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { report, year, subject } = props;
  const [page, setPage] = useState({ index: 1, size: 20 });
  const columns = useDetailColumns();
  const body = { Year: year, SubjectID: subject?.id };
  const query = useQuery({
    queryKey: ['usage-detail', report, year, subject?.id, page.index, page.size],
    queryFn: () => usageApi.detail(report, { ...body, PageIndex: page.index, PageSize: page.size }),
    enabled: subject !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer
      open={subject !== null}
      onClose={() => {
        setPage({ index: 1, size: 20 });
        props.onClose();
      }}
      width={980}
      title={subject ? t('usage.drill.title', { code: subject.code, name: subject.name, year }) : ''}
      destroyOnHidden
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('usage.drill.help')}</Typography.Text>
        <ActionButton
          icon={<ExportOutlined />}
          data-testid="usage-detail-export"
          onAction={async () => saveDownload(await usageApi.export(report, { ...body, Detail: true }))}
        >
          {t('common.export')}
        </ActionButton>
      </Flex>
      <Table<YearUsedDetailRow>
        rowKey="LedgerID"
        size="small"
        columns={columns}
        loading={query.isFetching}
        dataSource={query.data?.Rows ?? []}
        locale={{ emptyText: t('usage.drill.empty') }}
        scroll={{ x: 1000 }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: query.data?.Total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('usage.total', { count: n, plus: query.data?.TotalCapped ? '+' : '' }),
          onChange: (index, size) => setPage({ index, size }),
        }}
        data-testid="usage-detail-table"
      />
    </Drawer>
  );
}
