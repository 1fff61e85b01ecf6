import { CopyOutlined, FileAddOutlined, WalletOutlined } from '@ant-design/icons';
import type { DocState, DocType, DocumentListRow } from '@ems/contracts';
import { DOC_TYPES, formatAmount } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { displayDateTime } from '../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../shared/list-page';
import { BookOnTmcButton } from '../cards/tmc';
import { documentApi } from './api';
import { ExpenseRuleBanner, ExpenseRuleGate, useExpenseRules } from './ExpenseRules';
import { DOC_STATE_OPTIONS, DOC_TYPE_OPTIONS, DocTypeLabel, StatusTag } from './labels';

const F = 'doc.field';
/** The states an employee follows most, in the order of a document's life; the rest are summed as "others". */
const SHOWN: DocState[] = ['draft', 'confirming', 'approving', 'returned', 'approved'];
const EDITABLE: DocState[] = ['draft', 'returned'];

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  { name: 'DocType', labelKey: `${F}.docType`, type: 'select', options: DOC_TYPE_OPTIONS },
  { name: 'Status', labelKey: `${F}.status`, type: 'select', options: DOC_STATE_OPTIONS },
  { name: 'DateFrom', labelKey: `${F}.createdFrom`, type: 'date' },
  { name: 'DateTo', labelKey: `${F}.createdTo`, type: 'date' },
];

const COLUMNS: ColumnDef<DocumentListRow>[] = [
  {
    dataIndex: 'DocNo',
    labelKey: `${F}.docNo`,
    sortable: true,
    width: 170,
    render: (v, r) => (
      <Link
        to={`/manage/document/${EDITABLE.includes(r.Status) ? 'edit' : 'view'}/${r.ID}`}
        data-testid={`doc-link-${String(v)}`}
      >
        {String(v)}
      </Link>
    ),
  },
  { dataIndex: 'DocType', labelKey: `${F}.docType`, render: (v) => <DocTypeLabel docType={v as DocType} /> },
  { dataIndex: 'Status', labelKey: `${F}.status`, sortable: true, render: (v) => <StatusTag status={v as DocState} /> },
  { dataIndex: 'ExpenseTypeName', labelKey: `${F}.expenseType`, width: 160 },
  { dataIndex: 'Reason', labelKey: `${F}.reason`, width: 220, ellipsis: true },
  { dataIndex: 'Currency', labelKey: `${F}.currency` },
  {
    dataIndex: 'TotalAmount',
    labelKey: `${F}.amount`,
    sortable: true,
    render: (v) => <span className="amount">{formatAmount(String(v))}</span>,
  },
  { dataIndex: 'ApplicantName', labelKey: `${F}.applicant` },
  { dataIndex: 'PreparerName', labelKey: `${F}.preparer` },
  { dataIndex: 'CreatedAt', labelKey: `${F}.createdAt`, sortable: true, width: 180, render: (v) => displayDateTime(v) },
  {
    dataIndex: 'SubmittedAt',
    labelKey: `${F}.submittedAt`,
    sortable: true,
    width: 180,
    render: (v) => displayDateTime(v),
  },
];

/** Counts of my documents by state; a click filters the list to that state. */
function StateSummary() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const counts = useQuery({ queryKey: ['documents', 'counts'], queryFn: documentApi.counts });
  const byState = new Map<DocState, number>();
  for (const r of counts.data?.Rows ?? []) byState.set(r.Status, (byState.get(r.Status) ?? 0) + r.Count);
  const current = params.get('Status');
  const pick = (state: DocState | null) => {
    const next = new URLSearchParams(params);
    if (state) next.set('Status', state);
    else next.delete('Status');
    next.delete('page');
    setParams(next);
  };
  const total = [...byState.values()].reduce((a, b) => a + b, 0);
  return (
    <Flex wrap gap={8} data-testid="doc-state-summary">
      <Tag.CheckableTag checked={!current} onChange={() => pick(null)}>
        {t('doc.summary.all')} <Badge count={total} showZero color="#8c8c8c" />
      </Tag.CheckableTag>
      {SHOWN.map((s) => (
        <Tag.CheckableTag key={s} checked={current === s} onChange={() => pick(s)} data-testid={`doc-count-${s}`}>
          {t(`doc.status.${s}`)}{' '}
          <Badge count={byState.get(s) ?? 0} showZero color={s === 'returned' ? 'red' : 'blue'} />
        </Tag.CheckableTag>
      ))}
    </Flex>
  );
}

/** The personal expense centre: my documents (and those I prepare as fill-in proxy), new, copy and delete. */
export default function PersonalExpensePage() {
  return (
    <ExpenseRuleGate>
      <PersonalExpenseList />
    </ExpenseRuleGate>
  );
}

function PersonalExpenseList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rules = useExpenseRules();
  // Without a bank account only applies can be started; the documents already there stay listed.
  const noBank = rules.broken('deputy') === 'no_bank_account';
  const actions: ActionDef<DocumentListRow>[] = [
    ...DOC_TYPES.filter((d) => !noBank || d === 'apply').map(
      (d): ActionDef<DocumentListRow> => ({
        key: `new-${d}`,
        labelKey: `doc.new.${d}`,
        icon: <FileAddOutlined />,
        primary: d === 'deputy',
        run: () => navigate(`/manage/document/new/${d}`),
      }),
    ),
    {
      key: 'copy',
      labelKey: 'doc.action.copy',
      icon: <CopyOutlined />,
      needsOne: true,
      run: async ({ rows }) => {
        const source = rows[0]!;
        const copy = await documentApi.add(source.DocType, source.ID);
        navigate(`/manage/document/edit/${copy.ID}`);
      },
    },
  ];
  return (
    <ListPage<DocumentListRow>
      titleKey="menu.expense.personalExpense"
      header={
        <>
          {noBank ? <ExpenseRuleBanner rule="no_bank_account" /> : null}
          <Flex justify="space-between" align="center" wrap gap={8}>
            <StateSummary />
            <Flex gap={8} wrap>
              <Button icon={<WalletOutlined />} onClick={() => navigate('/manage/wallet')} data-testid="open-wallet">
                {t('wallet.open')}
              </Button>
              <BookOnTmcButton />
            </Flex>
          </Flex>
        </>
      }
      queryKey="documents-mine"
      searchCall={(body) => documentApi.search(body)}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      actions={actions}
      delete={async (rows) => {
        try {
          for (const r of rows) await documentApi.remove(r.ID, r.Version);
        } finally {
          void queryClient.invalidateQueries({ queryKey: ['documents', 'counts'] });
        }
      }}
    />
  );
}
