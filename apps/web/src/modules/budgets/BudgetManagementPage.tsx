import { DownloadOutlined } from '@ant-design/icons';
import {
  BUDGET_CONTROL_PERIODS,
  type BudgetRow,
  type ControlPeriod,
  formatAmount,
  type LimitStatus,
} from '@ems/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../../app/notice';
import { saveDownload } from '../../shared/download';

import {
  type ActionDef,
  type ColumnDef,
  type EditorDef,
  type FieldDef,
  type FilterDef,
  ListPage,
} from '../../shared/list-page';
import { budgetApi } from './api';
import { MonthFigures } from './MonthFigures';
import { BudgetCostCentrePicker, BudgetItemPicker, BudgetProductPicker } from './pickers';

const F = 'budget.field';
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const thisYear = new Date().getFullYear();

export const YEAR_OPTIONS = Array.from({ length: 5 }, (_, i) => ({
  value: thisYear - 2 + i,
  label: String(thisYear - 2 + i),
}));
export const LIMIT_OPTIONS = ([0, 1, 2] as const).map((v) => ({ value: v, labelKey: `budget.limitStatus.${v}` }));
const LIMIT_COLOURS = ['default', 'orange', 'red'];
const PERIOD_OPTIONS = BUDGET_CONTROL_PERIODS.map((v) => ({ value: v, labelKey: `budget.controlPeriod.${v}` }));

export function PeriodLabel({ period }: { period: string }) {
  const { t } = useTranslation();
  return <span title={t('budget.controlPeriod.help')}>{t(`budget.controlPeriod.${period}`)}</span>;
}

export function LimitTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={LIMIT_COLOURS[status]}>{t(`budget.limitStatus.${status}`)}</Tag>;
}

const money = (v: unknown) => formatAmount(v as string);
const signed = (v: unknown) => {
  const text = formatAmount(v as string);
  return String(v).startsWith('-') ? <span style={{ color: '#cf1322' }}>{text}</span> : text;
};

const FILTERS: FilterDef[] = [
  { name: 'Year', labelKey: 'budget.column.year', type: 'select', options: YEAR_OPTIONS },
  { name: 'CostCenterID', labelKey: `${F}.costCentre`, type: 'custom', control: BudgetCostCentrePicker },
  { name: 'ExpenseItemID', labelKey: `${F}.expenseItem`, type: 'custom', control: BudgetItemPicker },
  { name: 'ProductID', labelKey: `${F}.product`, type: 'custom', control: BudgetProductPicker },
  { name: 'LimitStatus', labelKey: 'budget.column.limitStatus', type: 'select', options: LIMIT_OPTIONS },
  { name: 'ControlPeriod', labelKey: 'budget.column.controlPeriod', type: 'select', options: PERIOD_OPTIONS },
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
];

const COLUMNS: ColumnDef<BudgetRow>[] = [
  { dataIndex: 'Year', labelKey: 'budget.column.year', sortable: true },
  { dataIndex: 'CostCenterCode', labelKey: 'budget.column.costCentreCode', sortable: true },
  { dataIndex: 'CostCenterName', labelKey: `${F}.costCentre`, width: 180 },
  { dataIndex: 'ExpenseItemCode', labelKey: 'budget.column.expenseItemCode', sortable: true },
  { dataIndex: 'ExpenseItemName', labelKey: `${F}.expenseItem`, width: 160 },
  { dataIndex: 'ProductName', labelKey: `${F}.product`, width: 140 },
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
  { dataIndex: 'Available', labelKey: `${F}.available`, sortable: true, render: signed },
];

const monthField = (m: number): FieldDef => ({ name: `M${m}`, labelKey: `budget.column.month${m}`, type: 'number' });

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

const EDITOR: EditorDef<BudgetRow> = {
  createTitleKey: 'budget.createTitle',
  editTitleKey: 'budget.editTitle',
  initialValues: { Year: thisYear, LimitStatus: 0, ControlPeriod: 'year' },
  fields: [
    {
      name: 'Year',
      labelKey: 'budget.column.year',
      type: 'select',
      options: YEAR_OPTIONS,
      required: true,
      readOnlyOnEdit: true,
    },
    {
      name: 'CostCenterID',
      labelKey: `${F}.costCentre`,
      type: 'custom',
      control: BudgetCostCentrePicker,
      required: true,
      readOnlyOnEdit: true,
    },
    {
      name: 'ExpenseItemID',
      labelKey: `${F}.expenseItem`,
      type: 'custom',
      control: BudgetItemPicker,
      required: true,
      readOnlyOnEdit: true,
    },
    // Optional: a budget for one product of the item; lines with that product spend it instead of the item's.
    {
      name: 'ProductID',
      labelKey: `${F}.product`,
      type: 'custom',
      control: BudgetProductPicker,
      readOnlyOnEdit: true,
    },
    {
      name: 'LimitStatus',
      labelKey: 'budget.column.limitStatus',
      type: 'select',
      options: LIMIT_OPTIONS,
      required: true,
    },
    // Stop and warn measure the year, the expense's month, or the months from January to it.
    {
      name: 'ControlPeriod',
      labelKey: 'budget.column.controlPeriod',
      type: 'select',
      options: PERIOD_OPTIONS,
      required: true,
    },
    ...MONTHS.map(monthField),
    { name: 'Figures', labelKey: 'budget.figures.title', type: 'custom', control: MonthFigures },
  ],
  load: async (row) => {
    const d = await budgetApi.detail(row.ID);
    return {
      Year: row.Year,
      CostCenterID: row.CostCenterID,
      ExpenseItemID: row.ExpenseItemID,
      ProductID: row.ProductID ?? undefined,
      LimitStatus: row.LimitStatus,
      ControlPeriod: row.ControlPeriod,
      Figures: d.Figures,
      ...Object.fromEntries(d.Details.map((m) => [`M${m.Month}`, Number(m.Amount)])),
    };
  },
  save: async (values, row) => {
    const months = MONTHS.filter((m) => present(values[`M${m}`])).map((m) => ({
      Month: m,
      Amount: String(values[`M${m}`]),
    }));
    const status = Number(values.LimitStatus) as LimitStatus;
    const period = String(values.ControlPeriod) as ControlPeriod;
    if (!row)
      return budgetApi.add({
        Year: Number(values.Year),
        CostCenterID: Number(values.CostCenterID),
        ExpenseItemID: Number(values.ExpenseItemID),
        ...(present(values.ProductID) ? { ProductID: Number(values.ProductID) } : {}),
        LimitStatus: status,
        ControlPeriod: period,
        Details: months,
      });
    // Months first (a blocked budget's amount is checked against what is used), then the limit status.
    const before = await budgetApi.detail(row.ID);
    let version = row.Version;
    const cleared = before.Details.map((d) => d.Month).filter((m) => !present(values[`M${m}`]));
    if (cleared.length) version = (await budgetApi.deleteDetail(row.ID, version, cleared)).Budget.Version;
    if (months.length)
      version = (await budgetApi.saveDetail({ BudgetID: row.ID, Version: version, Details: months })).Budget.Version;
    if (status !== row.LimitStatus)
      version = (await budgetApi.setLimitStatus([{ ID: row.ID, Version: version }], status)).Rows[0]!.Version;
    if (period !== row.ControlPeriod) await budgetApi.setControlPeriod([{ ID: row.ID, Version: version }], period);
    return undefined;
  },
};

const setStatus = (status: LimitStatus): ActionDef<BudgetRow> => ({
  key: `limit-${status}`,
  labelKey: `budget.action.setLimit${status}`,
  needsSome: true,
  confirmKey: `budget.action.confirmLimit${status}`,
  run: async ({ rows, reload, clearSelection }) => {
    await budgetApi.setLimitStatus(
      rows.map((r) => ({ ID: r.ID, Version: r.Version })),
      status,
    );
    clearSelection();
    await reload();
  },
});

/** Budgets by year, cost centre, expense item and optional product, with their months, limit status and import from the template. */
export default function BudgetManagementPage() {
  const { t } = useTranslation();
  const actions: ActionDef<BudgetRow>[] = [
    setStatus(0),
    setStatus(1),
    setStatus(2),
    {
      key: 'template',
      labelKey: 'budget.action.template',
      icon: <DownloadOutlined />,
      run: async () => {
        saveDownload(await budgetApi.template());
        notice.info(t('budget.templateHint'));
      },
    },
  ];
  return (
    <ListPage<BudgetRow>
      titleKey="menu.report.budgetManagement"
      queryKey="budgets"
      searchCall={(body) => budgetApi.search(body)}
      importCall={(file) => budgetApi.import(file)}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      actions={actions}
      editor={EDITOR}
      delete={(rows) => budgetApi.remove(rows.map((r) => ({ ID: r.ID, Version: r.Version })))}
    />
  );
}
