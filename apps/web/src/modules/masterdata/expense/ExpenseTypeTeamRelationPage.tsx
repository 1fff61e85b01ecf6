import type { ExpenseTypeTeamRow } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { TeamTreeSelect } from '../../org/pickers/TeamTreeSelect';
import { typeTeamApi } from './api';
import { DOC_TYPE_OPTIONS } from './options';
import { expenseTypeControl, TeamsTreeSelect } from './pickers';

const AnyTypePicker = expenseTypeControl();

const FILTERS: FilterDef[] = [
  { name: 'DocType', labelKey: 'expenseMaster.field.docType', type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'ExpenseTypeID', labelKey: 'expenseMaster.field.expenseType', type: 'custom', control: AnyTypePicker },
  { name: 'TeamID', labelKey: 'expenseMaster.field.team', type: 'custom', control: TeamTreeSelect },
  { name: 'Keyword', labelKey: 'expenseMaster.field.keyword', type: 'text' },
];

const EDITOR: EditorDef<ExpenseTypeTeamRow> = {
  createTitleKey: 'expenseMaster.typeTeam.createTitle',
  editTitleKey: 'expenseMaster.typeTeam.editTitle',
  load: async (row) => ({ ExpenseTypeID: row.ExpenseTypeID, TeamIDs: [row.TeamID] }),
  fields: [
    {
      name: 'ExpenseTypeID',
      labelKey: 'expenseMaster.field.expenseType',
      type: 'custom',
      control: AnyTypePicker,
      required: true,
      readOnlyOnEdit: true,
    },
    {
      name: 'TeamIDs',
      labelKey: 'expenseMaster.typeTeam.teams',
      type: 'custom',
      control: TeamsTreeSelect,
      required: true,
    },
  ],
  // Editing a row replaces its team by the chosen teams.
  save: async (v, row) => {
    const typeId = Number(v.ExpenseTypeID);
    const teams = (v.TeamIDs as number[] | undefined) ?? [];
    if (teams.length) await typeTeamApi.save(typeId, teams);
    if (row && !teams.includes(row.TeamID)) await typeTeamApi.remove([row]);
  },
};

/** Expense types limited to some teams (and the teams below them); a type with no teams is open to all. */
export default function ExpenseTypeTeamRelationPage() {
  const { t } = useTranslation();
  const columns: ColumnDef<ExpenseTypeTeamRow>[] = [
    {
      dataIndex: 'DocType',
      labelKey: 'expenseMaster.field.docType',
      sortable: true,
      render: (v) => t(`expenseMaster.docType.${String(v)}`),
    },
    { dataIndex: 'ExpenseTypeCode', labelKey: 'expenseMaster.typeTeam.typeCode', sortable: true },
    { dataIndex: 'ExpenseTypeName', labelKey: 'expenseMaster.field.expenseType', sortable: true, width: 200 },
    { dataIndex: 'TeamCode', labelKey: 'expenseMaster.typeTeam.teamCode', sortable: true },
    { dataIndex: 'TeamName', labelKey: 'expenseMaster.field.team', sortable: true, width: 220 },
  ];
  return (
    <ListPage<ExpenseTypeTeamRow>
      titleKey="menu.master.ExpenseTypeTeamRelation"
      queryKey="expenseTypeTeams"
      searchCall={(body) => typeTeamApi.search(body)}
      rowKey="Key"
      columns={columns}
      filters={FILTERS}
      editor={EDITOR}
      delete={(rows) => typeTeamApi.remove(rows)}
    />
  );
}
