import { APPROVE_DECISIONS, type ApproveAmountPage, type ApproveAmountRow } from '@ems/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayDateTime, formatAmount } from '../../shared/format';
import { type ColumnDef, type FilterDef, ListPage } from '../../shared/list-page';
import { DOC_TYPE_OPTIONS, StatusTag } from '../documents/labels';
import { EmployeePicker } from '../org/pickers/EmployeePicker';
import { reportsApi } from './api';
import { F, K, TEAM_FILTER, TotalsCard, useLastAnswer } from './shared';

const FILTERS: FilterDef[] = [
  { name: 'Date', labelKey: `${K}.filter.decided`, type: 'daterange' },
  { name: 'ApproverID', labelKey: `${F}.approver`, type: 'custom', control: EmployeePicker },
  {
    name: 'Decision',
    labelKey: `${F}.decision`,
    type: 'select',
    options: APPROVE_DECISIONS.map((d) => ({ value: d, labelKey: `${K}.decision.${d}` })),
  },
  { name: 'DocType', labelKey: `${F}.docType`, type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'Keyword', labelKey: `${F}.docNo`, type: 'text' },
  TEAM_FILTER,
];

function Decision({ row }: { row: ApproveAmountRow }) {
  const { t } = useTranslation();
  const colour = row.Decision === 'rejected' ? 'error' : row.Decision === 'approved' ? 'success' : 'default';
  return <Tag color={colour}>{t(`${K}.decision.${row.Decision}`)}</Tag>;
}

const COLUMNS: ColumnDef<ApproveAmountRow>[] = [
  { dataIndex: 'DecidedAt', labelKey: `${F}.decidedAt`, width: 170, render: displayDateTime },
  { dataIndex: 'ApproverName', labelKey: `${F}.approver` },
  { dataIndex: 'ActedByName', labelKey: `${F}.actedBy` },
  { dataIndex: 'StepName', labelKey: `${F}.step` },
  { dataIndex: 'Decision', labelKey: `${F}.decision`, render: (_v, r) => <Decision row={r} /> },
  { dataIndex: 'DocNo', labelKey: `${F}.docNo`, width: 170 },
  { dataIndex: 'Status', labelKey: `${F}.status`, render: (_v, r) => <StatusTag status={r.Status} /> },
  { dataIndex: 'ApplicantName', labelKey: `${F}.applicant` },
  { dataIndex: 'TotalAmountCNY', labelKey: `${F}.amountCny`, render: (v) => formatAmount(String(v)) },
];

function Summary({ answer }: { answer: ApproveAmountPage | null }) {
  const { t } = useTranslation();
  if (!answer) return null;
  return (
    <TotalsCard
      figures={[
        { title: t(`${K}.summary.approved`), value: answer.Approved },
        { title: t(`${K}.summary.approvedAmount`), value: formatAmount(answer.ApprovedAmountCNY) },
        { title: t(`${K}.summary.rejected`), value: answer.Rejected },
      ]}
    />
  );
}

/** Approve-amount data: every approval decision with the amount it decided on, and the totals of the filter. */
export default function ApproveAmountDataPage() {
  const { last, keep } = useLastAnswer<ApproveAmountPage>();
  return (
    <ListPage<ApproveAmountRow>
      titleKey="menu.report.approveAmountData"
      header={<Summary answer={last} />}
      queryKey="report-approve-amount"
      searchCall={keep(reportsApi.approveAmounts)}
      exportCall={reportsApi.exportApproveAmounts}
      rowKey="StepID"
      columns={COLUMNS}
      filters={FILTERS}
    />
  );
}
