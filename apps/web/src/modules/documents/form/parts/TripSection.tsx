import { PlusOutlined } from '@ant-design/icons';
import { TRANSPORTS, type TripRow } from '@ems/contracts';
import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/FormModal';
import { useFormSubmit } from '../../../../shared/useFormSubmit';
import { WideTable } from '../../../../shared/WideTable';
import { partsApi } from './partsApi';
import { rowActions } from './rowActions';
import { type PartProps, usePartChange, usePartQuery } from './usePart';

type Values = {
  FromCity: string;
  ToCity: string;
  Dates: [Dayjs, Dayjs];
  Transport: string;
  Remark?: string;
};

/** The itinerary: one row per segment, from city to city on dates, by a means of transport. */
export function TripSection(p: PartProps) {
  const { t } = useTranslation();
  const list = usePartQuery('trips', p.doc.ID, partsApi.trips);
  const change = usePartChange('trips', p);
  const [editing, setEditing] = useState<TripRow | null | undefined>(undefined);
  return (
    <Flex vertical gap={8} data-testid="doc-trips">
      <WideTable<TripRow>
        size="small"
        rowKey="ID"
        pagination={false}
        dataSource={list.data?.Rows ?? []}
        loading={list.isLoading}
        locale={{ emptyText: t('doc.part.trip.none') }}
        columns={[
          { title: '#', dataIndex: 'Seq', width: 48 },
          { title: t('doc.part.trip.from'), dataIndex: 'FromCity' },
          { title: t('doc.part.trip.to'), dataIndex: 'ToCity' },
          { title: t('doc.part.trip.depart'), dataIndex: 'DepartDate' },
          { title: t('doc.part.trip.arrive'), dataIndex: 'ArriveDate' },
          {
            title: t('doc.part.trip.transport'),
            dataIndex: 'Transport',
            render: (v: string) => t(`doc.part.transport.${v}`),
          },
          { title: t('doc.part.remark'), dataIndex: 'Remark' },
          ...(p.editable
            ? [
                rowActions<TripRow>(t, setEditing, (r) =>
                  change((ref) => partsApi.deleteTrip({ ...ref, ID: r.ID })).catch(() => undefined),
                ),
              ]
            : []),
        ]}
      />
      {p.editable ? (
        <Button
          icon={<PlusOutlined />}
          onClick={() => setEditing(null)}
          style={{ alignSelf: 'flex-start' }}
          data-testid="trip-add"
        >
          {t('doc.part.trip.add')}
        </Button>
      ) : null}
      {editing !== undefined ? (
        <TripModal
          row={editing}
          onClose={() => setEditing(undefined)}
          save={(v) =>
            change((ref) =>
              partsApi.saveTrip({
                ...ref,
                ...(editing ? { ID: editing.ID } : {}),
                FromCity: v.FromCity,
                ToCity: v.ToCity,
                DepartDate: v.Dates[0].format('YYYY-MM-DD'),
                ArriveDate: v.Dates[1].format('YYYY-MM-DD'),
                Transport: v.Transport as TripRow['Transport'],
                Remark: v.Remark ?? null,
              }),
            )
          }
        />
      ) : null}
    </Flex>
  );
}

function TripModal(props: { row: TripRow | null; onClose: () => void; save: (v: Values) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { submit, busy } = useFormSubmit<Values>(form, {
    submit: props.save,
    onSuccess: props.onClose,
    fields: ['FromCity', 'ToCity', 'Transport', 'Remark'],
  });
  const r = props.row;
  const required = [{ required: true, message: t('common.required') }];
  return (
    <FormModal
      open
      title={t(r ? 'doc.part.trip.edit' : 'doc.part.trip.add')}
      onClose={props.onClose}
      onSave={submit}
      busy={busy}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="doc-trip-form"
        initialValues={
          r
            ? { ...r, Remark: r.Remark ?? undefined, Dates: [dayjs(r.DepartDate), dayjs(r.ArriveDate)] }
            : { Transport: 'train' }
        }
      >
        <Flex gap={8}>
          <Form.Item name="FromCity" label={t('doc.part.trip.from')} rules={required} style={{ flex: 1 }}>
            <Input maxLength={100} autoFocus data-testid="trip-from" />
          </Form.Item>
          <Form.Item name="ToCity" label={t('doc.part.trip.to')} rules={required} style={{ flex: 1 }}>
            <Input maxLength={100} data-testid="trip-to" />
          </Form.Item>
        </Flex>
        <Form.Item name="Dates" label={`${t('doc.part.trip.depart')} ~ ${t('doc.part.trip.arrive')}`} rules={required}>
          <DatePicker.RangePicker style={{ width: '100%' }} data-testid="trip-dates" />
        </Form.Item>
        <Form.Item name="Transport" label={t('doc.part.trip.transport')} rules={required}>
          <Select options={TRANSPORTS.map((v) => ({ value: v, label: t(`doc.part.transport.${v}`) }))} />
        </Form.Item>
        <Form.Item name="Remark" label={t('doc.part.remark')}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
