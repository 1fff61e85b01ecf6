import { PlusOutlined } from '@ant-design/icons';
import type { CoverageRow, CustomerKind } from '@ems/contracts';
import { Form, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { StatusTag } from '../finance-shared';
import { type LabelledValue, PeopleSelect } from '../pickers/PeoplePicker';
import { coverageApi } from './api';
import { HcoPicker, HcpPicker } from './pickers';

const KIND_OPTIONS = [
  { value: 'HCP', labelKey: 'customer.kind.HCP' },
  { value: 'HCO', labelKey: 'customer.kind.HCO' },
];

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'customerMaster.field.keyword', type: 'text' },
  { name: 'Kind', labelKey: 'customerMaster.field.kind', type: 'select', options: KIND_OPTIONS },
];

interface AddValues {
  Employee: LabelledValue;
  Kind: CustomerKind;
  CustomerID: number;
}

/** Adds one representative × HCP or HCO row. */
function AddCoverage({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => unknown }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const kind = Form.useWatch('Kind', form) ?? 'HCP';
  const { submit, busy } = useFormSubmit<AddValues>(form, {
    submit: (v) => coverageApi.add({ EmployeeID: v.Employee.value, Kind: v.Kind, CustomerIDs: [v.CustomerID] }),
    fields: ['EmployeeID', 'CustomerIDs'],
    onSuccess: async () => {
      onClose();
      await onAdded();
    },
  });
  const required = [{ required: true, message: t('common.required') }];
  return (
    <FormModal open={open} title={t('customerMaster.coverage.addTitle')} onClose={onClose} onSave={submit} busy={busy}>
      <Form form={form} layout="vertical" initialValues={{ Kind: 'HCP' }} preserve={false}>
        <Form.Item name="Employee" label={t('customerMaster.field.employee')} rules={required}>
          <PeopleSelect data-testid="field-Employee" />
        </Form.Item>
        <Form.Item name="Kind" label={t('customerMaster.field.kind')} rules={required}>
          <Select
            data-testid="field-Kind"
            options={KIND_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
            onChange={() => form.setFieldValue('CustomerID', undefined)}
          />
        </Form.Item>
        <Form.Item name="CustomerID" label={t('customerMaster.field.customer')} rules={required}>
          {kind === 'HCO' ? <HcoPicker data-testid="field-CustomerID" /> : <HcpPicker data-testid="field-CustomerID" />}
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Which representative covers which HCP or HCO: add, remove, Excel export and import. */
export default function CoveragePage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const reloadRef = useRef<() => unknown>(() => undefined);
  const columns: ColumnDef<CoverageRow>[] = [
    { dataIndex: 'EmployeeCode', labelKey: 'customerMaster.field.employeeCode' },
    { dataIndex: 'EmployeeName', labelKey: 'customerMaster.field.employee' },
    { dataIndex: 'Kind', labelKey: 'customerMaster.field.kind', render: (v) => t(`customer.kind.${v}`) },
    { dataIndex: 'CustomerCode', labelKey: 'customerMaster.field.customerCode' },
    { dataIndex: 'CustomerName', labelKey: 'customerMaster.field.customer', width: 200 },
    { dataIndex: 'HCOName', labelKey: 'customerMaster.field.hco', width: 220 },
    {
      dataIndex: 'CustomerActive',
      labelKey: 'customerMaster.field.status',
      render: (v) => <StatusTag status={v === true ? 'started' : 'stopped'} />,
    },
  ];
  return (
    <>
      <ListPage<CoverageRow>
        titleKey="menu.master.CustomerCoverage"
        queryKey="customerCoverage"
        searchCall={(body) => coverageApi.search(body)}
        exportCall={(filters) => coverageApi.export(filters)}
        importCall={(file) => coverageApi.import(file)}
        rowKey="ID"
        columns={columns}
        filters={FILTERS}
        actions={[
          {
            key: 'add',
            labelKey: 'customerMaster.coverage.add',
            icon: <PlusOutlined />,
            primary: true,
            run: ({ reload }) => {
              reloadRef.current = reload;
              setAdding(true);
            },
          },
        ]}
        delete={(rows) => coverageApi.remove(rows.map((r) => r.ID))}
      />
      <AddCoverage open={adding} onClose={() => setAdding(false)} onAdded={() => reloadRef.current()} />
    </>
  );
}
