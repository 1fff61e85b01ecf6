import { DownloadOutlined, InboxOutlined, SafetyOutlined } from '@ant-design/icons';
import { QUOTA_KINDS, type QuotaDetailSaveBody, type QuotaKind, type QuotaRow } from '@ems/contracts';
import { Form, Radio, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../app/notice';
import { saveDownload } from '../../shared/download';
import { FormModal } from '../../shared/FormModal';
import { formatAmount } from '../../shared/format';
import { type ActionDef, type ColumnDef, type FieldDef, type FilterDef, ListPage } from '../../shared/list-page';
import { useFormSubmit } from '../../shared/useFormSubmit';
import { quotaApi, thisYear, yearOptions } from './api';
import { QuotaItemPicker, QuotaSubjectPicker } from './pickers';

const F = 'quota.field.';
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const STATUS_OPTIONS = [0, 1, 2].map((s) => ({ value: s, labelKey: `quota.status.${s}` }));

const FILTERS: FilterDef[] = [
  { name: 'Year', labelKey: `${F}year`, type: 'select', options: yearOptions() },
  {
    name: 'Kind',
    labelKey: `${F}kind`,
    type: 'select',
    options: QUOTA_KINDS.map((k) => ({ value: k, labelKey: `quota.kind.${k}` })),
  },
  { name: 'Keyword', labelKey: 'quota.keyword', type: 'text' },
  { name: 'LimitStatus', labelKey: `${F}limitStatus`, type: 'select', options: STATUS_OPTIONS },
  {
    name: 'Archived',
    labelKey: `${F}archived`,
    type: 'select',
    options: [
      { value: 'false', labelKey: 'quota.archived.no' },
      { value: 'true', labelKey: 'quota.archived.yes' },
    ],
  },
];

export function LimitStatusTag({ value }: { value: number | null }) {
  const { t } = useTranslation();
  if (value === null) return null;
  return <Tag color={value === 2 ? 'red' : value === 1 ? 'orange' : 'default'}>{t(`quota.status.${value}`)}</Tag>;
}

const money = (v: unknown) => formatAmount(String(v ?? ''));

const COLUMNS: ColumnDef<QuotaRow>[] = [
  { dataIndex: 'Year', labelKey: `${F}year`, sortable: true },
  { dataIndex: 'Kind', labelKey: `${F}kind`, sortable: true, render: (v) => <KindText kind={v as QuotaKind} /> },
  { dataIndex: 'SubjectCode', labelKey: `${F}subjectCode` },
  { dataIndex: 'SubjectName', labelKey: `${F}subjectName`, ellipsis: true },
  { dataIndex: 'ExpenseItemName', labelKey: `${F}item`, ellipsis: true, render: (v) => (v ? String(v) : '') },
  { dataIndex: 'Amount', labelKey: `${F}amount`, sortable: true, render: money },
  { dataIndex: 'Used', labelKey: `${F}used`, render: money },
  { dataIndex: 'Available', labelKey: `${F}available`, render: money },
  { dataIndex: 'DetailCount', labelKey: 'quota.monthlyCaps' },
  {
    dataIndex: 'LimitStatus',
    labelKey: `${F}limitStatus`,
    sortable: true,
    render: (v) => <LimitStatusTag value={Number(v)} />,
  },
  { dataIndex: 'Remark', labelKey: `${F}remark`, ellipsis: true, render: (v) => (v ? String(v) : '') },
];

function KindText({ kind }: { kind: QuotaKind }) {
  const { t } = useTranslation();
  return <>{t(`quota.kind.${kind}`)}</>;
}

const EDITOR_FIELDS: FieldDef[] = [
  { name: 'Year', labelKey: `${F}year`, type: 'select', options: yearOptions(), required: true, readOnlyOnEdit: true },
  {
    name: 'Kind',
    labelKey: `${F}kind`,
    type: 'select',
    options: QUOTA_KINDS.map((k) => ({ value: k, labelKey: `quota.kind.${k}` })),
    required: true,
    readOnlyOnEdit: true,
  },
  {
    name: 'SubjectID',
    labelKey: `${F}subject`,
    type: 'custom',
    control: QuotaSubjectPicker,
    required: true,
    readOnlyOnEdit: true,
  },
  { name: 'ExpenseItemID', labelKey: 'quota.itemHint', type: 'custom', control: QuotaItemPicker, readOnlyOnEdit: true },
  { name: 'Amount', labelKey: `${F}amount`, type: 'text', required: true, maxLength: 19 },
  { name: 'LimitStatus', labelKey: `${F}limitStatus`, type: 'select', options: STATUS_OPTIONS, required: true },
  { name: 'Remark', labelKey: `${F}remark`, type: 'textarea', maxLength: 500 },
  ...MONTHS.map((m): FieldDef => ({ name: `M${m}`, labelKey: `quota.month.${m}`, type: 'text', maxLength: 19 })),
];

/** The editor's values as the save call's body: the picked subject and item; months with an amount become caps. */
export function toBody(values: Record<string, unknown>, row: QuotaRow | undefined): QuotaDetailSaveBody {
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
  const id = (v: unknown) => (text(v) === '' ? undefined : Number(v));
  const item = row ? row.ExpenseItemID : (id(values.ExpenseItemID) ?? null);
  return {
    ...(row ? { QuotaID: row.QuotaID, Version: row.Version } : {}),
    Year: Number(values.Year ?? row?.Year ?? thisYear()),
    Kind: (values.Kind ?? row?.Kind) as QuotaKind,
    SubjectID: row ? row.SubjectID : id(values.SubjectID),
    ExpenseItemID: item,
    Amount: text(values.Amount),
    LimitStatus: Number(values.LimitStatus ?? 0),
    Remark: text(values.Remark) || null,
    Details: MONTHS.filter((m) => text(values[`M${m}`]) !== '').map((m) => ({
      Month: m,
      Amount: text(values[`M${m}`]),
    })),
  };
}

/** Sets the limit status of the chosen quotas. */
function StatusModal(props: { rows: QuotaRow[] | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ LimitStatus: number }>();
  const { submit, busy } = useFormSubmit<{ LimitStatus: number }>(form, {
    submit: async ({ LimitStatus }) =>
      quotaApi.setLimitStatus(
        (props.rows ?? []).map((r) => r.QuotaID),
        LimitStatus,
      ),
    onSuccess: props.onDone,
  });
  return (
    <FormModal
      open={props.rows !== null}
      title={t('quota.action.limitStatus')}
      onClose={props.onClose}
      onSave={submit}
      busy={busy}
    >
      <Form form={form} layout="vertical" initialValues={{ LimitStatus: props.rows?.[0]?.LimitStatus ?? 0 }}>
        <Form.Item name="LimitStatus" label={t(`${F}limitStatus`)} rules={[{ required: true }]}>
          <Radio.Group data-testid="quota-limit-status">
            {[0, 1, 2].map((s) => (
              <Radio key={s} value={s}>
                {t(`quota.status.${s}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Archives a year's quotas after a confirmation. */
function ArchiveModal(props: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ Year: number }>();
  const { submit, busy } = useFormSubmit<{ Year: number }>(form, {
    submit: async ({ Year }) => {
      if (!(await notice.ask(t('quota.archive.confirm', { year: Year })))) return;
      const res = await quotaApi.archive(Year);
      notice.success(t('quota.archive.done', { count: res.Archived }));
    },
    successKey: null,
    onSuccess: props.onDone,
  });
  return (
    <FormModal
      open={props.open}
      title={t('quota.action.archive')}
      onClose={props.onClose}
      onSave={submit}
      busy={busy}
      okText={t('quota.action.archive')}
    >
      <Typography.Paragraph type="secondary">{t('quota.archive.help')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ Year: thisYear() - 1 }}>
        <Form.Item name="Year" label={t(`${F}year`)} rules={[{ required: true }]}>
          <Select options={yearOptions()} data-testid="quota-archive-year" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Quotas (DESIGN §11): yearly caps per HCP, HCO, clinical-trial HCO, overseas item, lecture fee and employee. */
export default function QuotaManagementPage() {
  const { t } = useTranslation();
  const [statusRows, setStatusRows] = useState<{ rows: QuotaRow[]; reload: () => unknown } | null>(null);
  const [archiving, setArchiving] = useState<{ reload: () => unknown } | null>(null);

  const actions: ActionDef<QuotaRow>[] = [
    {
      key: 'status',
      labelKey: 'quota.action.limitStatus',
      icon: <SafetyOutlined />,
      needsSome: true,
      run: ({ rows, reload }) => setStatusRows({ rows, reload }),
    },
    {
      key: 'archive',
      labelKey: 'quota.action.archive',
      icon: <InboxOutlined />,
      run: ({ reload }) => setArchiving({ reload }),
    },
    {
      key: 'template',
      labelKey: 'quota.action.template',
      icon: <DownloadOutlined />,
      run: async () => saveDownload(await quotaApi.template()),
    },
  ];

  return (
    <>
      <ListPage<QuotaRow>
        titleKey="menu.report.quotaManagement"
        header={<Typography.Paragraph type="secondary">{t('quota.help')}</Typography.Paragraph>}
        queryKey="quotas"
        searchCall={(body) => quotaApi.search({ ...body, Archived: body.Archived === 'true' })}
        exportCall={(filters) => quotaApi.export({ ...filters, Archived: filters.Archived === 'true' })}
        importCall={(file) => quotaApi.import(file)}
        rowKey="QuotaID"
        columns={COLUMNS}
        filters={FILTERS}
        defaultFilters={{ Year: String(thisYear()) }}
        actions={actions}
        editor={{
          fields: EDITOR_FIELDS,
          initialValues: { Year: thisYear(), Kind: 'hcp', LimitStatus: 0 },
          load: async (row) => {
            const d = await quotaApi.detail(row.QuotaID);
            const months = Object.fromEntries(d.Rows.map((r) => [`M${r.Month}`, r.Amount]));
            return {
              Year: row.Year,
              Kind: row.Kind,
              SubjectID: row.SubjectID,
              ExpenseItemID: row.ExpenseItemID ?? undefined,
              Amount: row.Amount,
              LimitStatus: row.LimitStatus,
              Remark: row.Remark ?? '',
              ...months,
            };
          },
          save: (values, row) => quotaApi.save(toBody(values, row)),
          createTitleKey: 'quota.add',
          editTitleKey: 'quota.edit',
        }}
        delete={(rows) => quotaApi.remove(rows.map((r) => r.QuotaID))}
      />
      <StatusModal
        rows={statusRows?.rows ?? null}
        onClose={() => setStatusRows(null)}
        onDone={() => {
          void statusRows?.reload();
          setStatusRows(null);
        }}
      />
      <ArchiveModal
        open={archiving !== null}
        onClose={() => setArchiving(null)}
        onDone={() => {
          void archiving?.reload();
          setArchiving(null);
        }}
      />
    </>
  );
}
