import { ApartmentOutlined } from '@ant-design/icons';
import type { ExpenseItemRow } from '@ems/contracts';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import {
  type ActionDef,
  type ColumnDef,
  type CustomControlProps,
  type EditorDef,
  type FilterDef,
  ListPage,
} from '../../../shared/list-page';
import { EmployeePicker } from '../../org/pickers/EmployeePicker';
import { itemApi } from './api';
import { StatusTag, yesNo } from './columns';
import { CATEGORY_OPTIONS, CODE_NAME_FIELDS, STATUS, textBool, withBools, YES_NO } from './options';
import { SubItemsDrawer } from './SubItemsDrawer';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'expenseMaster.field.keyword', type: 'text' },
  { name: 'Category', labelKey: 'expenseMaster.item.category', type: 'select', options: CATEGORY_OPTIONS },
  { name: 'Status', labelKey: 'expenseMaster.field.status', type: 'select', options: STATUS },
];

/** The people picker, labelled with the saved approver's name until the list of people loads. */
function SpecialApproverPicker(props: CustomControlProps) {
  const name = Form.useFormInstance().getFieldValue('SpecialApproverName') as string | null | undefined;
  return <EmployeePicker {...props} {...(name ? { initialLabel: name } : {})} />;
}

const BOOLS = ['InvolvesHCP', 'Overseas', 'NeedsInvoice', 'PersonalBuyerAllowed', 'Active'];

const EDITOR: EditorDef<ExpenseItemRow> = {
  createTitleKey: 'expenseMaster.item.createTitle',
  editTitleKey: 'expenseMaster.item.editTitle',
  initialValues: {
    InvolvesHCP: 'false',
    Overseas: 'false',
    NeedsInvoice: 'true',
    PersonalBuyerAllowed: 'false',
    Active: 'true',
    Sort: 0,
  },
  load: async (row) => withBools(row as unknown as Record<string, unknown>, BOOLS),
  fields: [
    ...CODE_NAME_FIELDS,
    {
      name: 'Category',
      labelKey: 'expenseMaster.item.category',
      type: 'select',
      required: true,
      options: CATEGORY_OPTIONS,
    },
    {
      name: 'InvolvesHCP',
      labelKey: 'expenseMaster.item.involvesHcp',
      type: 'select',
      required: true,
      options: YES_NO,
    },
    {
      name: 'Overseas',
      labelKey: 'expenseMaster.item.overseas',
      type: 'select',
      required: true,
      options: YES_NO,
    },
    {
      name: 'SpecialApproverID',
      labelKey: 'expenseMaster.item.specialApprover',
      type: 'custom',
      control: SpecialApproverPicker,
    },
    {
      name: 'NeedsInvoice',
      labelKey: 'expenseMaster.item.needsInvoice',
      type: 'select',
      required: true,
      options: YES_NO,
    },
    {
      name: 'PersonalBuyerAllowed',
      labelKey: 'expenseMaster.item.personalBuyerAllowed',
      type: 'select',
      required: true,
      options: YES_NO,
    },
    { name: 'MaxAmount', labelKey: 'expenseMaster.item.maxAmount', type: 'text', maxLength: 20 },
    { name: 'Active', labelKey: 'expenseMaster.field.active', type: 'select', required: true, options: YES_NO },
    { name: 'Sort', labelKey: 'expenseMaster.field.sort', type: 'number' },
  ],
  save: (v, row) =>
    itemApi.save({
      ...v,
      InvolvesHCP: textBool(v.InvolvesHCP, false),
      Overseas: textBool(v.Overseas, false),
      SpecialApproverID: typeof v.SpecialApproverID === 'number' ? v.SpecialApproverID : null,
      NeedsInvoice: textBool(v.NeedsInvoice, true),
      PersonalBuyerAllowed: textBool(v.PersonalBuyerAllowed, false),
      Active: textBool(v.Active, true),
      MaxAmount: typeof v.MaxAmount === 'string' && v.MaxAmount ? v.MaxAmount.replace(/,/g, '') : null,
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

/** Expense items of the company, their categories and limits, and each item's sub-items. */
export default function ExpenseItemsPage() {
  const { t } = useTranslation();
  const [subsOf, setSubsOf] = useState<ExpenseItemRow | null>(null);
  const columns: ColumnDef<ExpenseItemRow>[] = [
    { dataIndex: 'Code', labelKey: 'expenseMaster.field.code', sortable: true },
    { dataIndex: 'Name', labelKey: 'expenseMaster.field.name', sortable: true, width: 200 },
    {
      dataIndex: 'Category',
      labelKey: 'expenseMaster.item.category',
      sortable: true,
      render: (v) => t(`expenseMaster.category.${String(v)}`),
    },
    { dataIndex: 'InvolvesHCP', labelKey: 'expenseMaster.item.involvesHcp', render: (v) => yesNo(t, v === true) },
    { dataIndex: 'Overseas', labelKey: 'expenseMaster.item.overseas', render: (v) => yesNo(t, v === true) },
    { dataIndex: 'SpecialApproverName', labelKey: 'expenseMaster.item.specialApprover' },
    { dataIndex: 'NeedsInvoice', labelKey: 'expenseMaster.item.needsInvoice', render: (v) => yesNo(t, v === true) },
    {
      dataIndex: 'PersonalBuyerAllowed',
      labelKey: 'expenseMaster.item.personalBuyerAllowed',
      render: (v) => yesNo(t, v === true),
    },
    {
      dataIndex: 'MaxAmount',
      labelKey: 'expenseMaster.item.maxAmount',
      render: (v) => (typeof v === 'string' ? formatAmount(v) : ''),
    },
    { dataIndex: 'SubItemCount', labelKey: 'expenseMaster.item.subItemCount' },
    {
      dataIndex: 'Active',
      labelKey: 'expenseMaster.field.status',
      sortable: true,
      render: (v) => <StatusTag active={v === true} t={t} />,
    },
    { dataIndex: 'Sort', labelKey: 'expenseMaster.field.sort', sortable: true },
  ];
  const actions: ActionDef<ExpenseItemRow>[] = [
    {
      key: 'subItems',
      labelKey: 'expenseMaster.item.subItems',
      icon: <ApartmentOutlined />,
      needsOne: true,
      run: ({ rows }) => setSubsOf(rows[0] ?? null),
    },
  ];
  return (
    <>
      <ListPage<ExpenseItemRow>
        titleKey="menu.master.expenseSubManage"
        queryKey="expenseItems"
        searchCall={(body) => itemApi.search(body)}
        rowKey="ID"
        columns={columns}
        filters={FILTERS}
        actions={actions}
        editor={EDITOR}
        delete={(rows) => itemApi.remove(rows.map((r) => r.ID))}
      />
      <SubItemsDrawer item={subsOf} onClose={() => setSubsOf(null)} />
    </>
  );
}
