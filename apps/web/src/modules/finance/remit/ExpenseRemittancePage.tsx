import type { AuditMethod, PaymentMethod, RemitDocumentRow, RemitRun, RemitStep, TeamNode } from '@ems/contracts';
import { addMoney, formatAmount, shanghaiToday, subMoney } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Radio,
  Select,
  Space,
  Steps,
  Table,
  type TableColumnsType,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { saveDownload } from '../../../shared/download';
import { displayDateTime } from '../../../shared/format';
import { PayerAccountPicker } from '../../masterdata/banks/BankBranchPicker';
import { remitApi } from './api';
import { LastFailure, ReturnImport } from './BankAnswers';
import { RemitLinesTable } from './RemitLinesTable';

const STEP_KEYS = ['way', 'documents', 'list', 'entries', 'print', 'remit'] as const;
/** The wizard's step of a run's state: a new run is at 1 (documents); a finished one shows the remittance. */
const INDEX: Record<RemitStep, number> = { documents: 1, list: 2, entries: 3, print: 4, remit: 5, done: 5 };

type Refresh = () => Promise<unknown>;

/** Names the documents of a batch that were not moved, with why. */
function reportRefusals(t: TFunction, refused: { DocNo: string; Code: string }[]) {
  for (const r of refused)
    notice.warning(`${r.DocNo}: ${t(`error.${r.Code}`, { docNo: r.DocNo, payee: '', runNo: '' })}`);
}

/** The confirm button of a step: the run moves on to the next one. */
function ConfirmButton({ run, onDone, labelKey }: { run: RemitRun; onDone: Refresh; labelKey?: string }) {
  const { t } = useTranslation();
  return (
    <ActionButton
      type="primary"
      data-testid={`remit-confirm-${run.Step}`}
      onAction={async () => {
        await remitApi.confirm({ RunID: run.RunID, Version: run.Version, Step: run.Step });
        await onDone();
      }}
    >
      {t(labelKey ?? 'remit.action.confirmNext')}
    </ActionButton>
  );
}

interface WayValues {
  PayerAccountID?: number | null;
  PaymentMethod: PaymentMethod;
  CreditingDate: Dayjs;
  AuditMethod: AuditMethod;
}

/** Step 1: payment method, crediting date, audit method; changing them once documents are in asks first. */
function WayStep({ run, onSaved }: { run: RemitRun | null; onSaved: (run: RemitRun) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WayValues>();
  useEffect(() => {
    form.setFieldsValue(
      run
        ? {
            PayerAccountID: run.PayerAccountID,
            PaymentMethod: run.PaymentMethod,
            CreditingDate: dayjs(run.CreditingDate),
            AuditMethod: run.AuditMethod,
          }
        : { PaymentMethod: 'transfer', CreditingDate: dayjs(shanghaiToday()), AuditMethod: 'payee' },
    );
  }, [form, run]);
  const save = async () => {
    const v = await form.validateFields();
    const body = {
      PaymentMethod: v.PaymentMethod,
      CreditingDate: v.CreditingDate.format('YYYY-MM-DD'),
      AuditMethod: v.AuditMethod,
      ...(v.PayerAccountID ? { PayerAccountID: v.PayerAccountID } : {}),
    };
    if (!run) return onSaved(await remitApi.generate(body));
    const payerChanged = (v.PayerAccountID ?? null) !== run.PayerAccountID && !!v.PayerAccountID;
    const changed =
      body.PaymentMethod !== run.PaymentMethod ||
      body.CreditingDate !== run.CreditingDate ||
      body.AuditMethod !== run.AuditMethod;
    // Another paying account changes the bank file only: nothing to regenerate.
    if (!changed && payerChanged)
      return onSaved(await remitApi.generate({ ...body, RunID: run.RunID, Version: run.Version }));
    if (!changed) return onSaved(run);
    // The remittance list and the entries are made from the way: changing it makes them again.
    const confirmNeeded = run.Documents > 0;
    if (confirmNeeded && !(await notice.ask(t('remit.way.confirmRegenerate')))) return;
    onSaved(await remitApi.generate({ ...body, RunID: run.RunID, Version: run.Version, Confirm: confirmNeeded }));
  };
  const disabled = run?.Step === 'done';
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} disabled={disabled}>
      <Form.Item name="PayerAccountID" label={t('remit.field.payerAccount')} extra={t('remit.way.payerHint')}>
        <PayerAccountPicker data-testid="remit-payer" />
      </Form.Item>
      <Form.Item name="PaymentMethod" label={t('remit.field.paymentMethod')} rules={[{ required: true }]}>
        <Select
          data-testid="remit-method"
          options={[
            { value: 'transfer', label: t('remit.method.transfer') },
            { value: 'urgent', label: t('remit.method.urgent') },
          ]}
        />
      </Form.Item>
      <Form.Item name="CreditingDate" label={t('remit.field.creditingDate')} rules={[{ required: true }]}>
        <DatePicker
          format="YYYY-MM-DD"
          style={{ width: '100%' }}
          // The bank credits on Shanghai's business day at the earliest, wherever the browser is.
          disabledDate={(d) => d.format('YYYY-MM-DD') < shanghaiToday()}
          data-testid="remit-date"
        />
      </Form.Item>
      <Form.Item name="AuditMethod" label={t('remit.field.auditMethod')} rules={[{ required: true }]}>
        <Radio.Group
          options={[
            { value: 'payee', label: t('remit.audit.payee') },
            { value: 'document', label: t('remit.audit.document') },
          ]}
        />
      </Form.Item>
      <ActionButton type="primary" onAction={save} disabled={disabled} data-testid="remit-save-way">
        {t(run ? 'remit.action.saveWay' : 'remit.action.startRun')}
      </ActionButton>
    </Form>
  );
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
const toTree = (nodes: TeamNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.TeamID, title: `${n.Name} (${n.Code})`, children: toTree(n.Children) }));

function useDocumentColumns(): TableColumnsType<RemitDocumentRow> {
  const { t } = useTranslation();
  return [
    {
      dataIndex: 'DocNo',
      title: t('remit.field.docNo'),
      render: (v: string, r) => <Link to={`/manage/document/view/${r.ID}`}>{v}</Link>,
    },
    { dataIndex: 'DocType', title: t('remit.field.docType'), render: (v: string) => t(`doc.type.${v}`) },
    { dataIndex: 'ApplicantName', title: t('remit.field.applicant') },
    { dataIndex: 'TeamName', title: t('remit.field.team'), ellipsis: true },
    { dataIndex: 'PayeeName', title: t('remit.field.payee') },
    { dataIndex: 'BankAccount', title: t('remit.field.bankAccount') },
    { dataIndex: 'Payable', title: t('remit.field.amount'), align: 'right', render: (v: string) => formatAmount(v) },
    { dataIndex: 'DaysWaiting', title: t('remit.field.daysWaiting'), align: 'right' },
    {
      dataIndex: 'LastFailure',
      title: t('remit.field.lastFailure'),
      render: (v: string | null) => <LastFailure reason={v} />,
    },
  ];
}

/** One side of step 2: the candidates (posted, in no run) or the run's documents, with a selection. */
function DocumentTable({
  run,
  inRun,
  preselect,
  onChanged,
}: {
  run: RemitRun;
  inRun: boolean;
  preselect?: number[];
  onChanged: Refresh;
}) {
  const { t } = useTranslation();
  const columns = useDocumentColumns();
  const [page, setPage] = useState({ PageIndex: 1, PageSize: 20 });
  const [filter, setFilter] = useState<{ Keyword?: string; TeamID?: number; DocType?: string }>({});
  const [selected, setSelected] = useState<RemitDocumentRow[]>([]);
  const teams = useQuery({ queryKey: ['remit', 'teams'], queryFn: () => remitApi.teams(), enabled: !inRun });
  const query = useQuery({
    queryKey: ['remit', 'documents', run.RunID, inRun, page, filter, preselect],
    queryFn: () =>
      remitApi.documents({
        ...page,
        ...filter,
        RunID: run.RunID,
        InRun: inRun,
        ...(preselect?.length && !inRun ? { IDs: preselect } : {}),
      }),
  });
  const editable = run.Step === 'documents';
  const move = async () => {
    const docs = selected.map((r) => ({ ID: r.ID, Version: r.Version }));
    const result = inRun ? await remitApi.noPass(run.RunID, docs) : await remitApi.pass(run.RunID, docs);
    notice.success(t(inRun ? 'remit.documents.removed' : 'remit.documents.added', { count: result.Changed }));
    reportRefusals(t, result.Refused);
    setSelected([]);
    await onChanged();
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={5}>{t(inRun ? 'remit.documents.inRun' : 'remit.documents.candidates')}</Typography.Title>
      {!inRun && (
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            data-testid="remit-keyword"
            placeholder={t('remit.field.keyword')}
            style={{ width: 240 }}
            onSearch={(v) => setFilter((f) => ({ ...f, Keyword: v || undefined }))}
          />
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            style={{ width: 240 }}
            placeholder={t('remit.field.team')}
            treeData={toTree(teams.data?.Rows ?? [])}
            onChange={(v) => setFilter((f) => ({ ...f, TeamID: v as number | undefined }))}
          />
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('remit.field.docType')}
            options={[
              { value: 'loan', label: t('doc.type.loan') },
              { value: 'deputy', label: t('doc.type.deputy') },
            ]}
            onChange={(v) => setFilter((f) => ({ ...f, DocType: v }))}
          />
        </Flex>
      )}
      <Table<RemitDocumentRow>
        size="small"
        rowKey="ID"
        columns={columns}
        loading={query.isFetching}
        dataSource={query.data?.Rows ?? []}
        rowSelection={
          editable
            ? { selectedRowKeys: selected.map((r) => r.ID), onChange: (_k, rows) => setSelected(rows) }
            : undefined
        }
        pagination={{
          current: page.PageIndex,
          pageSize: page.PageSize,
          total: query.data?.Total ?? 0,
          onChange: (PageIndex, PageSize) => setPage({ PageIndex, PageSize }),
        }}
        data-testid={inRun ? 'remit-in-run' : 'remit-candidates'}
      />
      {editable && (
        <ActionButton
          onAction={move}
          disabled={selected.length === 0}
          danger={inRun}
          data-testid={inRun ? 'remit-no-pass' : 'remit-pass'}
        >
          {t(inRun ? 'remit.action.noPass' : 'remit.action.pass')}
        </ActionButton>
      )}
    </Space>
  );
}

function EntriesStep({ run, onDone }: { run: RemitRun; onDone: Refresh }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['remit', 'entries', run.RunID, run.Version],
    queryFn: () => remitApi.entries(run.RunID),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey="LineNo"
        pagination={false}
        loading={query.isFetching}
        dataSource={query.data?.Rows ?? []}
        data-testid="remit-entries"
        columns={[
          { dataIndex: 'LineNo', title: t('remit.field.line') },
          { dataIndex: 'Side', title: t('remit.field.side'), render: (v: string) => t(`remit.side.${v}`) },
          { dataIndex: 'GLAccount', title: t('remit.field.glAccount') },
          { dataIndex: 'EmployeeName', title: t('remit.field.employee') },
          { dataIndex: 'Text', title: t('remit.field.text') },
          {
            dataIndex: 'Amount',
            title: t('remit.field.amount'),
            align: 'right',
            render: (v: string) => formatAmount(v),
          },
        ]}
      />
      <Typography.Text strong>
        {t('remit.entries.totals', {
          debit: formatAmount(query.data?.Debit ?? '0'),
          credit: formatAmount(query.data?.Credit ?? '0'),
        })}
      </Typography.Text>
      {run.Step === 'entries' && <ConfirmButton run={run} onDone={onDone} />}
    </Space>
  );
}

function PrintStep({ run, onDone }: { run: RemitRun; onDone: Refresh }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical">
      <Typography.Paragraph>{t('remit.print.help')}</Typography.Paragraph>
      {run.PrintedAt && (
        <Typography.Text type="secondary" data-testid="remit-printed-at">
          {t('remit.print.printedAt', { at: displayDateTime(run.PrintedAt) })}
        </Typography.Text>
      )}
      <Space>
        <ActionButton
          data-testid="remit-print"
          onAction={async () => {
            saveDownload(await remitApi.print(run.RunID));
            await onDone();
          }}
        >
          {t('remit.action.print')}
        </ActionButton>
        {run.Step === 'print' && <ConfirmButton run={run} onDone={onDone} />}
      </Space>
    </Space>
  );
}

/**
 * What a remitted run did, as the controller reconciles it: documents and payees, what they were owed, what was kept
 * back and what the bank paid, and how the bank has answered so far (the same list the table below shows).
 */
function RemitSummary({ run }: { run: RemitRun }) {
  const { t } = useTranslation();
  const record = useQuery({
    queryKey: ['remit', 'record', run.RunID, run.Version],
    queryFn: () => remitApi.record(run.RunID),
  });
  const rows = record.data?.Rows ?? [];
  const gross = addMoney('0', ...rows.map((r) => r.Gross));
  const paid = addMoney('0', ...rows.map((r) => r.Amount));
  const status = (s: 'paid' | 'failed' | 'sent') => rows.filter((r) => (r.BankStatus ?? 'sent') === s).length;
  return (
    <Flex vertical gap={2} data-testid="remit-summary">
      <span>
        {t('remit.remit.summary', {
          count: run.Documents,
          payees: rows.length,
          gross: formatAmount(gross),
          kept: formatAmount(subMoney(gross, paid)),
          amount: formatAmount(paid),
        })}
      </span>
      <span>
        {t('remit.remit.bankSummary', { paid: status('paid'), failed: status('failed'), sent: status('sent') })}
      </span>
      {run.BankFile ? <span>{t('remit.remit.fileSummary', { file: run.BankFile })}</span> : null}
    </Flex>
  );
}

function RemitStepView({ run, onDone }: { run: RemitRun; onDone: Refresh }) {
  const { t } = useTranslation();
  const done = run.Step === 'done';
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('remit.field.runNo')}>{run.RunNo}</Descriptions.Item>
        <Descriptions.Item label={t('remit.field.amount')}>{formatAmount(run.Amount)}</Descriptions.Item>
        <Descriptions.Item label={t('remit.field.documents')}>{run.Documents}</Descriptions.Item>
        <Descriptions.Item label={t('remit.field.creditingDate')}>{run.CreditingDate}</Descriptions.Item>
        <Descriptions.Item label={t('remit.field.voucherState')}>
          {run.VoucherState ? t(`remit.voucher.${run.VoucherState}`) : ''}
          {run.ErpDocNo ? ` (${run.ErpDocNo})` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('remit.field.bankFile')}>
          {run.BankFile ?? (done ? t('remit.remit.bankPending') : '')}
        </Descriptions.Item>
        <Descriptions.Item label={t('remit.field.payerAccount')}>
          {run.PayerAccountName ?? ''}
          {run.Layout ? ` · ${t(`banks.layout.${run.Layout}`)}` : ''}
        </Descriptions.Item>
      </Descriptions>
      {done ? (
        <Alert
          type="success"
          showIcon
          data-testid="remit-done"
          message={t('remit.remit.done', { at: displayDateTime(run.RemittedAt) })}
          description={<RemitSummary run={run} />}
        />
      ) : (
        <ActionButton
          type="primary"
          data-testid="remit-remit"
          onAction={async () => {
            if (
              !(await notice.ask(t('remit.remit.confirm', { count: run.Documents, amount: formatAmount(run.Amount) })))
            )
              return;
            await remitApi.remit(run.RunID, run.Version);
            notice.success(t('remit.remit.succeeded'));
            await onDone();
          }}
        >
          {t('remit.action.remit')}
        </ActionButton>
      )}
      {done && (
        <>
          <ReturnImport run={run} onDone={onDone} />
          <RemitLinesTable runId={run.RunID} version={run.Version} />
        </>
      )}
      {done && run.VoucherState === 'failed' && (
        <ActionButton
          onAction={async () => {
            await remitApi.sapPost(run.RunID);
            await onDone();
          }}
        >
          {t('remit.action.sapPost')}
        </ActionButton>
      )}
    </Space>
  );
}

/**
 * The remittance in six steps: set way, check documents, check the remittance list, check the entries, print,
 * remit. The screen opens on the company's unfinished run at the step it stopped at; earlier steps can be looked
 * at again. `?docs=` (from the pay suggestion) shows those documents first among the candidates.
 */
export default function ExpenseRemittancePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const runParam = Number(params.get('run')) || undefined;
  const preselect = useMemo(
    () =>
      (params.get('docs') ?? '')
        .split(',')
        .map(Number)
        .filter((n) => n > 0),
    [params],
  );
  const query = useQuery({ queryKey: ['remit', 'run', runParam], queryFn: () => remitApi.load(runParam) });
  const run = query.data?.Run ?? null;
  const current = run ? INDEX[run.Step] : 0;
  const [shown, setShown] = useState<number | null>(null);
  const step = shown ?? current;
  const refresh = async () => {
    setShown(null);
    await client.invalidateQueries({ queryKey: ['remit'] });
  };

  return (
    <Space
      orientation="vertical"
      size="large"
      style={{ width: '100%' }}
      data-testid="remit-page"
      data-step={query.isSuccess ? (run?.Step ?? 'none') : 'loading'}
    >
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu.account.expenseRemittance')}
          {run ? ` · ${run.RunNo}` : ''}
        </Typography.Title>
        {run?.Step === 'done' && (
          <Button
            data-testid="remit-new-run"
            onClick={() => {
              setParams({});
              setShown(0);
              client.setQueryData(['remit', 'run', undefined], { Run: null });
            }}
          >
            {t('remit.action.newRun')}
          </Button>
        )}
      </Flex>
      <Steps
        current={step}
        onChange={(i) => i <= current && setShown(i)}
        items={STEP_KEYS.map((k, i) => ({ title: t(`remit.step.${k}`), disabled: i > current }))}
      />
      {step === 0 && (
        <WayStep
          run={run}
          onSaved={(r) => {
            setParams({ run: String(r.RunID), ...(preselect.length ? { docs: preselect.join(',') } : {}) });
            void refresh();
          }}
        />
      )}
      {run && step === 1 && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {run.Step !== 'documents' && <Alert type="info" showIcon message={t('remit.documents.locked')} />}
          <DocumentTable run={run} inRun={false} preselect={preselect} onChanged={refresh} />
          <DocumentTable run={run} inRun onChanged={refresh} />
          {run.Step === 'documents' && <ConfirmButton run={run} onDone={refresh} />}
        </Space>
      )}
      {run && step === 2 && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <RemitLinesTable runId={run.RunID} version={run.Version} />
          {run.Step === 'list' && <ConfirmButton run={run} onDone={refresh} />}
        </Space>
      )}
      {run && step === 3 && <EntriesStep run={run} onDone={refresh} />}
      {run && step === 4 && <PrintStep run={run} onDone={refresh} />}
      {run && step === 5 && <RemitStepView run={run} onDone={refresh} />}
    </Space>
  );
}
