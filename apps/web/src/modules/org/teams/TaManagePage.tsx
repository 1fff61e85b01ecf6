import type { SaveTherapeuticAreaBody, TherapeuticAreaRow } from '@ems/contracts';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { ActiveTag, SwitchControl, YES_NO } from '../controls';
import { teamApi } from './api';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'org.common.keyword', type: 'text' },
  { name: 'Active', labelKey: 'org.common.active', type: 'select', options: YES_NO },
];

const COLUMNS: ColumnDef<TherapeuticAreaRow>[] = [
  { dataIndex: 'Code', labelKey: 'org.ta.field.code', sortable: true },
  { dataIndex: 'Name', labelKey: 'org.ta.field.name', sortable: true, width: 200 },
  { dataIndex: 'NameZH', labelKey: 'org.ta.field.nameZh' },
  { dataIndex: 'NameEN', labelKey: 'org.ta.field.nameEn', width: 200 },
  { dataIndex: 'TeamCount', labelKey: 'org.ta.field.teamCount' },
  { dataIndex: 'Sort', labelKey: 'org.common.sort', sortable: true },
  { dataIndex: 'Active', labelKey: 'org.common.status', render: (v) => <ActiveTag value={v === true} /> },
];

const EDITOR: EditorDef<TherapeuticAreaRow> = {
  createTitleKey: 'org.ta.createTitle',
  editTitleKey: 'org.ta.editTitle',
  initialValues: { Active: true, Sort: 0 },
  fields: [
    { name: 'Code', labelKey: 'org.ta.field.code', type: 'text', required: true, maxLength: 40 },
    { name: 'NameZH', labelKey: 'org.ta.field.nameZh', type: 'text', required: true, maxLength: 200 },
    { name: 'NameEN', labelKey: 'org.ta.field.nameEn', type: 'text', required: true, maxLength: 200 },
    { name: 'Sort', labelKey: 'org.common.sort', type: 'number' },
    { name: 'Active', labelKey: 'org.common.active', type: 'custom', control: SwitchControl },
  ],
  save: (values, row) =>
    teamApi.saveArea({
      ...(values as Partial<SaveTherapeuticAreaBody>),
      ...(row ? { TherapeuticAreaID: row.TherapeuticAreaID, Version: row.Version } : {}),
    }),
};

/** Therapeutic areas the company's teams work in; an area in use is stopped rather than deleted. */
export default function TaManagePage() {
  return (
    <ListPage<TherapeuticAreaRow>
      titleKey="menu.master.taManage"
      queryKey="orgAreas"
      searchCall={(body) => teamApi.areas(body)}
      rowKey="TherapeuticAreaID"
      columns={COLUMNS}
      filters={FILTERS}
      editor={EDITOR}
      delete={(rows) => teamApi.removeAreas(rows.map((r) => r.TherapeuticAreaID))}
    />
  );
}
