import { ERP_FIELDS, ERP_VOUCHER_KINDS, type PostingSettings, type SavePostingSettingsBody } from '@ems/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, Form, Input, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { postingApi } from './api';

const K = 'posting.erp';

type Values = Pick<SavePostingSettingsBody, 'DocumentTypes' | 'RequiredFields'>;

/**
 * The company's ERP posting settings (docs/decisions/049): the SAP document type of each voucher kind, and the fields
 * its ERP requires; a voucher lacking one is refused by the ERP with the field named in the RFC log.
 */
export function ErpSettings({ settings }: { settings: PostingSettings | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (settings)
      form.setFieldsValue({
        DocumentTypes: settings.DocumentTypes as Values['DocumentTypes'],
        RequiredFields: settings.RequiredFields,
      });
  }, [settings, form]);
  const { submit, busy } = useFormSubmit<Values>(form, {
    submit: (v) => postingApi.saveSettings({ ...v, Version: settings?.Version ?? 1 }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['posting-settings'] }),
  });
  return (
    <Card size="small" title={t(`${K}.title`)} data-testid="erp-settings">
      <Form form={form} layout="vertical" disabled={!settings}>
        <Typography.Text strong>{t(`${K}.documentTypes`)}</Typography.Text>
        <Row gutter={12}>
          {ERP_VOUCHER_KINDS.map((kind) => (
            <Col key={kind} xs={12} sm={8} md={4}>
              <Form.Item
                name={['DocumentTypes', kind]}
                label={t(`${K}.kind.${kind}`)}
                rules={[{ required: true, pattern: /^[A-Za-z0-9]{2}$/, message: t(`${K}.documentTypeInvalid`) }]}
              >
                <Input maxLength={2} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="RequiredFields" label={t(`${K}.requiredFields`)} extra={t(`${K}.requiredHelp`)}>
          <Checkbox.Group
            options={ERP_FIELDS.map((f) => ({ value: f, label: t(`${K}.field.${f}`) }))}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 4 }}
          />
        </Form.Item>
        <Button type="primary" loading={busy} onClick={() => void submit()}>
          {t(`${K}.save`)}
        </Button>
      </Form>
    </Card>
  );
}
