import { DeleteOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type F110Item, type F110Run, formatAmount } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Input, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { displayDateTime } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { piplApi } from './pipl-api';

const F = 'pipl.field.';

function Label({ k }: { k: string }) {
  const { t } = useTranslation();
  return <>{t(k)}</>;
}

function StateTag({ row }: { row: F110Run }) {
  if (row.PersonalDataDeleted)
    return (
      <Tag color="default">
        <Label k="pipl.state.deleted" />
      </Tag>
    );
  return row.Deletable ? (
    <Tag color="warning">
      <Label k="pipl.state.deletable" />
    </Tag>
  ) : (
    <Tag color="success">
      <Label k="pipl.state.kept" />
    </Tag>
  );
}

export const PIPL_FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}keyword`, type: 'text' },
  { name: 'DateFrom', labelKey: `${F}dateFrom`, type: 'date' },
  { name: 'DateTo', labelKey: `${F}dateTo`, type: 'date' },
  {
    name: 'Deleted',
    labelKey: `${F}state`,
    type: 'select',
    options: [
      { value: 'false', labelKey: 'pipl.filter.kept' },
      { value: 'true', labelKey: 'pipl.filter.deleted' },
    ],
  },
];

const COLUMNS: ColumnDef<F110Run>[] = [
  { dataIndex: 'RunNo', labelKey: `${F}runNo`, sortable: true },
  { dataIndex: 'CreditingDate', labelKey: `${F}creditingDate`, sortable: true },
  { dataIndex: 'RemittedAt', labelKey: `${F}remittedAt`, sortable: true, render: (v) => displayDateTime(v) },
  { dataIndex: 'Payees', labelKey: `${F}payees` },
  { dataIndex: 'Items', labelKey: `${F}items` },
  { dataIndex: 'Total', labelKey: `${F}total`, render: (v) => formatAmount(String(v)) },
  { dataIndex: 'PersonalDataDeleted', labelKey: `${F}state`, render: (_v, r) => <StateTag row={r} /> },
  { dataIndex: 'DeletableFrom', labelKey: `${F}deletableFrom`, render: (v) => displayDateTime(v) },
  { dataIndex: 'DeletedAt', labelKey: `${F}deletedAt`, sortable: true, render: (v) => displayDateTime(v) },
  { dataIndex: 'DeletedByName', labelKey: `${F}deletedBy` },
];

/** The items of one run, with a keyword over document number and payee; accounts come masked unless the user pays. */
function RunItems({ run }: { run: F110Run }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['pipl', 'items', run.RunID, keyword, page],
    queryFn: () => piplApi.items({ RunID: run.RunID, Keyword: keyword || undefined, PageIndex: page, PageSize: 50 }),
  });
  const erased = (v: string | null): ReactNode =>
    run.PersonalDataDeleted && !v ? <Typography.Text type="secondary">{t('pipl.erased')}</Typography.Text> : v;
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('pipl.detail.keyword')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <Table<F110Item>
        size="small"
        rowKey="ItemID"
        loading={query.isFetching}
        dataSource={query.data?.Rows ?? []}
        locale={{ emptyText: t('pipl.detail.empty') }}
        pagination={{ current: page, pageSize: 50, total: query.data?.Total ?? 0, onChange: setPage }}
        columns={[
          { dataIndex: 'LineNo', title: t('pipl.col.lineNo'), width: 80 },
          { dataIndex: 'DocNo', title: t('pipl.col.docNo') },
          { dataIndex: 'PayeeCode', title: t('pipl.col.payeeCode'), render: erased },
          { dataIndex: 'PayeeName', title: t('pipl.col.payeeName'), render: erased },
          { dataIndex: 'BankName', title: t('pipl.col.bankName'), render: erased },
          { dataIndex: 'BankAccount', title: t('pipl.col.bankAccount'), render: erased },
          {
            dataIndex: 'Amount',
            title: t('pipl.col.amount'),
            align: 'right',
            render: (v: string) => formatAmount(v),
          },
        ]}
      />
    </>
  );
}

/**
 * The payment runs' personal data (PIPL): paid runs with when their data may be deleted, each run's items in a
 * drawer, the export (masked unless the user pays), and deletion of the personal data of runs past retention.
 */
export function PiplTab({ header, keepParams }: { header: ReactNode; keepParams: readonly string[] }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<F110Run | null>(null);
  const actions: ActionDef<F110Run>[] = [
    {
      key: 'detail',
      labelKey: 'pipl.action.detail',
      icon: <UnorderedListOutlined />,
      needsOne: true,
      run: ({ rows }) => setDetail(rows[0]!),
    },
    {
      key: 'delete',
      labelKey: 'pipl.action.delete',
      icon: <DeleteOutlined />,
      danger: true,
      needsSome: true,
      confirmKey: 'pipl.confirmDelete',
      run: async ({ rows, reload, clearSelection }) => {
        const r = await piplApi.remove(rows.map((x) => ({ RunID: x.RunID, Version: x.Version })));
        if (r.Deleted.length) notice.success(t('pipl.deleted', { count: r.Deleted.length }));
        for (const x of r.Refused) notice.warning(`${x.RunNo}: ${x.Message}`);
        clearSelection();
        await reload();
      },
    },
  ];
  return (
    <>
      <ListPage<F110Run>
        key="pipl"
        titleKey="menu.account.PaymentManage"
        header={header}
        keepParams={keepParams}
        queryKey="pipl-runs"
        searchCall={(body) => piplApi.runs(body)}
        exportCall={(body, progress) => piplApi.export(body, progress)}
        rowKey="RunID"
        columns={COLUMNS}
        filters={PIPL_FILTERS}
        actions={actions}
      />
      <Drawer
        open={detail !== null}
        size={960}
        title={detail ? t('pipl.detailOf', { runNo: detail.RunNo }) : ''}
        onClose={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && <RunItems run={detail} />}
      </Drawer>
    </>
  );
}
