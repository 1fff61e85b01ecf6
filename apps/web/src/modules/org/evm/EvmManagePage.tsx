import { RedoOutlined, SendOutlined } from '@ant-design/icons';
import { EVM_RELATION_STATUS, type EvmRelationRow, type SaveEvmRelationBody } from '@ems/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { displayDateTime } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { EvmTeamSelect } from '../controls';
import { type EvmSendRow, evmApi } from './api';

const STATUS_COLOR: Record<string, string> = {
  new: 'blue',
  changed: 'gold',
  queued: 'processing',
  sent: 'green',
  deleting: 'purple',
  failed: 'red',
};
const STATUS_OPTIONS = EVM_RELATION_STATUS.map((s) => ({ value: s, labelKey: `org.evm.status.${s}` }));

function StatusTag({ row }: { row: EvmRelationRow }) {
  const { t } = useTranslation();
  const tag = <Tag color={STATUS_COLOR[row.Status]}>{t(`org.evm.status.${row.Status}`)}</Tag>;
  return row.LastError ? <Tooltip title={row.LastError}>{tag}</Tooltip> : tag;
}

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'org.common.keyword', type: 'text' },
  { name: 'TeamID', labelKey: 'org.evm.field.team', type: 'custom', control: EvmTeamSelect },
  { name: 'Status', labelKey: 'org.common.status', type: 'select', options: STATUS_OPTIONS },
];

const COLUMNS: ColumnDef<EvmRelationRow>[] = [
  { dataIndex: 'TeamCode', labelKey: 'org.evm.field.teamCode', sortable: true },
  { dataIndex: 'TeamName', labelKey: 'org.evm.field.team', sortable: true, width: 200 },
  { dataIndex: 'EvmCode', labelKey: 'org.evm.field.evmCode', sortable: true },
  { dataIndex: 'EvmName', labelKey: 'org.evm.field.evmName', sortable: true, width: 200 },
  { dataIndex: 'Status', labelKey: 'org.common.status', sortable: true, render: (_v, row) => <StatusTag row={row} /> },
  { dataIndex: 'SendCount', labelKey: 'org.evm.field.sendCount' },
  {
    dataIndex: 'SentAt',
    labelKey: 'org.evm.field.sentAt',
    sortable: true,
    width: 180,
    render: (v) => displayDateTime(v),
  },
  { dataIndex: 'Remark', labelKey: 'org.evm.field.remark', width: 200, ellipsis: true },
];

const EDITOR: EditorDef<EvmRelationRow> = {
  createTitleKey: 'org.evm.createTitle',
  editTitleKey: 'org.evm.editTitle',
  fields: [
    { name: 'TeamID', labelKey: 'org.evm.field.team', type: 'custom', control: EvmTeamSelect, required: true },
    { name: 'EvmCode', labelKey: 'org.evm.field.evmCode', type: 'text', required: true, maxLength: 40 },
    { name: 'EvmName', labelKey: 'org.evm.field.evmName', type: 'text', required: true, maxLength: 200 },
    { name: 'Remark', labelKey: 'org.evm.field.remark', type: 'textarea', maxLength: 500 },
  ],
  save: (values, row) => {
    const body = values as unknown as SaveEvmRelationBody;
    return row ? evmApi.update({ ...body, ID: row.ID, Version: row.Version }) : evmApi.create(body);
  },
};

/** EVM teams related to their units in the EVM meeting system, and sent there. */
export default function EvmManagePage() {
  const { t } = useTranslation();
  // Sending happens in the EVM job: the list shows each relation's outcome once it has run.
  const report = (rows: EvmSendRow[]) => notice.success(t('org.evm.queued', { count: rows.length }));
  const actions: ActionDef<EvmRelationRow>[] = [
    {
      key: 'send',
      labelKey: 'org.evm.send',
      icon: <SendOutlined />,
      needsSome: true,
      run: async ({ rows, reload, clearSelection }) => {
        report((await evmApi.send(rows.map((r) => r.ID))).Rows);
        clearSelection();
        await reload();
      },
    },
    {
      key: 'resend',
      labelKey: 'org.evm.resend',
      icon: <RedoOutlined />,
      needsSome: true,
      confirmKey: 'org.evm.resendConfirm',
      run: async ({ rows, reload, clearSelection }) => {
        report((await evmApi.resend(rows.map((r) => r.ID))).Rows);
        clearSelection();
        await reload();
      },
    },
  ];
  return (
    <ListPage<EvmRelationRow>
      titleKey="menu.master.EVMManage"
      queryKey="orgEvm"
      searchCall={(body) => evmApi.search(body)}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      actions={actions}
      editor={EDITOR}
      delete={(rows) => evmApi.remove(rows.map((r) => r.ID))}
    />
  );
}
