import { DeleteOutlined, StopOutlined } from '@ant-design/icons';
import type { ProxyGrant, ProxyKind, SaveProxyBody } from '@ems/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../../app/notice';
import { useUserInfo } from '../../app/session/useSession';
import { type ActionDef, type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../shared/list-page';
import { EmployeePicker } from '../org/pickers/EmployeePicker';
import { proxyApi } from './api';

const K = 'workflow.proxy';
const STATUSES = ['active', 'future', 'lapsed', 'freed'] as const;
const STATUS_COLOURS: Record<ProxyGrant['Status'], string> = {
  active: 'green',
  future: 'blue',
  lapsed: 'default',
  freed: 'orange',
};

const FILTERS: FilterDef[] = [
  {
    name: 'Direction',
    labelKey: `${K}.field.direction`,
    type: 'select',
    options: [
      { value: 'granted', labelKey: `${K}.direction.granted` },
      { value: 'received', labelKey: `${K}.direction.received` },
    ],
  },
  {
    name: 'Status',
    labelKey: `${K}.field.status`,
    type: 'select',
    options: STATUSES.map((s) => ({ value: s, labelKey: `${K}.status.${s}` })),
  },
  { name: 'Keyword', labelKey: `${K}.field.keyword`, type: 'text' },
];

export function ProxyStatusTag({ status }: { status: ProxyGrant['Status'] }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`${K}.status.${status}`)}</Tag>;
}

const COLUMNS: ColumnDef<ProxyGrant>[] = [
  {
    dataIndex: 'PrincipalName',
    labelKey: `${K}.field.principal`,
    render: (v, r) => `${String(v)} (${r.PrincipalCode})`,
  },
  {
    dataIndex: 'ProxyUserName',
    labelKey: `${K}.field.proxyUser`,
    render: (v, r) => `${String(v)} (${r.ProxyUserCode})`,
  },
  { dataIndex: 'StartDate', labelKey: `${K}.field.startDate` },
  { dataIndex: 'EndDate', labelKey: `${K}.field.endDate` },
  {
    dataIndex: 'Status',
    labelKey: `${K}.field.status`,
    render: (v) => <ProxyStatusTag status={v as ProxyGrant['Status']} />,
  },
  { dataIndex: 'Remark', labelKey: `${K}.field.remark`, width: 240, ellipsis: true },
];

/** Grants I gave and grants given to me, of one kind of proxy (fill-in or approval). */
export function ProxyPage({ kind, titleKey }: { kind: ProxyKind; titleKey: string }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const api = proxyApi(kind);
  const isAdmin = user?.IsAdmin === true;
  const mine = (r: ProxyGrant) => isAdmin || r.PrincipalID === user?.UserID;

  const editor: EditorDef<ProxyGrant> = {
    createTitleKey: `${K}.createTitle`,
    editTitleKey: `${K}.editTitle`,
    fields: [
      ...(isAdmin
        ? [
            {
              name: 'PrincipalID',
              labelKey: `${K}.field.principalPick`,
              type: 'custom' as const,
              control: EmployeePicker,
              readOnlyOnEdit: true,
            },
          ]
        : []),
      {
        name: 'ProxyUserID',
        labelKey: `${K}.field.proxyUser`,
        type: 'custom',
        control: EmployeePicker,
        required: true,
      },
      { name: 'StartDate', labelKey: `${K}.field.startDate`, type: 'date', required: true },
      { name: 'EndDate', labelKey: `${K}.field.endDate`, type: 'date', required: true },
      { name: 'Remark', labelKey: `${K}.field.remark`, type: 'textarea', maxLength: 500 },
    ],
    save: async (values, row) => {
      if (row && !mine(row)) throw new Error(t(`${K}.notMine`));
      await api.save({
        ...(values as unknown as SaveProxyBody),
        Remark: (values.Remark as string | undefined) ?? null,
        ...(row ? { ID: row.ID, Version: row.Version, PrincipalID: row.PrincipalID } : {}),
      });
    },
  };

  /** Only the grantor (or an administrator) changes a grant; say so here instead of asking the server. */
  const own = (rows: ProxyGrant[]) => {
    const row = rows[0]!;
    if (mine(row)) return row;
    notice.warning(t(`${K}.notMine`));
    return undefined;
  };
  const actions: ActionDef<ProxyGrant>[] = [
    {
      key: 'free',
      labelKey: `${K}.free`,
      icon: <StopOutlined />,
      needsOne: true,
      confirmKey: `${K}.freeConfirm`,
      run: async ({ rows, reload }) => {
        const row = own(rows);
        if (!row) return;
        if (row.Status === 'freed' || row.Status === 'lapsed') {
          notice.warning(t(`${K}.alreadyEnded`));
          return;
        }
        await api.free(row.ID);
        notice.success(t(`${K}.freed`));
        await reload();
      },
    },
    ...(kind === 'approve'
      ? [
          {
            key: 'remove',
            labelKey: 'common.delete',
            icon: <DeleteOutlined />,
            danger: true,
            needsOne: true,
            confirmKey: 'common.confirmDelete',
            run: async ({ rows, reload, clearSelection }: Parameters<ActionDef<ProxyGrant>['run']>[0]) => {
              const row = own(rows);
              if (!row) return;
              if (row.Status !== 'future') {
                notice.warning(t(`${K}.deleteOnlyFuture`));
                return;
              }
              await api.remove(row.ID);
              notice.success(t('common.deleted'));
              clearSelection();
              await reload();
            },
          },
        ]
      : []),
  ];

  return (
    <ListPage<ProxyGrant>
      titleKey={titleKey}
      queryKey={`workflow-proxy-${kind}`}
      searchCall={(body) => api.search(body)}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      actions={actions}
      editor={editor}
    />
  );
}
