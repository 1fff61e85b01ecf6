import type { HcoRow } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { STATUS, textBool, withBools, YES_NO } from '../expense/options';
import { StatusTag, startStopActions, YesNoTag } from '../finance-shared';
import { hcoApi } from './api';

export const LEVEL_OPTIONS = ['3A', '3B', '2A', '1'].map((l) => ({ value: l, labelKey: `customer.level.${l}` }));

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'customerMaster.field.keyword', type: 'text' },
  { name: 'ClinicalTrial', labelKey: 'customerMaster.field.clinicalTrial', type: 'select', options: YES_NO },
  { name: 'Status', labelKey: 'customerMaster.field.status', type: 'select', options: STATUS },
];

const EDITOR: EditorDef<HcoRow> = {
  createTitleKey: 'customerMaster.hco.createTitle',
  editTitleKey: 'customerMaster.hco.editTitle',
  initialValues: { IsClinicalTrial: 'false' },
  load: async (row) => withBools(row as unknown as Record<string, unknown>, ['IsClinicalTrial']),
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
    { name: 'Level', labelKey: 'customerMaster.field.level', type: 'select', options: LEVEL_OPTIONS },
    { name: 'CityZH', labelKey: 'customerMaster.field.cityZh', type: 'text', maxLength: 100 },
    { name: 'CityEN', labelKey: 'customerMaster.field.cityEn', type: 'text', maxLength: 100 },
    {
      name: 'IsClinicalTrial',
      labelKey: 'customerMaster.field.clinicalTrial',
      type: 'select',
      required: true,
      options: YES_NO,
    },
  ],
  save: (v, row) =>
    hcoApi.save({
      ...v,
      Level: (v.Level as string | undefined) ?? null,
      IsClinicalTrial: textBool(v.IsClinicalTrial, false),
      ...(row ? { ID: row.ID, Version: row.Version } : {}),
    }),
};

/** The list filters as the call takes them: the clinical-trial yes/no as a boolean. */
const withTrialFlag = (body: Record<string, unknown>) => ({
  ...body,
  ClinicalTrial: body.ClinicalTrial === 'true' ? true : body.ClinicalTrial === 'false' ? false : undefined,
});

/** HCOs (hospitals) of the company; clinical-trial HCOs are the same list filtered; start/stop and Excel. */
export default function HcoPage() {
  const { t } = useTranslation();
  const columns: ColumnDef<HcoRow>[] = [
    { dataIndex: 'Code', labelKey: 'customerMaster.field.code', sortable: true },
    { dataIndex: 'Name', labelKey: 'customerMaster.field.name', sortable: true, width: 260 },
    {
      dataIndex: 'Level',
      labelKey: 'customerMaster.field.level',
      sortable: true,
      render: (v) => (v ? t(`customer.level.${v}`, { defaultValue: String(v) }) : ''),
    },
    { dataIndex: 'City', labelKey: 'customerMaster.field.city', sortable: true },
    {
      dataIndex: 'IsClinicalTrial',
      labelKey: 'customerMaster.field.clinicalTrial',
      sortable: true,
      render: (v) => <YesNoTag value={v === true} yesKey="expenseMaster.value.yes" noKey="expenseMaster.value.no" />,
    },
    { dataIndex: 'HCPCount', labelKey: 'customerMaster.field.hcpCount' },
    {
      dataIndex: 'Active',
      labelKey: 'customerMaster.field.status',
      sortable: true,
      render: (v) => <StatusTag status={v === true ? 'started' : 'stopped'} />,
    },
  ];
  return (
    <ListPage<HcoRow>
      titleKey="menu.master.HCOManage"
      queryKey="hcoMaster"
      searchCall={(body) => hcoApi.search(withTrialFlag(body))}
      exportCall={(filters) => hcoApi.export(withTrialFlag(filters))}
      importCall={(file) => hcoApi.import(file)}
      rowKey="ID"
      columns={columns}
      filters={FILTERS}
      editor={EDITOR}
      actions={startStopActions<HcoRow>((r) => r.ID, hcoApi, t)}
      delete={(rows) => hcoApi.remove(rows.map((r) => r.ID))}
    />
  );
}
