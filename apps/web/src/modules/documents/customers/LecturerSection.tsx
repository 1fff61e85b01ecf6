import { DeleteOutlined, EditOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { type FeeBasis, formatAmount, isMoney, type LecturerAgreementRow } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Flex, Form, Input, Radio, Space, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { saveDownload } from '../../../shared/download';
import { RemotePicker } from '../../../shared/RemotePicker';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { WideTable } from '../../../shared/WideTable';
import { customerOption, run } from './AttendeeSection';
import { customerApi } from './api';
import { CHANGE_ABANDONED, type CustomerChange } from './change';
import { feePreview } from './fees';

interface AgreementForm {
  HCPID: number;
  MeetingName: string;
  MeetingDate: Dayjs;
  Topic?: string;
  FeeBasis: FeeBasis;
  Fee: string;
}

/**
 * A document's lecturer agreements (per HCP and meeting: the fee before and after the individual income tax
 * withheld): added and changed in a drawer, deleted after a confirmation, printed as a bilingual PDF. On a new
 * document (no id yet) there are none, and saving the first one saves the document first.
 */
export function LecturerSection({
  documentId,
  change,
}: {
  documentId: number | undefined;
  change?: CustomerChange | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<LecturerAgreementRow | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['documents', 'customers', documentId, 'lecturers', i18n.language],
    queryFn: () => customerApi.agreements(documentId as number),
    enabled: documentId !== undefined,
  });
  const editable = !!change && (documentId === undefined || !!list.data?.Editable);
  const remove = async (row: LecturerAgreementRow) => {
    if (!change || !(await notice.ask(t('lecturer.deleteConfirm')))) return;
    if (
      await run(change, (doc) =>
        customerApi.deleteAgreement({ DocumentID: doc.ID, Version: doc.Version, IDs: [row.ID] }),
      )
    )
      notice.success(t('common.deleted'));
  };
  const print = async (row: LecturerAgreementRow) => {
    try {
      saveDownload(await customerApi.printAgreement(row.ID));
    } catch (error) {
      notice.error(error);
    }
  };
  const columns: TableColumnsType<LecturerAgreementRow> = [
    {
      title: t('lecturer.field.hcp'),
      dataIndex: 'HCPName',
      render: (_: unknown, r) => `${r.HCPCode} ${r.HCPName}`,
    },
    { title: t('customer.field.hco'), dataIndex: 'HCOName', render: (v: string | null) => v ?? '' },
    { title: t('lecturer.field.meetingName'), dataIndex: 'MeetingName' },
    { title: t('lecturer.field.meetingDate'), dataIndex: 'MeetingDate', width: 110 },
    { title: t('lecturer.field.topic'), dataIndex: 'Topic', render: (v: string | null) => v ?? '' },
    {
      title: t('lecturer.field.feeBasis'),
      dataIndex: 'FeeBasis',
      width: 90,
      render: (v: FeeBasis) => t(`lecturer.basis.${v}`),
    },
    ...(['FeeBeforeTax', 'Tax', 'FeeAfterTax'] as const).map((k) => ({
      title: t(`lecturer.field.${k === 'Tax' ? 'tax' : k === 'FeeBeforeTax' ? 'feeBeforeTax' : 'feeAfterTax'}`),
      dataIndex: k,
      align: 'right' as const,
      width: 120,
      render: (v: string) => formatAmount(v),
    })),
    {
      title: t('lecturer.field.withheldTax'),
      dataIndex: 'WithheldTax',
      align: 'right' as const,
      width: 120,
      render: (v: string | null) => (v === null ? '—' : formatAmount(v)),
    },
    {
      title: '',
      key: 'actions',
      width: editable ? 130 : 50,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button
            type="text"
            icon={<PrinterOutlined />}
            aria-label={t('lecturer.print')}
            title={t('lecturer.print')}
            onClick={() => void print(row)}
            data-testid={`lecturer-print-${row.ID}`}
          />
          {editable ? (
            <>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={t('common.edit')}
                onClick={() => setEditing(row)}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => void remove(row)}
              />
            </>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <Flex vertical gap={8} data-testid="lecturer-section">
      {editable ? (
        <Flex>
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="lecturer-add">
            {t('lecturer.add')}
          </Button>
        </Flex>
      ) : null}
      <WideTable<LecturerAgreementRow>
        size="small"
        rowKey="ID"
        columns={columns}
        dataSource={list.data?.Rows ?? []}
        loading={documentId !== undefined && list.isLoading}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('lecturer.none') }}
      />
      {editing && change ? (
        <LecturerDrawer row={editing === 'new' ? null : editing} change={change} onClose={() => setEditing(null)} />
      ) : null}
    </Flex>
  );
}

function LecturerDrawer(props: { row: LecturerAgreementRow | null; change: CustomerChange; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AgreementForm>();
  const { row } = props;
  const basis = Form.useWatch('FeeBasis', form) ?? row?.FeeBasis ?? 'gross';
  const fee = Form.useWatch('Fee', form);
  const preview = feePreview(basis, fee);
  const { submit, busy } = useFormSubmit<AgreementForm, boolean>(form, {
    submit: async (v) => {
      try {
        await props.change((doc) =>
          customerApi.saveAgreement({
            DocumentID: doc.ID,
            Version: doc.Version,
            ...(row ? { ID: row.ID } : {}),
            HCPID: v.HCPID,
            MeetingName: v.MeetingName,
            MeetingDate: v.MeetingDate.format('YYYY-MM-DD'),
            Topic: v.Topic ?? null,
            FeeBasis: v.FeeBasis,
            Fee: v.Fee,
          }),
        );
        return true;
      } catch (error) {
        if (error === CHANGE_ABANDONED) return false;
        throw error;
      }
    },
    successKey: null,
    onSuccess: (saved) => {
      if (!saved) return;
      notice.success(t('common.saved'));
      props.onClose();
    },
    fields: ['HCPID', 'MeetingName', 'MeetingDate', 'Topic', 'FeeBasis', 'Fee'],
  });
  const required = [{ required: true, message: t('common.required') }];
  return (
    <Drawer
      open
      title={t(row ? 'lecturer.edit' : 'lecturer.add')}
      onClose={props.onClose}
      width={480}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="lecturer-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<AgreementForm>
        form={form}
        layout="vertical"
        onFinish={() => void submit()}
        initialValues={
          row
            ? {
                HCPID: row.HCPID,
                MeetingName: row.MeetingName,
                MeetingDate: dayjs(row.MeetingDate),
                Topic: row.Topic ?? undefined,
                FeeBasis: row.FeeBasis,
                Fee: row.FeeBasis === 'gross' ? row.FeeBeforeTax : row.FeeAfterTax,
              }
            : { FeeBasis: 'gross', MeetingDate: dayjs() }
        }
      >
        <Form.Item name="HCPID" label={t('lecturer.field.hcp')} rules={required}>
          <RemotePicker
            queryKey={['documents', 'lecturerPicker']}
            placeholderKey="lecturer.pick"
            data-testid="lecturer-hcp"
            {...(row ? { initialLabel: `${row.HCPCode} ${row.HCPName}` } : {})}
            search={async (k) => (await customerApi.lecturers(k ? { Keyword: k } : {})).Rows.map(customerOption)}
            lookup={async (id) => (await customerApi.lecturers({ HCPIDs: [id] })).Rows.map(customerOption)[0]}
          />
        </Form.Item>
        <Form.Item name="MeetingName" label={t('lecturer.field.meetingName')} rules={required}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="MeetingDate" label={t('lecturer.field.meetingDate')} rules={required}>
          <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="Topic" label={t('lecturer.field.topic')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="FeeBasis" label={t('lecturer.field.feeBasis')} rules={required}>
          <Radio.Group
            options={(['gross', 'net'] as const).map((b) => ({ value: b, label: t(`lecturer.basis.${b}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="Fee"
          label={`${t('lecturer.field.fee')} (${t(`lecturer.basis.${basis}`)}, CNY)`}
          rules={[
            ...required,
            {
              validator: async (_, v) =>
                !v || isMoney(String(v).trim()) ? undefined : Promise.reject(t('customer.amountInvalid')),
            },
          ]}
        >
          <Input inputMode="decimal" data-testid="lecturer-fee" />
        </Form.Item>
        {preview ? (
          <Typography.Text type="secondary" data-testid="lecturer-preview">
            {t('lecturer.preview', preview)}
          </Typography.Text>
        ) : null}
      </Form>
    </Drawer>
  );
}
