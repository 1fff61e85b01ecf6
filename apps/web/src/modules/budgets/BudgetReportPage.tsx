import { FileSearchOutlined } from '@ant-design/icons';
import { addMoney, formatAmount, type LimitReportRow, type LimitSubGridRow } from '@ems/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Flex, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActionButton } from '../../shared/ActionButton';
import { Chart } from '../../shared/Chart';
import { saveDownload } from '../../shared/download';
import { displayDateTime } from '../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../shared/list-page';
import { limitReportApi } from './api';
import { LIMIT_OPTIONS, LimitTag, PeriodLabel, YEAR_OPTIONS } from './BudgetManagementPage';
import { ReportCostCentrePicker, ReportItemPicker, ReportTeamPicker } from './pickers';

const F = 'budget.field';
const thisYear = new Date().getFullYear();
const money = (v: unknown) => formatAmount(v as string);

const FILTERS: FilterDef[] = [
  { name: 'Year', labelKey: 'budget.column.year', type: 'select', options: YEAR_OPTIONS },
  { name: 'TeamID', labelKey: `${F}.team`, type: 'custom', control: ReportTeamPicker },
  { name: 'CostCenterID', labelKey: `${F}.costCentre`, type: 'custom', control: ReportCostCentrePicker },
  { name: 'ExpenseItemID', labelKey: 'budget.field.deputyItem', type: 'custom', control: ReportItemPicker },
  { name: 'LimitStatus', labelKey: 'budget.column.limitStatus', type: 'select', options: LIMIT_OPTIONS },
];

const COLUMNS: ColumnDef<LimitReportRow>[] = [
  { dataIndex: 'TeamName', labelKey: `${F}.team`, width: 140 },
  { dataIndex: 'CostCenterCode', labelKey: 'budget.column.costCentreCode', sortable: true },
  { dataIndex: 'CostCenterName', labelKey: `${F}.costCentre`, width: 180 },
  { dataIndex: 'ExpenseItemName', labelKey: `${F}.expenseItem`, width: 140 },
  { dataIndex: 'ProductName', labelKey: `${F}.product`, width: 120 },
  { dataIndex: 'LimitStatus', labelKey: 'budget.column.limitStatus', render: (v) => <LimitTag status={Number(v)} /> },
  {
    dataIndex: 'ControlPeriod',
    labelKey: 'budget.column.controlPeriod',
    render: (v) => <PeriodLabel period={String(v)} />,
  },
  { dataIndex: 'Amount', labelKey: `${F}.amount`, sortable: true, render: money },
  { dataIndex: 'Held', labelKey: `${F}.held`, render: money },
  { dataIndex: 'Reserved', labelKey: `${F}.reserved`, render: money },
  { dataIndex: 'Consumed', labelKey: `${F}.consumed`, render: money },
  { dataIndex: 'Available', labelKey: `${F}.available`, sortable: true, render: money },
  { dataIndex: 'UsedPercent', labelKey: `${F}.usedPercent`, sortable: true },
];

/** The report's body from the URL, as the list sends it: the year defaults to this one. */
function useReportFilters() {
  const [params] = useSearchParams();
  const body: Record<string, unknown> = { Year: Number(params.get('Year') ?? thisYear) };
  for (const k of ['TeamID', 'CostCenterID', 'ExpenseItemID', 'LimitStatus']) {
    const v = params.get(k);
    if (v) body[k] = Number(v);
  }
  return body;
}

/** The totals of what the filters select, and a chart of the most used budgets: used against available. */
function Summary() {
  const { t } = useTranslation();
  const filters = useReportFilters();
  const query = useQuery({
    queryKey: ['budgets', 'limitReport', 'chart', filters],
    queryFn: () =>
      limitReportApi.search({ ...filters, PageIndex: 1, PageSize: 15, SortField: 'UsedPercent', SortOrder: 'descend' }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  if (!data) return null;
  const totals = data.Totals;
  const rows = data.Rows;
  const used = (r: LimitReportRow) => addMoney(r.Held, r.Reserved, r.Consumed);
  return (
    <Flex vertical gap={8}>
      <Descriptions
        size="small"
        column={{ xs: 2, md: 3, xl: 6 }}
        bordered
        styles={{ content: { whiteSpace: 'nowrap' } }}
        data-testid="budget-report-totals"
      >
        <Descriptions.Item label={t(`${F}.amount`)}>{formatAmount(totals.Amount)}</Descriptions.Item>
        <Descriptions.Item label={t(`${F}.held`)}>{formatAmount(totals.Held)}</Descriptions.Item>
        <Descriptions.Item label={t(`${F}.reserved`)}>{formatAmount(totals.Reserved)}</Descriptions.Item>
        <Descriptions.Item label={t(`${F}.consumed`)}>{formatAmount(totals.Consumed)}</Descriptions.Item>
        <Descriptions.Item label={t(`${F}.available`)}>{formatAmount(totals.Available)}</Descriptions.Item>
        <Descriptions.Item label={t(`${F}.usedPercent`)}>{totals.UsedPercent}</Descriptions.Item>
      </Descriptions>
      {rows.length ? (
        <Chart
          label={t('budget.report.chartTitle')}
          height={300}
          option={{
            tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
            legend: { top: 0, data: [t('budget.report.used'), t(`${F}.available`)] },
            grid: { left: 8, right: 16, bottom: 8, top: 40, containLabel: true },
            xAxis: {
              type: 'category',
              data: rows.map((r) => `${r.CostCenterCode} ${r.ExpenseItemName}`),
              axisLabel: { rotate: 30 },
            },
            yAxis: { type: 'value' },
            series: [
              { name: t('budget.report.used'), type: 'bar', stack: 'b', data: rows.map(used) },
              {
                name: t(`${F}.available`),
                type: 'bar',
                stack: 'b',
                data: rows.map((r) => (Number(r.Available) > 0 ? r.Available : '0')),
              },
            ],
          }}
        />
      ) : null}
    </Flex>
  );
}

/** The documents holding, reserving or consuming one budget, paged by the server, with their export. */
function SubGrid({ row, onClose }: { row: LimitReportRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useQuery({
    queryKey: ['budgets', 'subGrid', row.ID, page],
    queryFn: () => limitReportApi.subGrid({ BudgetID: row.ID, PageIndex: page.current, PageSize: page.size }),
    placeholderData: keepPreviousData,
  });
  return (
    <Modal
      open
      width={960}
      title={`${t('budget.report.documents')} · ${row.Year} ${row.CostCenterCode} ${row.ExpenseItemName}`}
      onCancel={onClose}
      footer={[
        <ActionButton
          key="export"
          data-testid="budget-sub-export"
          onAction={async () => saveDownload(await limitReportApi.exportSub(row.ID))}
        >
          {t('common.export')}
        </ActionButton>,
        <Button key="close" onClick={onClose}>
          {t('budget.report.close')}
        </Button>,
      ]}
    >
      <Table<LimitSubGridRow>
        rowKey="DocumentID"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.Rows ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: query.data?.Total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { key: 'DocNo', dataIndex: 'DocNo', title: t(`${F}.docNo`) },
          { key: 'DocType', dataIndex: 'DocType', title: t(`${F}.docType`), render: (v: string) => t(`doc.type.${v}`) },
          { key: 'Status', dataIndex: 'Status', title: t(`${F}.status`), render: (v: string) => t(`doc.status.${v}`) },
          { key: 'ApplicantName', dataIndex: 'ApplicantName', title: t(`${F}.applicant`) },
          { key: 'Held', dataIndex: 'Held', title: t(`${F}.held`), render: money },
          { key: 'Reserved', dataIndex: 'Reserved', title: t(`${F}.reserved`), render: money },
          { key: 'Consumed', dataIndex: 'Consumed', title: t(`${F}.consumed`), render: money },
          {
            key: 'LastMovedAt',
            dataIndex: 'LastMovedAt',
            title: t(`${F}.lastMovedAt`),
            render: (v: string) => displayDateTime(v),
          },
        ]}
      />
    </Modal>
  );
}

/** The limit-status report: per team, cost centre and deputy expense item, what is budgeted, used and left. */
export default function BudgetReportPage() {
  const [open, setOpen] = useState<LimitReportRow | null>(null);
  const actions: ActionDef<LimitReportRow>[] = [
    {
      key: 'documents',
      labelKey: 'budget.report.documents',
      icon: <FileSearchOutlined />,
      needsOne: true,
      run: ({ rows }) => setOpen(rows[0] ?? null),
    },
  ];
  return (
    <>
      <ListPage<LimitReportRow>
        titleKey="menu.report.budgeReport"
        queryKey="budgets-limitReport"
        header={<Summary />}
        searchCall={(body) => limitReportApi.search({ Year: thisYear, ...body })}
        exportCall={(filters) => limitReportApi.export({ Year: thisYear, ...filters })}
        rowKey="ID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
      />
      {open ? <SubGrid row={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
