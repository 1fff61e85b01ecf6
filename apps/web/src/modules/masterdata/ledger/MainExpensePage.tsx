import { ApartmentOutlined } from '@ant-design/icons';
import type { MainExpenseDetail, MainExpenseRow, SaveMainExpenseBody } from '@ems/contracts';
import { Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActionDef, type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { codeAndNameFields, STATUS_OPTIONS, StatusTag, startStopActions } from '../finance-shared';
import { mainExpenseApi } from './api';

const F = 'finmd.mainExpense.field';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  { name: 'GLAccount', labelKey: `${F}.glAccount`, type: 'text' },
  { name: 'Status', labelKey: `${F}.status`, type: 'select', options: STATUS_OPTIONS },
];

const COLUMNS: ColumnDef<MainExpenseRow>[] = [
  { dataIndex: 'MainExpenseCode', labelKey: `${F}.code`, sortable: true },
  { dataIndex: 'Name', labelKey: `${F}.name`, sortable: true, width: 280 },
  { dataIndex: 'GLAccount', labelKey: `${F}.glAccount`, sortable: true },
  { dataIndex: 'Status', labelKey: `${F}.status`, sortable: true, render: (v) => <StatusTag status={String(v)} /> },
  { dataIndex: 'ItemConfigCount', labelKey: `${F}.itemConfigCount`, sortable: true },
];

const EDITOR: EditorDef<MainExpenseRow> = {
  createTitleKey: 'finmd.mainExpense.createTitle',
  editTitleKey: 'finmd.mainExpense.editTitle',
  fields: [
    ...codeAndNameFields('MainExpenseCode', F),
    { name: 'GLAccount', labelKey: `${F}.glAccount`, type: 'text', required: true, maxLength: 20 },
  ],
  save: (values, row) =>
    mainExpenseApi.save({
      ...(values as unknown as SaveMainExpenseBody),
      ...(row ? { MainExpenseID: row.MainExpenseID, Version: row.Version, MainExpenseCode: row.MainExpenseCode } : {}),
    }),
};

/** Ledger (main) expenses: GL accounts that expense items post to; started and stopped, never deleted once used. */
export default function MainExpensePage() {
  const { t } = useTranslation();
  const [uses, setUses] = useState<MainExpenseDetail | null>(null);
  const actions: ActionDef<MainExpenseRow>[] = [
    ...startStopActions<MainExpenseRow>((r) => r.MainExpenseID, mainExpenseApi, t),
    {
      key: 'configs',
      labelKey: 'finmd.mainExpense.itemConfigs',
      icon: <ApartmentOutlined />,
      needsOne: true,
      run: async ({ rows }) => setUses(await mainExpenseApi.load(rows[0]!.MainExpenseID)),
    },
  ];
  return (
    <>
      <ListPage<MainExpenseRow>
        titleKey="menu.master.mainExpense"
        queryKey="finmd-mainExpenses"
        searchCall={(body) => mainExpenseApi.search(body)}
        rowKey="MainExpenseID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
        editor={EDITOR}
        delete={(rows) => mainExpenseApi.remove(rows.map((r) => r.MainExpenseID))}
      />
      <Modal
        open={uses !== null}
        title={uses ? `${uses.MainExpenseCode} ${uses.Name}` : ''}
        onCancel={() => setUses(null)}
        footer={null}
        width={720}
      >
        <Table
          size="small"
          rowKey="ConfigID"
          pagination={false}
          dataSource={uses?.ItemConfigs ?? []}
          locale={{ emptyText: t('finmd.mainExpense.noItemConfigs') }}
          columns={[
            { key: 'code', title: t('finmd.mainExpense.expenseItemCode'), dataIndex: 'ExpenseItemCode' },
            { key: 'name', title: t('finmd.mainExpense.expenseItem'), dataIndex: 'ExpenseItemName' },
            {
              key: 'doc',
              title: t('finmd.mainExpense.docType'),
              dataIndex: 'DocType',
              render: (v: string) => t(`finmd.docType.${v}`),
            },
            {
              key: 'ccType',
              title: t('finmd.costCentre.field.type'),
              dataIndex: 'CostCenterType',
              render: (v: string | null) => (v ? t(`finmd.costCentre.type.${v}`) : t('finmd.mainExpense.anyType')),
            },
          ]}
        />
      </Modal>
    </>
  );
}
