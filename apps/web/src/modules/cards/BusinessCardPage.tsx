import { FileAddOutlined, UserOutlined } from '@ant-design/icons';
import { CARD_TXN_STATES, type CardTxnRow, type CardTxnState } from '@ems/contracts';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notice } from '../../app/notice';
import { formatAmount } from '../../shared/format';
import { type ActionContext, type ColumnDef, ListPage } from '../../shared/list-page';
import { documentPath } from '../documents/labels';
import { cardApi, useMayImport } from './api';
import { CardRegistryList } from './CardRegistryList';
import { ClaimDialog } from './ClaimDialog';
import { StateTag, spendFilters } from './spend';

const C = 'cards.column.';
const COLOUR: Record<CardTxnState, string> = { open: 'blue', private: 'orange', claimed: 'green', settled: 'default' };

const FILTERS = spendFilters(CARD_TXN_STATES, 'cards.cardStatus');

const COLUMNS: ColumnDef<CardTxnRow>[] = [
  { dataIndex: 'TransDate', labelKey: `${C}transDate`, sortable: true },
  { dataIndex: 'CardNo', labelKey: `${C}cardNo`, width: 190 },
  { dataIndex: 'Merchant', labelKey: `${C}merchant`, sortable: true, width: 240, ellipsis: true },
  { dataIndex: 'Amount', labelKey: `${C}amount`, sortable: true, render: (v) => formatAmount(String(v)) },
  { dataIndex: 'Currency', labelKey: `${C}currency` },
  {
    dataIndex: 'Status',
    labelKey: `${C}status`,
    render: (v) => <StateTag value={v as CardTxnState} colours={COLOUR} labels="cards.cardStatus" />,
  },
  {
    dataIndex: 'DocNo',
    labelKey: `${C}docNo`,
    render: (v, row) => (row.DocumentID && v ? <Link to={documentPath(row.DocumentID, true)}>{String(v)}</Link> : ''),
  },
];

const KEEP = ['tab'] as const;

/**
 * My business card: the card transactions the issuer reported for the holder; personal ones are marked private
 * (deducted from the next payment), business ones claimed into a deputy in one step. Those who receive the issuer's
 * statements (expenseRemittance) also see the tab "Cards": the registry the statement is matched against.
 */
export default function BusinessCardPage() {
  const { t } = useTranslation();
  const mayImport = useMayImport();
  const [params, setParams] = useSearchParams();
  const [claiming, setClaiming] = useState<ActionContext<CardTxnRow> | null>(null);
  const tab = mayImport && params.get('tab') === 'registry' ? 'registry' : 'transactions';
  const tabs = mayImport ? (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'registry' ? { tab: key } : {})}
      items={(['transactions', 'registry'] as const).map((k) => ({ key: k, label: t(`cards.tab.${k}`) }))}
    />
  ) : undefined;

  if (tab === 'registry') return <CardRegistryList header={tabs} keepParams={KEEP} />;
  return (
    <>
      <ListPage<CardTxnRow>
        key="transactions"
        titleKey="menu.expense.myBusinessCard"
        header={tabs}
        keepParams={KEEP}
        queryKey="cards-business"
        searchCall={(body) => cardApi.search(body)}
        exportCall={(body, progress) => cardApi.export(body, progress)}
        importCall={mayImport ? (file) => cardApi.importStatement(file) : undefined}
        rowKey="ID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={[
          {
            key: 'claim',
            labelKey: 'cards.action.claim',
            icon: <FileAddOutlined />,
            primary: true,
            needsSome: true,
            run: (ctx) => setClaiming(ctx),
          },
          {
            key: 'private',
            labelKey: 'cards.action.turnPrivate',
            icon: <UserOutlined />,
            needsSome: true,
            run: async ({ rows, reload, clearSelection }) => {
              if (!(await notice.ask(t('cards.confirm.turnPrivate', { count: rows.length })))) return;
              const done = await cardApi.turnPrivate(rows);
              notice.success(t('cards.turned', { count: done.Changed }));
              clearSelection();
              await reload();
            },
          },
        ]}
      />
      <ClaimDialog selection={claiming} claim={cardApi.claim} onClose={() => setClaiming(null)} />
    </>
  );
}
