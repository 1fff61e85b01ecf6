import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DocType, ExpenseTypeMainInfo } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Col, DatePicker, Flex, Form, Input, Row, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMasterInfoQuery } from '../../../app/layout/queries';
import { documentApi } from '../api';

const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

/** A value the form shows but does not edit, named by its label as the form's own fields are. */
function ShownValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id}>
      <Input id={id} value={value} disabled data-testid={testId} />
    </Form.Item>
  );
}

/** Section 1: the kind of document and its expense type (the types the applicant may use). */
export function TypeSection({ docType, info }: { docType: DocType; info: ExpenseTypeMainInfo | undefined }) {
  const { t } = useTranslation();
  const depth = (id: number | null, seen = 0): number => {
    const parent = info?.Types.find((x) => x.ID === id)?.ParentID ?? null;
    return parent === null || seen > 5 ? seen : depth(parent, seen + 1);
  };
  const options = (info?.Types ?? []).map((x) => ({
    value: x.ID,
    label: `${'\u3000'.repeat(depth(x.ID))}${x.Name}`,
  }));
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <ShownValue label={t('doc.field.docType')} value={t(`doc.type.${docType}`)} />
      </Col>
      <Col xs={24} md={16}>
        <Form.Item
          name="ExpenseTypeID"
          label={t('doc.field.expenseType')}
          rules={docType === 'loan' ? [] : [{ required: true, message: t('common.required') }]}
        >
          <Select
            options={options}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('doc.field.expenseTypePlaceholder')}
            data-testid="doc-expense-type"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Section 2: applicant, what is charged, currency, reason and dates; for a deputy the apply and loans it uses. */
export function MainInfoSection({
  docType,
  info,
  preparerName,
}: {
  docType: DocType;
  info: ExpenseTypeMainInfo | undefined;
  preparerName: string;
}) {
  const { t } = useTranslation();
  const master = useMasterInfoQuery();
  const chargeable = useQuery({ queryKey: ['documents', 'chargeable'], queryFn: documentApi.chargeable });
  const sources = useQuery({
    queryKey: ['documents', 'claimSources'],
    queryFn: documentApi.claimSources,
    enabled: docType === 'deputy',
  });
  const rows = chargeable.data?.Rows ?? [];
  const ccOptions = rows
    .filter((r) => r.Kind === 'cost_centre')
    .map((r) => ({ value: r.ID, label: `${r.Code} ${r.Name}` }));
  const ioOptions = rows
    .filter((r) => r.Kind === 'internal_order')
    .map((r) => ({ value: r.ID, label: `${r.Code} ${r.Name}` }));
  const currencies = (master.data?.Currencies ?? [{ Code: 'CNY', Name: 'CNY' }]).map((c) => ({
    value: c.Code,
    label: `${c.Code} ${c.Name}`,
  }));
  const applies = (sources.data?.Applies ?? []).map((a) => ({
    value: a.ID,
    label: `${a.DocNo} ${a.Reason ?? ''} (${a.Currency} ${formatAmount(a.TotalAmount)})`,
  }));
  const loans = (sources.data?.Loans ?? []).map((l) => ({
    value: l.ID,
    label: `${l.DocNo} · ${t('doc.field.loanOpen')} ${formatAmount(l.OpenAmount)}`,
  }));
  return (
    <>
      {info && !info.CostCenterID ? (
        <Alert type="warning" showIcon title={t('error.document.cost_centre_missing')} style={{ marginBottom: 12 }} />
      ) : null}
      {info && !info.HasBankAccount && docType !== 'apply' ? (
        <Alert type="warning" showIcon title={t('error.document.bank_account_missing')} style={{ marginBottom: 12 }} />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <ShownValue
            label={t('doc.field.applicant')}
            value={info ? `${info.ApplicantName} (${info.ApplicantCode})` : ''}
            testId="doc-applicant"
          />
        </Col>
        <Col xs={24} md={8}>
          <ShownValue label={t('doc.field.preparer')} value={preparerName} />
        </Col>
        <Col xs={24} md={8}>
          <ShownValue label={t('doc.field.team')} value={info?.TeamName ?? ''} />
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="CostCenterID"
            label={t('doc.field.costCentre')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Select
              options={ccOptions}
              showSearch={{ optionFilterProp: 'label' }}
              loading={chargeable.isFetching}
              data-testid="doc-cost-centre"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="InternalOrderID" label={t('doc.field.internalOrder')}>
            <Select options={ioOptions} allowClear showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="Currency"
            label={t('doc.field.currency')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Select options={currencies} showSearch={{ optionFilterProp: 'label' }} data-testid="doc-currency" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="Reason"
            label={t('doc.field.reason')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="doc-reason" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="Dates" label={t('doc.field.dates')}>
            <DatePicker.RangePicker format="YYYY-MM-DD" style={{ width: '100%' }} allowEmpty={[true, true]} />
          </Form.Item>
        </Col>
        {docType === 'loan' ? (
          <Col xs={24} md={8}>
            <Form.Item name="RepayBy" label={t('doc.field.repayBy')} extra={t('doc.field.repayByHint')}>
              <DatePicker
                format="YYYY-MM-DD"
                style={{ width: '100%' }}
                disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(366, 'day'), 'day')}
                data-testid="doc-repay-by"
              />
            </Form.Item>
          </Col>
        ) : null}
        {docType === 'apply' ? (
          <Col xs={24} md={8}>
            <Form.Item name="LongTerm" valuePropName="checked">
              <Checkbox>{t('doc.field.longTerm')}</Checkbox>
            </Form.Item>
          </Col>
        ) : null}
        {docType === 'deputy' ? (
          <>
            <Col xs={24} md={16}>
              <Form.Item name="ApplyID" label={t('doc.field.apply')}>
                <Select options={applies} allowClear showSearch={{ optionFilterProp: 'label' }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label={t('doc.field.loans')}>
                <Form.List name="Loans">
                  {(fields, { add, remove }) => (
                    <Flex vertical gap={8}>
                      {fields.map((f) => (
                        <Space key={f.key} wrap>
                          <Form.Item
                            name={[f.name, 'LoanID']}
                            noStyle
                            rules={[{ required: true, message: t('common.required') }]}
                          >
                            <Select options={loans} style={{ width: 320 }} placeholder={t('doc.field.loanPick')} />
                          </Form.Item>
                          <Form.Item
                            name={[f.name, 'Amount']}
                            noStyle
                            rules={[{ required: true, pattern: AMOUNT, message: t('doc.line.amountInvalid') }]}
                          >
                            <Input inputMode="decimal" style={{ width: 160 }} placeholder={t('doc.field.loanAmount')} />
                          </Form.Item>
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('doc.line.remove')}
                            onClick={() => remove(f.name)}
                          />
                        </Space>
                      ))}
                      <Button icon={<PlusOutlined />} onClick={() => add({})} disabled={loans.length === 0}>
                        {loans.length === 0 ? t('doc.field.noOpenLoans') : t('doc.field.addLoan')}
                      </Button>
                    </Flex>
                  )}
                </Form.List>
              </Form.Item>
            </Col>
          </>
        ) : null}
      </Row>
    </>
  );
}
