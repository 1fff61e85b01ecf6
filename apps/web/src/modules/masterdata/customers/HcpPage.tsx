import type { HcpRow } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { STATUS } from '../expense/options';
import { StatusTag, startStopActions } from '../finance-shared';
import { hcpApi } from './api';
import { HcoPicker } from './pickers';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'customerMaster.field.keyword', type: 'text' },
  { name: 'HCOID', labelKey: 'customerMaster.field.hco', type: 'custom', control: HcoPicker },
  { name: 'Status', labelKey: 'customerMaster.field.status', type: 'select', options: STATUS },
];

const EDITOR: EditorDef<HcpRow> = {
  createTitleKey: 'customerMaster.hcp.createTitle',
  editTitleKey: 'customerMaster.hcp.editTitle',
  fields: [
    {
      name: 'Code',
      labelKey: 'customerMaster.field.code',
      type: 'text',
      required: true,
      maxLength: 40,
      readOnlyOnEdit: true,
    },
    { name: 'NameZH', labelKey: 'customerMaster.field.nameZh', type: 'text', required: true, maxLength: 200 },
    { name: 'NameEN', labelKey: 'customerMaster.field.nameEn', type: 'text', required: true, maxLength: 200 },
    { name: 'HCOID', labelKey: 'customerMaster.field.hco', type: 'custom', control: HcoPicker },
    { name: 'TitleZH', labelKey: 'customerMaster.field.titleZh', type: 'text', maxLength: 100 },
    { name: 'TitleEN', labelKey: 'customerMaster.field.titleEn', type: 'text', maxLength: 100 },
    { name: 'Department', labelKey: 'customerMaster.field.department', type: 'text', maxLength: 100 },
    // Typed anew or left empty: the number on file is only ever shown masked, in the list.
    { name: 'IDNumber', labelKey: 'customerMaster.field.idNumber', type: 'text', maxLength: 30 },
  ],
  load: async (row) => ({ ...row, IDNumber: undefined }),
  save: (v, row) =>
    hcpApi.save({
      ...v,
      HCOID: (v.HCOID as number | undefined) ?? null,
      IDNumber: v.IDNumber ? String(v.IDNumber) : undefined,
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

/** HCPs (doctors) of the company, each at an HCO; start/stop and Excel. */
export default function HcpPage() {
  const { t } = useTranslation();
  const columns: ColumnDef<HcpRow>[] = [
    { dataIndex: 'Code', labelKey: 'customerMaster.field.code', sortable: true },
    { dataIndex: 'Name', labelKey: 'customerMaster.field.name', sortable: true, width: 180 },
    { dataIndex: 'HCOName', labelKey: 'customerMaster.field.hco', sortable: true, width: 240 },
    { dataIndex: 'Title', labelKey: 'customerMaster.field.title', sortable: true },
    { dataIndex: 'Department', labelKey: 'customerMaster.field.department', sortable: true },
    { dataIndex: 'IDNumber', labelKey: 'customerMaster.field.idNumberShort' },
    {
      dataIndex: 'Active',
      labelKey: 'customerMaster.field.status',
      sortable: true,
      render: (v) => <StatusTag status={v === true ? 'started' : 'stopped'} />,
    },
  ];
  return (
    <ListPage<HcpRow>
      titleKey="menu.master.HCPManage"
      queryKey="hcpMaster"
      searchCall={(body) => hcpApi.search(body)}
      exportCall={(filters) => hcpApi.export(filters)}
      importCall={(file) => hcpApi.import(file)}
      rowKey="ID"
      columns={columns}
      filters={FILTERS}
      editor={EDITOR}
      actions={startStopActions<HcpRow>((r) => r.ID, hcpApi, t)}
      delete={(rows) => hcpApi.remove(rows.map((r) => r.ID))}
    />
  );
}
