import type { DocumentStatusPage as Answer, DocumentStatusRow } from '@ems/contracts';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../shared/Chart';
import { displayDateTime, formatAmount } from '../../shared/format';
import { type ColumnDef, type FilterDef, ListPage } from '../../shared/list-page';
import { DOC_STATE_OPTIONS, DOC_TYPE_OPTIONS, StatusTag } from '../documents/labels';
import { reportsApi } from './api';
import { COST_CENTRE_FILTER, F, K, TEAM_FILTER, useLastAnswer } from './shared';

const FILTERS: FilterDef[] = [
  { name: 'DocType', labelKey: `${F}.docType`, type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'Status', labelKey: `${F}.status`, type: 'select', options: DOC_STATE_OPTIONS },
  { name: 'Keyword', labelKey: `${K}.filter.docOrApplicant`, type: 'text' },
  TEAM_FILTER,
  COST_CENTRE_FILTER,
  { name: 'Date', labelKey: `${K}.filter.created`, type: 'daterange' },
];

function TypeName({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`doc.type.${type}`)}</>;
}

const COLUMNS: ColumnDef<DocumentStatusRow>[] = [
  { dataIndex: 'DocNo', labelKey: `${F}.docNo`, width: 170 },
  { dataIndex: 'DocType', labelKey: `${F}.docType`, render: (v) => <TypeName type={String(v)} /> },
  { dataIndex: 'Status', labelKey: `${F}.status`, render: (_v, r) => <StatusTag status={r.Status} /> },
  { dataIndex: 'CurrentApproverName', labelKey: `${F}.currentApprover` },
  { dataIndex: 'ApplicantName', labelKey: `${F}.applicant` },
  { dataIndex: 'TeamName', labelKey: `${F}.team`, ellipsis: true, width: 180 },
  { dataIndex: 'CostCenterCode', labelKey: `${F}.costCentre` },
  { dataIndex: 'TotalAmountCNY', labelKey: `${F}.amountCny`, render: (v) => formatAmount(String(v)) },
  { dataIndex: 'CreatedAt', labelKey: `${F}.createdAt`, width: 170, render: displayDateTime },
  { dataIndex: 'SubmittedAt', labelKey: `${F}.submittedAt`, width: 170, render: displayDateTime },
  { dataIndex: 'ApprovedAt', labelKey: `${F}.approvedAt`, width: 170, render: displayDateTime },
];

/** How the filter's documents spread over the states: a pie, each slice a state. */
function StatusChart({ answer }: { answer: Answer | null }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          data: (answer?.ByStatus ?? []).map((s) => ({ name: t(`doc.status.${s.Status}`), value: s.Count })),
        },
      ],
    }),
    [answer, t],
  );
  if (!answer || answer.ByStatus.length === 0) return null;
  return (
    <Card size="small" title={t(`${K}.chart.statusTitle`)}>
      <Chart option={option} label={t(`${K}.chart.statusTitle`)} height={260} />
    </Card>
  );
}

/** Document status: where every document of the company stands, who it waits for, and the spread over states. */
export default function DocumentStatusPage() {
  const { last, keep } = useLastAnswer<Answer>();
  return (
    <ListPage<DocumentStatusRow>
      titleKey="menu.report.DocumentStatus"
      header={<StatusChart answer={last} />}
      queryKey="report-document-status"
      searchCall={keep(reportsApi.documentStatus)}
      exportCall={reportsApi.exportDocumentStatus}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
    />
  );
}
