import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput, filtersToForm, formToFilters } from './fields';
import type { FilterDef, FormValues } from './types';
import type { FilterValue } from './urlState';

interface SearchFormProps {
  filters: readonly FilterDef[];
  values: Record<string, FilterValue>;
  onSearch: (filters: Record<string, FilterValue>) => void;
}

/** The list's search form; its values come from and go back to the URL. */
export function SearchForm({ filters, values, onSearch }: SearchFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    form.setFieldsValue(filtersToForm(values, filters));
  }, [form, values, filters]);

  if (filters.length === 0) return null;
  return (
    <Form
      form={form}
      layout="vertical"
      role="search"
      onFinish={(v) => onSearch(formToFilters(v, filters))}
      style={{ marginBottom: 8 }}
    >
      <Row gutter={16}>
        {filters.map((f) => (
          <Col key={f.name} xs={24} sm={12} md={8} xl={6}>
            <Form.Item name={f.name} label={t(f.labelKey)} style={{ marginBottom: 12 }}>
              <FieldInput field={f} t={t} />
            </Form.Item>
          </Col>
        ))}
        <Col
          xs={24}
          sm={12}
          md={8}
          xl={6}
          style={{ display: 'flex', alignItems: 'flex-end', gap: 8, paddingBottom: 12 }}
        >
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="list-search">
            {t('common.search')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('common.reset')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
