import { HistoryOutlined, LockOutlined, TransactionOutlined, UnlockOutlined } from '@ant-design/icons';
import type { FreezeRow } from '@ems/contracts';
import { Typography } from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../app/notice';
import { formatAmount } from '../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../shared/list-page';
import { EmployeeStatusTag, YES_NO } from '../org/controls';
import { TeamTreeSelect } from '../org/pickers/TeamTreeSelect';
import { type FreezeScreen, freezeApi } from './api';
import { HistoryDrawer } from './HistoryDrawer';
import { LoansDrawer } from './LoansDrawer';
import { ReasonModal } from './ReasonModal';

const F = 'freeze.field.';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'freeze.keyword', type: 'text' },
  { name: 'TeamID', labelKey: `${F}team`, type: 'custom', control: TeamTreeSelect },
  { name: 'HasOpenLoans', labelKey: 'freeze.hasOpenLoans', type: 'select', options: YES_NO },
];

const COLUMNS: ColumnDef<FreezeRow>[] = [
  { dataIndex: 'Code', labelKey: `${F}code`, sortable: true },
  { dataIndex: 'Name', labelKey: `${F}name`, sortable: true, width: 140 },
  { dataIndex: 'TeamName', labelKey: `${F}team`, width: 200, ellipsis: true },
  {
    dataIndex: 'Status',
    labelKey: `${F}status`,
    sortable: true,
    render: (v) => <EmployeeStatusTag value={String(v)} />,
  },
  { dataIndex: 'OpenLoans', labelKey: `${F}openLoans`, sortable: true },
  { dataIndex: 'OpenBalance', labelKey: `${F}openBalance`, sortable: true, render: (v) => formatAmount(String(v)) },
  {
    dataIndex: 'OverdueLoans',
    labelKey: `${F}overdueLoans`,
    sortable: true,
    render: (v) => (Number(v) > 0 ? <Typography.Text type="danger">{String(v)}</Typography.Text> : String(v)),
  },
  { dataIndex: 'OldestDueDate', labelKey: `${F}oldestDueDate`, sortable: true, render: (v) => (v ? String(v) : '') },
];

/** What the screen's main action does to the selected person. */
const MAIN_ACTION: Record<FreezeScreen, { labelKey: string; icon: ReactNode; danger: boolean }> = {
  OverdueFreeze: { labelKey: 'freeze.action.freeze', icon: <LockOutlined />, danger: true },
  OverdueThaw: { labelKey: 'freeze.action.thaw', icon: <UnlockOutlined />, danger: false },
  ResignationFreeze: { labelKey: 'freeze.action.resign', icon: <LockOutlined />, danger: true },
};

type Dialog =
  | { kind: 'act'; row: FreezeRow; reload: () => unknown }
  | { kind: 'loans'; row: FreezeRow }
  | { kind: 'history'; row: FreezeRow | null };

/**
 * One freeze screen (overdue freeze, overdue thaw, resignation freeze): the people it acts on with their open
 * loans, the freeze or thaw with a reason, a person's open loans and the screen's history.
 */
export function FreezePage({ screen }: { screen: FreezeScreen }) {
  const { t } = useTranslation();
  const api = useMemo(() => freezeApi(screen), [screen]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const done = useCallback(() => {
    if (dialog?.kind !== 'act') return;
    notice.success(t(`freeze.done.${screen}`, { name: dialog.row.Name }));
    void dialog.reload();
    setDialog(null);
  }, [dialog, screen, t]);

  const main = MAIN_ACTION[screen];
  const actions: ActionDef<FreezeRow>[] = [
    {
      key: 'act',
      labelKey: main.labelKey,
      icon: main.icon,
      danger: main.danger,
      primary: !main.danger,
      needsOne: true,
      run: ({ rows, reload }) => setDialog({ kind: 'act', row: rows[0]!, reload }),
    },
    {
      key: 'loans',
      labelKey: 'freeze.action.loans',
      icon: <TransactionOutlined />,
      needsOne: true,
      run: ({ rows }) => setDialog({ kind: 'loans', row: rows[0]! }),
    },
    {
      // One person selected: their history; none: the screen's whole history.
      key: 'history',
      labelKey: 'freeze.action.history',
      icon: <HistoryOutlined />,
      run: ({ rows }) => setDialog({ kind: 'history', row: rows.length === 1 ? rows[0]! : null }),
    },
  ];

  return (
    <>
      <ListPage<FreezeRow>
        titleKey={`menu.expense.${screen}`}
        header={<Typography.Paragraph type="secondary">{t(`freeze.help.${screen}`)}</Typography.Paragraph>}
        queryKey={`freezes-${screen}`}
        searchCall={(body) => api.search(body)}
        exportCall={(filters) => api.export(filters)}
        rowKey="EmployeeID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
      />
      <ReasonModal
        screen={screen}
        actionKey={main.labelKey}
        row={dialog?.kind === 'act' ? dialog.row : null}
        onClose={close}
        onDone={done}
      />
      <LoansDrawer screen={screen} person={dialog?.kind === 'loans' ? dialog.row : null} onClose={close} />
      <HistoryDrawer
        screen={screen}
        open={dialog?.kind === 'history'}
        person={dialog?.kind === 'history' ? dialog.row : null}
        onClose={close}
      />
    </>
  );
}
