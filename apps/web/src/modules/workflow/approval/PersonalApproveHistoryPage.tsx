import type { ApproveHistoryRow, ComingRow } from '@ems/contracts';
import { Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { displayDateTime } from '../../../shared/format';
import { type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { approvalApi } from './api';
import { DECISION_OPTIONS, DecisionTag, DOC_TYPE_OPTIONS, docHeadColumns, ForApproverTag, StatusText } from './labels';

const F = 'approval.field';

const DECIDED_FILTERS: FilterDef[] = [
  { name: 'DocType', labelKey: `${F}.docType`, type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'Decision', labelKey: `${F}.decision`, type: 'select', options: DECISION_OPTIONS },
  { name: 'ActedAt', labelKey: `${F}.actedAt`, type: 'daterange' },
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
];

const DECIDED_COLUMNS: ColumnDef<ApproveHistoryRow>[] = [
  ...docHeadColumns<ApproveHistoryRow>(),
  { dataIndex: 'StepName', labelKey: `${F}.step`, sortable: true },
  {
    dataIndex: 'Decision',
    labelKey: `${F}.decision`,
    sortable: true,
    render: (_v, r) => <DecisionTag decision={r.Decision} />,
  },
  { dataIndex: 'Comment', labelKey: `${F}.comment`, width: 220, ellipsis: true },
  { dataIndex: 'ActedAt', labelKey: `${F}.actedAt`, sortable: true, width: 180, render: (v) => displayDateTime(v) },
  { dataIndex: 'ActedByName', labelKey: `${F}.actedBy` },
  { dataIndex: 'ForApproverName', labelKey: `${F}.forApprover` },
  { dataIndex: 'Status', labelKey: `${F}.status`, sortable: true, render: (v) => <StatusText status={String(v)} /> },
];

const COMING_FILTERS: FilterDef[] = [
  { name: 'DocType', labelKey: `${F}.docType`, type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
];

function Position({ row }: { row: ComingRow }) {
  const { t } = useTranslation();
  return (
    <>
      {t('approval.coming.position', { position: row.Position, count: row.StepCount })}{' '}
      {row.MyStepStatus === 'pending' ? (
        <Tag color="orange">{t('approval.coming.pending')}</Tag>
      ) : (
        <Tag>{t('approval.coming.waiting')}</Tag>
      )}
    </>
  );
}

const COMING_COLUMNS: ColumnDef<ComingRow>[] = [
  ...docHeadColumns<ComingRow>(),
  {
    dataIndex: 'StepName',
    labelKey: `${F}.step`,
    render: (_v, r) => (
      <>
        {r.StepName} <ForApproverTag name={r.ForApproverName} />
      </>
    ),
  },
  { dataIndex: 'Position', labelKey: `${F}.position`, width: 220, render: (_v, r) => <Position row={r} /> },
  { dataIndex: 'CurrentStepName', labelKey: `${F}.currentStep` },
  { dataIndex: 'CurrentApproverName', labelKey: `${F}.currentApprover` },
  {
    dataIndex: 'SubmittedAt',
    labelKey: `${F}.submittedAt`,
    sortable: true,
    width: 180,
    render: (v) => displayDateTime(v),
  },
];

type TabKey = 'decided' | 'coming';
const KEEP = ['tab'];

/** My approval history: what I decided (exportable), and what is still coming my way; the tab is kept in the URL. */
export default function PersonalApproveHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'coming' ? 'coming' : 'decided';
  const tabs = (
    <Tabs
      activeKey={tab}
      // Each tab's list keeps its filters in the URL: a new tab starts from a clean one.
      onChange={(key) => setParams(key === 'coming' ? { tab: key } : {})}
      items={[
        { key: 'decided', label: t('approval.history.tabDecided') },
        { key: 'coming', label: t('approval.history.tabComing') },
      ]}
    />
  );
  return tab === 'decided' ? (
    <ListPage<ApproveHistoryRow>
      key="decided"
      titleKey="menu.expense.personalApproveHistory"
      header={tabs}
      keepParams={KEEP}
      queryKey="approve-history"
      searchCall={(body) => approvalApi.history(body)}
      exportCall={(filters) => approvalApi.exportHistory(filters)}
      rowKey="StepID"
      columns={DECIDED_COLUMNS}
      filters={DECIDED_FILTERS}
    />
  ) : (
    <ListPage<ComingRow>
      key="coming"
      titleKey="menu.expense.personalApproveHistory"
      header={tabs}
      keepParams={KEEP}
      queryKey="approve-coming"
      searchCall={(body) => approvalApi.coming(body)}
      rowKey="StepID"
      columns={COMING_COLUMNS}
      filters={COMING_FILTERS}
    />
  );
}
