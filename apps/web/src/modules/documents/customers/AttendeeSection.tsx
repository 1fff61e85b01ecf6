import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AttendeeLine, CustomerKind, CustomerRow, SelectedCustomer, SelectedCustomerList } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Select, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { formatAmount } from '../../../shared/format';
import { type PickerOption, RemotePicker } from '../../../shared/RemotePicker';
import { WideTable } from '../../../shared/WideTable';
import { customerApi } from './api';
import { CHANGE_ABANDONED, type CustomerChange } from './change';

/** A customer as a picker shows it: code, name, hospital, and a star for those the applicant covers. */
export function customerOption(r: CustomerRow): PickerOption {
  const where = r.Kind === 'HCP' ? [r.HCOName, r.Department, r.Title] : [r.City];
  return {
    value: r.CustomerID,
    label: `${r.Covered ? '★ ' : ''}${r.Code} ${r.Name}${where.some(Boolean) ? ` · ${where.filter(Boolean).join(' ')}` : ''}`,
  };
}

/** The last column of a list whose rows can be removed: a delete button per row (it asks first). */
export function removeColumn<T extends { ID: number }>(
  label: string,
  remove: (row: T) => Promise<void>,
  testId: string,
): TableColumnsType<T>[number] {
  return {
    title: '',
    key: 'actions',
    width: 60,
    render: (_: unknown, row: T) => (
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={label}
        onClick={() => void remove(row)}
        data-testid={`${testId}-${row.ID}`}
      />
    ),
  };
}

/** Runs a change; a refusal is shown as a notice (a failed form save already shows on the form). */
export async function run(change: CustomerChange, work: Parameters<CustomerChange>[0]): Promise<boolean> {
  try {
    await change(work);
    return true;
  } catch (error) {
    if (error !== CHANGE_ABANDONED) notice.error(error);
    return false;
  }
}

/**
 * The HCP/HCO attendees of the lines whose expense item involves HCP: customers chosen from the applicant's coverage
 * first and then the whole list, a reason for each, and each one's share of the line (split per head). On a new
 * document (no id yet) the lines are the form's (`draftLines`), nobody attends yet, and the first addition saves it.
 */
export function AttendeeSection({
  documentId,
  change,
  draftLines,
}: {
  documentId: number | undefined;
  change?: CustomerChange | undefined;
  draftLines?: AttendeeLine[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const list = useQuery({
    queryKey: ['documents', 'customers', documentId, 'attendees', i18n.language],
    queryFn: () => customerApi.selected(documentId as number),
    enabled: documentId !== undefined,
  });
  const reasons = useQuery({
    queryKey: ['documents', 'customerReasons', i18n.language],
    queryFn: () => customerApi.reasons(),
    staleTime: 5 * 60_000,
  });
  const data: Pick<SelectedCustomerList, 'Editable' | 'Lines' | 'Rows'> | undefined =
    documentId === undefined ? { Editable: true, Lines: draftLines ?? [], Rows: [] } : list.data;
  if (!data) return null;
  const editable = !!change && data.Editable;
  if (data.Lines.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customer.noLines')} />;
  return (
    <Flex vertical gap={16} data-testid="attendee-section">
      <Typography.Text type="secondary">{t('customer.attendeesHint')}</Typography.Text>
      {data.Lines.map((line) => (
        <Flex vertical gap={8} key={line.LineNo} data-testid={`attendee-line-${line.LineNo}`}>
          <Typography.Text strong>
            {t('customer.line', { line: line.LineNo })}{' '}
            {t('customer.lineSummary', {
              item: line.ExpenseItemName ?? '',
              amount: formatAmount(line.Amount),
              currency: line.Currency,
              heads: line.Heads,
            })}
          </Typography.Text>
          {editable && change ? <AddAttendees documentId={documentId} lineNo={line.LineNo} change={change} /> : null}
          <AttendeeTable
            rows={data.Rows.filter((r) => r.LineNo === line.LineNo)}
            currency={line.Currency}
            reasons={(reasons.data?.Rows ?? []).map((r) => ({ value: r.ReasonID, label: r.Name }))}
            change={editable ? change : undefined}
          />
        </Flex>
      ))}
    </Flex>
  );
}

function AddAttendees({
  documentId,
  lineNo,
  change,
}: {
  documentId: number | undefined;
  lineNo: number;
  change: CustomerChange;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CustomerKind>('HCP');
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (!picked.length) return;
    setBusy(true);
    const ok = await run(change, (doc) =>
      customerApi.choose({
        DocumentID: doc.ID,
        Version: doc.Version,
        LineNo: lineNo,
        Customers: picked.map((id) => ({ Kind: kind, CustomerID: id })),
      }),
    );
    setBusy(false);
    if (ok) {
      setPicked([]);
      notice.success(t('common.saved'));
    }
  };
  return (
    <Flex gap={8} wrap align="center">
      <Select<CustomerKind>
        value={kind}
        onChange={(k) => {
          setKind(k);
          setPicked([]);
        }}
        options={(['HCP', 'HCO'] as const).map((k) => ({ value: k, label: t(`customer.kind.${k}`) }))}
        style={{ width: 140 }}
        aria-label={t('customer.kind')}
        data-testid={`attendee-kind-${lineNo}`}
      />
      <div style={{ flex: 1, minWidth: 260 }} data-testid={`attendee-picker-${lineNo}`}>
        <RemotePicker
          queryKey={['documents', 'customerPicker', documentId ?? 'new', kind]}
          placeholderKey="customer.pick"
          multiple
          value={picked as never}
          onChange={((v: number[] | undefined) => setPicked(v ?? [])) as never}
          search={async (k) =>
            (
              await customerApi.customers({
                Kind: kind,
                ...(documentId !== undefined ? { DocumentID: documentId } : {}),
                ...(k ? { Keyword: k } : {}),
              })
            ).Rows.map(customerOption)
          }
        />
      </div>
      <Button
        icon={<PlusOutlined />}
        onClick={() => void add()}
        loading={busy}
        disabled={!picked.length}
        data-testid={`attendee-add-${lineNo}`}
      >
        {t('customer.add')}
      </Button>
    </Flex>
  );
}

function AttendeeTable(props: {
  rows: SelectedCustomer[];
  currency: string;
  reasons: PickerOption[];
  change?: CustomerChange | undefined;
}) {
  const { t } = useTranslation();
  const { change } = props;
  const remove = async (row: SelectedCustomer) => {
    if (!change || !(await notice.ask(t('customer.removeConfirm')))) return;
    if (await run(change, (doc) => customerApi.unchoose({ DocumentID: doc.ID, Version: doc.Version, IDs: [row.ID] })))
      notice.success(t('common.deleted'));
  };
  const setReason = async (row: SelectedCustomer, reasonId: number) => {
    if (!change) return;
    await run(change, (doc) =>
      customerApi.saveReason({ DocumentID: doc.ID, Version: doc.Version, ID: row.ID, ReasonID: reasonId }),
    );
  };
  const columns: TableColumnsType<SelectedCustomer> = [
    {
      title: t('customer.kind'),
      dataIndex: 'Kind',
      width: 110,
      render: (k: CustomerKind) => t(`customer.kind.${k}`),
    },
    { title: t('customer.field.code'), dataIndex: 'Code', width: 90 },
    { title: t('customer.field.name'), dataIndex: 'Name' },
    { title: t('customer.field.hco'), dataIndex: 'HCOName', render: (v: string | null) => v ?? '' },
    { title: t('customer.field.department'), dataIndex: 'Department', render: (v: string | null) => v ?? '' },
    { title: t('customer.field.title'), dataIndex: 'Title', render: (v: string | null) => v ?? '' },
    {
      title: t('customer.field.reason'),
      dataIndex: 'ReasonID',
      width: 200,
      render: (_: unknown, row) =>
        change ? (
          <Select
            value={row.ReasonID ?? undefined}
            placeholder={t('customer.reasonPick')}
            options={props.reasons}
            onChange={(v: number) => void setReason(row, v)}
            style={{ width: '100%' }}
            aria-label={t('customer.field.reason')}
            data-testid={`attendee-reason-${row.ID}`}
          />
        ) : (
          (row.ReasonName ?? '')
        ),
    },
    {
      title: `${t('customer.field.perHead')} (${props.currency})`,
      dataIndex: 'Amount',
      align: 'right',
      width: 130,
      render: (v: string | null) => <span data-testid="attendee-share">{formatAmount(v)}</span>,
    },
  ];
  if (change) columns.push(removeColumn(t('customer.remove'), remove, 'attendee-remove'));
  return (
    <WideTable<SelectedCustomer>
      size="small"
      rowKey="ID"
      columns={columns}
      dataSource={props.rows}
      pagination={false}
      scroll={{ x: 900 }}
      locale={{ emptyText: t('customer.noAttendees') }}
    />
  );
}
