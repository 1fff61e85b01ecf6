import { SendOutlined } from '@ant-design/icons';
import type { PaySuggestRow } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { displayDateTime } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { TeamTreeSelect } from '../../org/pickers/TeamTreeSelect';
import { remitApi } from './api';

const F = 'remit.field.';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}keyword`, type: 'text' },
  { name: 'TeamID', labelKey: `${F}team`, type: 'custom', control: TeamTreeSelect },
];

const COLUMNS: ColumnDef<PaySuggestRow>[] = [
  { dataIndex: 'PayeeKind', labelKey: `${F}payeeKind`, render: (v) => <PayeeKind kind={String(v)} /> },
  { dataIndex: 'PayeeCode', labelKey: `${F}payeeCode` },
  { dataIndex: 'PayeeName', labelKey: `${F}payee` },
  { dataIndex: 'BankAccount', labelKey: `${F}bankAccount` },
  { dataIndex: 'Documents', labelKey: `${F}documents` },
  { dataIndex: 'Amount', labelKey: `${F}amount`, render: (v) => formatAmount(String(v)) },
  { dataIndex: 'OldestPostedAt', labelKey: `${F}oldestPostedAt`, render: (v) => displayDateTime(v) },
  {
    dataIndex: 'MaxDaysWaiting',
    labelKey: `${F}daysWaiting`,
    render: (v) => (Number(v) > 7 ? <Typography.Text type="danger">{String(v)}</Typography.Text> : String(v ?? '')),
  },
];

function PayeeKind({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <>{t(`remit.payeeKind.${kind}`)}</>;
}

/** What to pay: posted documents no run holds, by payee, longest waiting first; the selection starts a run. */
export default function PaySuggestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [totals, setTotals] = useState<{ amount: string; documents: number } | null>(null);
  const actions: ActionDef<PaySuggestRow>[] = [
    {
      key: 'start',
      labelKey: 'remit.action.startFromSuggestion',
      icon: <SendOutlined />,
      primary: true,
      needsSome: true,
      run: ({ rows }) => navigate(`/manage/expenseRemittance?docs=${rows.flatMap((r) => r.DocumentIDs).join(',')}`),
    },
  ];
  return (
    <ListPage<PaySuggestRow>
      titleKey="menu.account.PaySuggest"
      header={
        totals && (
          <Typography.Paragraph strong data-testid="pay-suggest-totals">
            {t('remit.suggest.totals', { amount: formatAmount(totals.amount), count: totals.documents })}
          </Typography.Paragraph>
        )
      }
      queryKey="pay-suggest"
      searchCall={async (body) => {
        const page = await remitApi.suggest(body);
        setTotals({ amount: page.TotalAmount, documents: page.TotalDocuments });
        return page;
      }}
      rowKey="PayeeKey"
      columns={COLUMNS}
      filters={FILTERS}
      actions={actions}
    />
  );
}
