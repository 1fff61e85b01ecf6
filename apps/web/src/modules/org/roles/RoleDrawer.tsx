import { MENU_GROUPS, type RoleRow } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Flex, Form, Grid, Input, Space, Spin, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { SwitchControl } from '../controls';
import { roleApi } from './api';
import { RoleEmployees } from './RoleEmployees';

interface Basics {
  Code: string;
  NameZH: string;
  NameEN: string;
  Description?: string;
  TeamAuthority: boolean;
  Active: boolean;
}

/**
 * One role edited as a whole: its basics, its functions (by menu group), its reports and its people. Functions
 * and reports are saved with the basics in one call; people are added and removed at once.
 */
export function RoleDrawer({
  target,
  onClose,
  onSaved,
  onPeopleChanged,
}: {
  target: { row: RoleRow | undefined } | null;
  onClose: () => void;
  onSaved: () => void;
  /** People were added or removed: the list behind shows new counts, the drawer stays open. */
  onPeopleChanged: () => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Basics>();
  const row = target?.row;
  const [functions, setFunctions] = useState<string[]>([]);
  const [reports, setReports] = useState<string[]>([]);
  const [tab, setTab] = useState('basics');

  const catalogue = useQuery({
    queryKey: ['org', 'roleFunctions', row?.RoleID ?? 0],
    queryFn: () => roleApi.functions(row?.RoleID),
    enabled: target !== null,
  });
  const reportCatalogue = useQuery({
    queryKey: ['org', 'roleReports', row?.RoleID ?? 0],
    queryFn: () => roleApi.reports(row!.RoleID),
    enabled: target !== null && row !== undefined,
  });

  useEffect(() => {
    if (!target) return;
    setTab('basics');
    form.resetFields();
    form.setFieldsValue(
      target.row
        ? { ...target.row, Description: target.row.Description ?? '' }
        : { TeamAuthority: false, Active: true },
    );
  }, [target, form]);
  useEffect(() => {
    if (catalogue.data) setFunctions(catalogue.data.Rows.filter((f) => f.Checked).map((f) => f.FunctionCode));
  }, [catalogue.data]);
  useEffect(() => {
    setReports(reportCatalogue.data ? reportCatalogue.data.Rows.filter((r) => r.Checked).map((r) => r.ReportCode) : []);
  }, [reportCatalogue.data]);

  const groups = useMemo(() => {
    const rows = catalogue.data?.Rows ?? [];
    return [...MENU_GROUPS, null]
      .map((g) => ({ group: g, items: rows.filter((r) => r.Group === g) }))
      .filter((g) => g.items.length);
  }, [catalogue.data]);
  // Reports are the report screens; a new role starts from the same list, none ticked.
  const reportOptions = useMemo(
    () => (catalogue.data?.Rows ?? []).filter((r) => r.Group === 'report'),
    [catalogue.data],
  );

  const { submit: save, busy } = useFormSubmit<Basics>(form, {
    submit: (values) =>
      roleApi.save({
        ...values,
        Description: values.Description?.trim() || null,
        FunctionCodes: functions,
        ReportCodes: reports,
        ...(row ? { RoleID: row.RoleID, Version: row.Version } : {}),
      }),
    onSuccess: onSaved,
    fields: ['Code', 'NameZH', 'NameEN', 'Description'],
    onInvalid: () => setTab('basics'),
    onFieldErrors: () => setTab('basics'),
  });

  const toggleAll = (codes: string[], on: boolean) =>
    setFunctions((cur) => (on ? [...new Set([...cur, ...codes])] : cur.filter((c) => !codes.includes(c))));

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={screens.md ? 760 : '100%'}
      destroyOnHidden
      title={row ? t('org.role.editTitle', { name: row.Name }) : t('org.role.createTitle')}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="role-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={catalogue.isFetching}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'basics',
              label: t('org.role.tab.basics'),
              forceRender: true,
              children: (
                <Form form={form} layout="vertical">
                  <Form.Item
                    name="Code"
                    label={t('org.role.field.code')}
                    rules={[{ required: true, whitespace: true, message: t('common.required') }]}
                  >
                    <Input maxLength={40} />
                  </Form.Item>
                  <Form.Item
                    name="NameZH"
                    label={t('org.role.field.nameZh')}
                    rules={[{ required: true, whitespace: true, message: t('common.required') }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item
                    name="NameEN"
                    label={t('org.role.field.nameEn')}
                    rules={[{ required: true, whitespace: true, message: t('common.required') }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item name="Description" label={t('org.role.field.description')}>
                    <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
                  </Form.Item>
                  <Form.Item
                    name="TeamAuthority"
                    label={t('org.role.field.teamAuthority')}
                    extra={t('org.role.teamAuthorityHelp')}
                  >
                    <SwitchControl />
                  </Form.Item>
                  <Form.Item name="Active" label={t('org.common.active')}>
                    <SwitchControl />
                  </Form.Item>
                </Form>
              ),
            },
            {
              key: 'functions',
              label: `${t('org.role.tab.functions')} (${functions.length})`,
              children: (
                <Flex vertical gap={16}>
                  {groups.map(({ group, items }) => {
                    const codes = items.map((i) => i.FunctionCode);
                    const ticked = codes.filter((c) => functions.includes(c)).length;
                    return (
                      <section key={group ?? 'other'} data-testid={`role-group-${group ?? 'other'}`}>
                        <Checkbox
                          checked={ticked === codes.length}
                          indeterminate={ticked > 0 && ticked < codes.length}
                          onChange={(e) => toggleAll(codes, e.target.checked)}
                        >
                          <Typography.Text strong>
                            {t(group ? `menu.group.${group}` : 'org.role.otherFunctions')}
                          </Typography.Text>
                        </Checkbox>
                        <Checkbox.Group
                          style={{
                            display: 'grid',
                            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
                            gap: 6,
                            marginTop: 8,
                            paddingLeft: 24,
                          }}
                          value={functions.filter((f) => codes.includes(f))}
                          onChange={(vals) =>
                            setFunctions((cur) => [...cur.filter((c) => !codes.includes(c)), ...(vals as string[])])
                          }
                          options={items.map((i) => ({ value: i.FunctionCode, label: t(i.LabelKey) }))}
                        />
                      </section>
                    );
                  })}
                </Flex>
              ),
            },
            {
              key: 'reports',
              label: `${t('org.role.tab.reports')} (${reports.length})`,
              children: (
                <Flex vertical gap={8}>
                  <Typography.Text type="secondary">{t('org.role.reportsHelp')}</Typography.Text>
                  <Checkbox.Group
                    style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 6 }}
                    value={reports}
                    onChange={(vals) => setReports(vals as string[])}
                    options={reportOptions.map((r) => ({ value: r.FunctionCode, label: t(r.LabelKey) }))}
                  />
                </Flex>
              ),
            },
            {
              key: 'employees',
              label: t('org.role.tab.employees'),
              children: row ? (
                <RoleEmployees roleId={row.RoleID} onChanged={onPeopleChanged} />
              ) : (
                <Alert type="info" showIcon title={t('org.role.saveFirst')} />
              ),
            },
          ]}
        />
      </Spin>
    </Drawer>
  );
}
