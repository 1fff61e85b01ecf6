import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { DocState, DocType, ViewCenterRow } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { Grid, Radio, Tabs } from 'antd';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notice } from '../../../app/notice';
import { displayDateTime } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { EmployeePicker } from '../../org/pickers/EmployeePicker';
import { TeamTreeSelect } from '../../org/pickers/TeamTreeSelect';
import { type ViewList, viewCentreApi } from '../api';
import { DOC_STATE_OPTIONS, DOC_TYPE_OPTIONS, DocTypeLabel, StatusTag } from '../labels';

const F = 'doc.field';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keywordApplicant`, type: 'text' },
  { name: 'DocType', labelKey: `${F}.docType`, type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'Status', labelKey: `${F}.status`, type: 'select', options: DOC_STATE_OPTIONS },
  { name: 'ApplicantID', labelKey: `${F}.applicant`, type: 'custom', control: EmployeePicker },
  { name: 'TeamID', labelKey: `${F}.team`, type: 'custom', control: TeamTreeSelect },
  { name: 'DateFrom', labelKey: `${F}.createdFrom`, type: 'date' },
  { name: 'DateTo', labelKey: `${F}.createdTo`, type: 'date' },
];

const COLUMNS: ColumnDef<ViewCenterRow>[] = [
  {
    dataIndex: 'DocNo',
    labelKey: `${F}.docNo`,
    sortable: true,
    width: 170,
    render: (v, r) => (
      <Link to={`/manage/document/view/${r.ID}`} data-testid={`doc-link-${String(v)}`}>
        {String(v)}
      </Link>
    ),
  },
  {
    dataIndex: 'DocType',
    labelKey: `${F}.docType`,
    sortable: true,
    render: (v) => <DocTypeLabel docType={v as DocType} />,
  },
  { dataIndex: 'Status', labelKey: `${F}.status`, sortable: true, render: (v) => <StatusTag status={v as DocState} /> },
  // The money early, where a 1440 px screen shows it without scrolling sideways.
  {
    dataIndex: 'TotalAmount',
    labelKey: `${F}.amount`,
    sortable: true,
    render: (v) => <span className="amount">{formatAmount(String(v))}</span>,
  },
  { dataIndex: 'Currency', labelKey: `${F}.currency` },
  { dataIndex: 'ApplicantName', labelKey: `${F}.applicant` },
  { dataIndex: 'TeamName', labelKey: `${F}.team`, width: 180, ellipsis: true },
  { dataIndex: 'ExpenseTypeName', labelKey: `${F}.expenseType`, width: 160 },
  { dataIndex: 'CostCenterCode', labelKey: `${F}.costCentre` },
  { dataIndex: 'Reason', labelKey: `${F}.reason`, width: 220, ellipsis: true },
  { dataIndex: 'CurrentApproverName', labelKey: `${F}.currentApprover` },
  {
    dataIndex: 'SubmittedAt',
    labelKey: `${F}.submittedAt`,
    sortable: true,
    width: 180,
    render: (v) => displayDateTime(v),
  },
  {
    dataIndex: 'ApprovedAt',
    labelKey: `${F}.approvedAt`,
    sortable: true,
    width: 180,
    render: (v) => displayDateTime(v),
  },
];

const LONG_TERM_ACTIONS: ActionDef<ViewCenterRow>[] = [
  {
    key: 'stop',
    labelKey: 'doc.action.stopApply',
    icon: <PauseCircleOutlined />,
    needsOne: true,
    confirmKey: 'doc.confirmStopApply',
    run: async ({ rows, reload }) => {
      await viewCentreApi.stopApply(rows[0]!.ID, rows[0]!.Version);
      notice.success(i18n.t('common.saved'));
      await reload();
    },
  },
  {
    key: 'start',
    labelKey: 'doc.action.startApply',
    icon: <PlayCircleOutlined />,
    needsOne: true,
    run: async ({ rows, reload }) => {
      await viewCentreApi.startApply(rows[0]!.ID, rows[0]!.Version);
      notice.success(i18n.t('common.saved'));
      await reload();
    },
  },
];

const LONG_TERM_COLUMNS: ColumnDef<ViewCenterRow>[] = [
  ...COLUMNS.filter((c) => !['Status', 'CurrentApproverName', 'DocType'].includes(c.dataIndex)),
  {
    dataIndex: 'ApplyStopped',
    labelKey: 'doc.field.applyStopped',
    render: (v) => (v ? i18n.t('doc.yes') : i18n.t('doc.no')),
  },
];

const KEEP = ['list'];

/** One list of a view centre: the read-only documents a scope of the user's functions reaches. */
function ViewListPage({ list, titleKey, header }: { list: ViewList; titleKey: string; header?: ReactNode }) {
  return (
    <ListPage<ViewCenterRow>
      key={list}
      titleKey={titleKey}
      header={header}
      keepParams={KEEP}
      queryKey={`documents-view-${list}`}
      searchCall={(body) => viewCentreApi.search(list, body)}
      exportCall={(body) => viewCentreApi.export(list, body)}
      rowKey="ID"
      columns={list === 'long_term' ? LONG_TERM_COLUMNS : COLUMNS}
      filters={list === 'long_term' ? FILTERS.filter((f) => f.name !== 'Status' && f.name !== 'DocType') : FILTERS}
      {...(list === 'long_term' ? { actions: LONG_TERM_ACTIONS } : {})}
    />
  );
}

/**
 * A view centre: one list, or tabs of lists under its title, each a page of the list kit with its filters in the URL.
 * On a phone the lists are a column of choices instead: tabs too wide for it would hide some behind antd's "more"
 * button, which sits inside the tab list where only tabs belong.
 */
export function ViewCentre({ titleKey, lists }: { titleKey: string; lists: ViewList[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const narrow = Grid.useBreakpoint().md === false;
  const first = lists[0]!;
  if (lists.length === 1) return <ViewListPage list={first} titleKey={titleKey} />;
  const active = (lists.find((l) => l === params.get('list')) ?? first) as ViewList;
  const show = (l: string) => setParams(l === first ? {} : { list: l });
  const choices = lists.map((l) => ({
    key: l,
    value: l,
    label: <span data-testid={`view-tab-${l}`}>{t(`doc.viewList.${l}`)}</span>,
  }));
  return (
    <ViewListPage
      list={active}
      titleKey={titleKey}
      header={
        narrow ? (
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            vertical
            value={active}
            onChange={(e) => show(e.target.value)}
            options={choices}
            aria-label={t('doc.viewList.choose')}
            style={{ marginBottom: 16 }}
          />
        ) : (
          <Tabs activeKey={active} onChange={show} items={choices} />
        )
      }
    />
  );
}
