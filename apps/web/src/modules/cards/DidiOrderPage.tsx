import { CarOutlined, FileAddOutlined, UserOutlined } from '@ant-design/icons';
import { type Principal, RIDE_ORDER_STATES, type RideOrderRow, type RideOrderState } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { http } from '../../app/api';
import { notice } from '../../app/notice';
import { formatAmount } from '../../shared/format';
import { type ActionContext, type ColumnDef, ListPage } from '../../shared/list-page';
import { documentPath } from '../documents/labels';
import { orderApi, useMayImport } from './api';
import { ClaimDialog } from './ClaimDialog';
import { StateTag, spendFilters } from './spend';

const C = 'cards.column.';
const COLOUR: Record<RideOrderState, string> = {
  open: 'blue',
  private: 'orange',
  business: 'purple',
  claimed: 'green',
};

const FILTERS = spendFilters(RIDE_ORDER_STATES, 'cards.orderStatus');

function Deadline({ row }: { row: RideOrderRow }) {
  const { t } = useTranslation();
  if (row.Status === 'claimed' || row.Status === 'private' || row.Claimable) return row.ClaimableUntil;
  return (
    <Typography.Text type="danger" title={t('cards.claimableUntil.passed')}>
      {row.ClaimableUntil} · {t('cards.claimableUntil.passed')}
    </Typography.Text>
  );
}

const COLUMNS: ColumnDef<RideOrderRow>[] = [
  { dataIndex: 'OrderDate', labelKey: `${C}orderDate`, sortable: true },
  { dataIndex: 'OrderNo', labelKey: `${C}orderNo`, sortable: true, width: 190 },
  { dataIndex: 'Provider', labelKey: `${C}provider` },
  { dataIndex: 'FromPlace', labelKey: `${C}fromPlace`, width: 180, ellipsis: true },
  { dataIndex: 'ToPlace', labelKey: `${C}toPlace`, width: 180, ellipsis: true },
  { dataIndex: 'Amount', labelKey: `${C}amount`, sortable: true, render: (v) => formatAmount(String(v)) },
  {
    dataIndex: 'Status',
    labelKey: `${C}status`,
    render: (v) => <StateTag value={v as RideOrderState} colours={COLOUR} labels="cards.orderStatus" />,
  },
  {
    dataIndex: 'ClaimableUntil',
    labelKey: `${C}claimableUntil`,
    width: 230,
    render: (_v, row) => <Deadline row={row} />,
  },
  {
    dataIndex: 'DocNo',
    labelKey: `${C}docNo`,
    render: (v, row) => (row.DocumentID && v ? <Link to={documentPath(row.DocumentID, true)}>{String(v)}</Link> : ''),
  },
];

/** Whose orders the list shows: one's own, or (for a fill-in proxy) a principal's; kept in the URL. */
function PrincipalSwitch({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
  const { t } = useTranslation();
  const principals = useQuery({
    queryKey: ['cards-principals'],
    queryFn: () => http.post<{ Rows: Principal[] }>('/api/System/GetMyProxy', { ProxyId: null }),
  });
  const fillIn = (principals.data?.Rows ?? []).filter((p) => p.Kinds.includes('fill_in'));
  if (fillIn.length === 0) return null;
  return (
    <Space>
      <span>{t('cards.field.principal')}</span>
      <Select
        style={{ minWidth: 220 }}
        data-testid="order-principal"
        value={value ?? 0}
        onChange={(v) => onChange(v ? Number(v) : null)}
        options={[
          { value: 0, label: t('cards.proxy.mine') },
          ...fillIn.map((p) => ({ value: p.ProxyId, label: `${p.Code} ${p.Name}` })),
        ]}
      />
    </Space>
  );
}

/**
 * My ride-hailing orders: each order turned private or business, business ones claimed into a deputy (the trip as
 * the line) until their claim deadline; a fill-in proxy looks at a principal's orders.
 */
export default function DidiOrderPage() {
  const { t } = useTranslation();
  const mayImport = useMayImport();
  const [params, setParams] = useSearchParams();
  const principal = Number(params.get('principal')) || null;
  const [claiming, setClaiming] = useState<ActionContext<RideOrderRow> | null>(null);

  const turn =
    (to: 'Private' | 'Business') =>
    async ({ rows, reload, clearSelection }: ActionContext<RideOrderRow>) => {
      const key = to === 'Private' ? 'cards.confirm.turnOrderPrivate' : 'cards.confirm.turnBusiness';
      if (!(await notice.ask(t(key, { count: rows.length })))) return;
      const done = await orderApi.turn(to, rows);
      notice.success(t('cards.turned', { count: done.Changed }));
      clearSelection();
      await reload();
    };

  return (
    <>
      <ListPage<RideOrderRow>
        titleKey="menu.expense.myDidiOrder"
        header={
          <PrincipalSwitch
            value={principal}
            onChange={(v) => {
              const next = new URLSearchParams(params);
              if (v) next.set('principal', String(v));
              else next.delete('principal');
              setParams(next);
            }}
          />
        }
        keepParams={['principal']}
        queryKey={`cards-orders-${principal ?? 'own'}`}
        searchCall={(body) =>
          principal ? orderApi.searchProxy({ ...body, PrincipalID: principal }) : orderApi.search(body)
        }
        exportCall={principal ? undefined : (body, progress) => orderApi.export(body, progress)}
        importCall={mayImport ? (file) => orderApi.importStatement(file) : undefined}
        rowKey="ID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={
          principal
            ? []
            : [
                {
                  key: 'business',
                  labelKey: 'cards.action.turnBusiness',
                  icon: <CarOutlined />,
                  needsSome: true,
                  run: turn('Business'),
                },
                {
                  key: 'private',
                  labelKey: 'cards.action.turnOrderPrivate',
                  icon: <UserOutlined />,
                  needsSome: true,
                  run: turn('Private'),
                },
                {
                  key: 'claim',
                  labelKey: 'cards.action.claim',
                  icon: <FileAddOutlined />,
                  primary: true,
                  needsSome: true,
                  run: (ctx) => setClaiming(ctx),
                },
              ]
        }
      />
      <ClaimDialog selection={claiming} claim={orderApi.claim} onClose={() => setClaiming(null)} />
    </>
  );
}
