import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Select, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import { useMasterInfoQuery } from '../../../app/layout/queries';
import { useUserInfo } from '../../../app/session/useSession';
import { FormModal } from '../../../shared/FormModal';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { peopleApi } from './api';
import type { PersonModalProps } from './rowModal';

interface Relation {
  CompanyID?: number;
  TeamID?: number | null;
  IsDefault?: boolean;
}

function CompanyTeamSelect({
  companyId,
  ...props
}: {
  companyId: number | undefined;
  value?: number;
  onChange?: (v: number) => void;
}) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const query = useQuery({
    queryKey: ['org', 'companyTeams', companyId, culture],
    queryFn: () => peopleApi.companyTeams(companyId!),
    enabled: companyId !== undefined,
    staleTime: 60_000,
  });
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={companyId === undefined}
      loading={query.isFetching}
      placeholder={t('org.picker.teamPlaceholder')}
      options={(query.data?.Rows ?? []).map((r) => ({ value: r.TeamID, label: `${r.Name} (${r.Code})` }))}
      style={{ minWidth: 220 }}
    />
  );
}

/** Other companies the person may sign in to, with their team in each. */
export function CompaniesModal({ row, onClose, onDone }: PersonModalProps) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const master = useMasterInfoQuery();
  const [form] = Form.useForm<{ Relations: Relation[] }>();
  const record = useQuery({
    queryKey: ['org', 'employeeRecord', row?.EmployeeID],
    queryFn: () => peopleApi.select(row!.EmployeeID),
    enabled: row !== null,
  });
  useEffect(() => {
    if (record.data)
      form.setFieldsValue({
        Relations: record.data.Companies.map((c) => ({
          CompanyID: c.CompanyID,
          TeamID: c.TeamID,
          IsDefault: c.IsDefault,
        })),
      });
  }, [record.data, form]);
  const companies = (master.data?.Companies ?? []).filter((c) => c.CompanyID !== user?.CompanyID);

  const { submit: run, busy } = useFormSubmit<{ Relations?: Relation[] }>(form, {
    submit: async (values) => {
      if (!row) return;
      await peopleApi.saveCompanies({
        EmployeeID: row.EmployeeID,
        Relations: (values.Relations ?? []).map((r) => ({
          CompanyID: r.CompanyID!,
          TeamID: r.TeamID ?? null,
          IsDefault: r.IsDefault === true,
        })),
      });
    },
    onSuccess: onDone,
    fields: ['Relations'],
  });

  return (
    <FormModal
      open={row !== null}
      title={t('org.person.companiesTitle', { name: row?.Name ?? '' })}
      onClose={onClose}
      onSave={run}
      busy={busy}
      width={720}
    >
      <Typography.Paragraph type="secondary">{t('org.person.companiesHelp')}</Typography.Paragraph>
      <Spin spinning={record.isFetching}>
        <Form form={form} layout="vertical">
          <Form.List name="Relations">
            {(items, { add, remove }) => (
              <Flex vertical gap={4}>
                {items.map((item) => (
                  <Flex key={item.key} gap={8} align="flex-start" wrap>
                    <Form.Item
                      name={[item.name, 'CompanyID']}
                      rules={[{ required: true, message: t('common.required') }]}
                      style={{ minWidth: 240, marginBottom: 8 }}
                    >
                      <Select
                        placeholder={t('org.person.company')}
                        options={companies.map((c) => ({ value: c.CompanyID, label: c.CompanyName }))}
                      />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {() => (
                        <Form.Item name={[item.name, 'TeamID']} style={{ marginBottom: 8 }}>
                          <CompanyTeamSelect companyId={form.getFieldValue(['Relations', item.name, 'CompanyID'])} />
                        </Form.Item>
                      )}
                    </Form.Item>
                    <Form.Item name={[item.name, 'IsDefault']} valuePropName="checked" style={{ marginBottom: 8 }}>
                      <Checkbox>{t('org.person.defaultCompany')}</Checkbox>
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('common.delete')}
                      onClick={() => remove(item.name)}
                    />
                  </Flex>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ IsDefault: false })}
                  disabled={companies.length === 0}
                >
                  {t('org.person.addCompany')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form>
      </Spin>
    </FormModal>
  );
}
