import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { STEP_KINDS, type WorkflowDetail, type WorkflowRow } from '@ems/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Drawer, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/ApiError';
import { useBoot } from '../../app/i18n/BootProvider';
import { notice } from '../../app/notice';
import { ActionButton } from '../../shared/ActionButton';
import { applyFieldErrors } from '../../shared/formErrors';
import { lookupApi } from '../masterdata/expense/api';
import { EmployeePicker } from '../org/pickers/EmployeePicker';
import { type WorkflowHeaderInput, workflowApi } from './api';
import { addStep, changeStep, type EditStep, fromServer, moveStep, removeStep, toSave } from './steps';

const K = 'workflow.admin';
const DOC_TYPES = ['apply', 'loan', 'deputy'] as const;
const MONEY = /^\d{1,16}(\.\d{1,2})?$/;

type Header = Omit<WorkflowHeaderInput, 'ID' | 'Version'>;

/** Expense items of every category, for limiting a step to some of them. */
function useExpenseItems() {
  const { culture } = useBoot();
  const categories = useQuery({
    queryKey: ['workflow', 'categories', culture],
    queryFn: () => workflowApi.categories(),
    staleTime: 300_000,
  });
  const items = useQueries({
    queries: (categories.data?.Rows ?? []).map((c) => ({
      queryKey: ['workflow', 'items', culture, c.Value],
      queryFn: () => workflowApi.itemsOf(String(c.Value)),
      staleTime: 300_000,
    })),
  });
  return (categories.data?.Rows ?? []).map((c, i) => ({
    label: c.Label,
    title: c.Label,
    options: (items[i]?.data?.Rows ?? []).map((o) => ({
      value: Number(o.Value),
      label: o.Code ? `${o.Label} (${o.Code})` : o.Label,
    })),
  }));
}

function StepCard({
  step,
  index,
  count,
  roles,
  items,
  onChange,
  onMove,
  onRemove,
}: {
  step: EditStep;
  index: number;
  count: number;
  roles: { value: string; label: string }[];
  items: ReturnType<typeof useExpenseItems>;
  onChange: (patch: Partial<WorkflowDetail>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const moneyStatus = (v: string | null | undefined) => (v?.trim() && !MONEY.test(v.trim()) ? 'error' : undefined);
  const label = (key: string) => `${t('workflow.admin.step.title', { seq: index + 1 })} · ${t(key)}`;
  return (
    <Card
      size="small"
      data-testid={`workflow-step-${index + 1}`}
      title={t(`${K}.step.title`, { seq: index + 1 })}
      extra={
        <Space>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            aria-label={t(`${K}.step.up`)}
            title={t(`${K}.step.up`)}
            onClick={() => onMove(-1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            aria-label={t(`${K}.step.down`)}
            title={t(`${K}.step.down`)}
            onClick={() => onMove(1)}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t(`${K}.step.remove`)}
            title={t(`${K}.step.remove`)}
            onClick={onRemove}
          />
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Select
            aria-label={label(`${K}.step.kind`)}
            style={{ width: 220 }}
            value={step.StepKind}
            options={STEP_KINDS.map((k) => ({ value: k, label: t(`${K}.kind.${k}`) }))}
            onChange={(v) => onChange({ StepKind: v })}
          />
          {step.StepKind === 'role' ? (
            <Select
              aria-label={label(`${K}.step.role`)}
              style={{ width: 240 }}
              showSearch
              optionFilterProp="label"
              placeholder={t(`${K}.step.role`)}
              value={step.RoleCode ?? undefined}
              options={roles}
              status={step.RoleCode ? undefined : 'error'}
              onChange={(v) => onChange({ RoleCode: v })}
            />
          ) : null}
          {step.StepKind === 'person' ? (
            <Space>
              <label htmlFor={`workflow-person-${step.key}`}>{t(`${K}.step.person`)}</label>
              <div style={{ width: 280 }}>
                <EmployeePicker
                  id={`workflow-person-${step.key}`}
                  {...(step.PersonName ? { initialLabel: step.PersonName } : {})}
                  value={(step.PersonID ?? undefined) as never}
                  onChange={((v: number | undefined) => onChange({ PersonID: v ?? null, PersonName: null })) as never}
                />
              </div>
            </Space>
          ) : null}
        </Space>
        <Space wrap>
          <Input
            aria-label={label(`${K}.step.nameZh`)}
            placeholder={t(`${K}.step.nameZh`)}
            maxLength={100}
            style={{ width: 200 }}
            value={step.NameZH}
            status={step.NameZH.trim() ? undefined : 'error'}
            onChange={(e) => onChange({ NameZH: e.target.value })}
          />
          <Input
            aria-label={label(`${K}.step.nameEn`)}
            placeholder={t(`${K}.step.nameEn`)}
            maxLength={100}
            style={{ width: 200 }}
            value={step.NameEN}
            status={step.NameEN.trim() ? undefined : 'error'}
            onChange={(e) => onChange({ NameEN: e.target.value })}
          />
        </Space>
        <Space wrap>
          <Input
            aria-label={label(`${K}.step.minAmount`)}
            placeholder={t(`${K}.step.minAmount`)}
            inputMode="decimal"
            style={{ width: 160 }}
            value={step.MinAmount ?? ''}
            status={moneyStatus(step.MinAmount)}
            onChange={(e) => onChange({ MinAmount: e.target.value })}
          />
          <Typography.Text type="secondary">–</Typography.Text>
          <Input
            aria-label={label(`${K}.step.maxAmount`)}
            placeholder={t(`${K}.step.maxAmount`)}
            inputMode="decimal"
            style={{ width: 160 }}
            value={step.MaxAmount ?? ''}
            status={moneyStatus(step.MaxAmount)}
            onChange={(e) => onChange({ MaxAmount: e.target.value })}
          />
          <Checkbox checked={step.HcpOnly} onChange={(e) => onChange({ HcpOnly: e.target.checked })}>
            {t(`${K}.step.hcpOnly`)}
          </Checkbox>
          <Checkbox checked={step.OverseasOnly} onChange={(e) => onChange({ OverseasOnly: e.target.checked })}>
            {t(`${K}.step.overseasOnly`)}
          </Checkbox>
        </Space>
        <Select
          aria-label={label(`${K}.step.items`)}
          mode="multiple"
          allowClear
          optionFilterProp="label"
          placeholder={t(`${K}.step.itemsAny`)}
          style={{ width: '100%' }}
          value={step.ExpenseItemIDs ?? []}
          options={items}
          onChange={(v: number[]) => onChange({ ExpenseItemIDs: v })}
        />
      </Space>
    </Card>
  );
}

/** Creates or edits a route template with its ordered steps; saved together with SaveDetail. */
export function WorkflowEditor({
  target,
  onClose,
  onSaved,
}: {
  /** null: closed; undefined row: a new template. */
  target: { row?: WorkflowRow } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const [form] = Form.useForm<Header>();
  const [steps, setSteps] = useState<EditStep[]>([]);
  const [version, setVersion] = useState<number | undefined>();
  const docType = Form.useWatch('DocType', form);
  const id = target?.row?.ID;

  const loaded = useQuery({
    queryKey: ['workflow', 'template', id],
    queryFn: () => workflowApi.load(id!),
    enabled: id !== undefined,
    staleTime: 0,
  });
  const roles = useQuery({ queryKey: ['workflow', 'roles', culture], queryFn: () => workflowApi.roles() });
  const types = useQuery({
    queryKey: ['workflow', 'types', culture, docType],
    queryFn: () => lookupApi('ExpenseTypesByDocType', { DocType: docType }),
    enabled: !!docType,
  });
  const items = useExpenseItems();

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.row) return;
    form.setFieldsValue({ DocType: 'deputy', Active: true, AllowBatchApprove: true });
    setSteps(addStep([]));
    setVersion(undefined);
  }, [target, form]);
  useEffect(() => {
    const data = loaded.data;
    if (!target?.row || !data) return;
    const w = data.Workflow;
    form.setFieldsValue({
      Code: w.Code,
      DocType: w.DocType as Header['DocType'],
      ExpenseTypeID: w.ExpenseTypeID,
      NameZH: w.NameZH,
      NameEN: w.NameEN,
      Active: w.Active,
      AllowBatchApprove: w.AllowBatchApprove,
    });
    setSteps(fromServer(data.Details));
    setVersion(w.Version);
  }, [loaded.data, target, form]);

  const save = async () => {
    let header: Header;
    try {
      header = await form.validateFields();
    } catch {
      return;
    }
    if (steps.length === 0) {
      notice.warning(t(`${K}.stepsRequired`));
      return;
    }
    try {
      await workflowApi.save({
        Workflow: {
          ...header,
          ExpenseTypeID: header.ExpenseTypeID ?? null,
          ...(id !== undefined ? { ID: id, Version: version } : {}),
        },
        Details: toSave(steps),
      });
    } catch (error) {
      if (applyFieldErrors(form, error, ['Workflow.Code', 'Workflow.ExpenseTypeID'])) return;
      // A step that could find nobody to approve: say which step and why, not only that the input was refused.
      const onStep =
        error instanceof ApiError ? error.fieldErrors.find((e) => e.field.startsWith('Details.')) : undefined;
      if (onStep) {
        const seq = Number(onStep.field.split('.')[1]) + 1;
        notice.warning(t(`${K}.stepProblem`, { seq, message: onStep.message }));
      } else notice.error(error);
      return;
    }
    notice.success(t('common.saved'));
    onSaved();
  };

  const remove = async (key: string) => {
    if (await notice.ask(t('common.confirmDelete'))) setSteps((s) => removeStep(s, key));
  };

  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      width={860}
      destroyOnHidden
      title={t(id === undefined ? `${K}.createTitle` : `${K}.editTitle`)}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <ActionButton type="primary" onAction={save} showErrors={false} data-testid="workflow-save">
            {t('common.save')}
          </ActionButton>
        </Space>
      }
    >
      <Form form={form} layout="vertical" disabled={loaded.isFetching}>
        <Space wrap align="start">
          <Form.Item
            name="Code"
            label={t(`${K}.field.code`)}
            rules={[
              { required: true, message: t('common.required') },
              { pattern: /^[A-Za-z0-9_.-]+$/, message: t(`${K}.codePattern`) },
            ]}
          >
            <Input maxLength={40} style={{ width: 200 }} disabled={id !== undefined} />
          </Form.Item>
          <Form.Item name="DocType" label={t(`${K}.field.docType`)} rules={[{ required: true }]}>
            <Select
              style={{ width: 160 }}
              options={DOC_TYPES.map((d) => ({ value: d, label: t(`doc.type.${d}`) }))}
              onChange={() => form.setFieldValue('ExpenseTypeID', null)}
            />
          </Form.Item>
          <Form.Item name="ExpenseTypeID" label={t(`${K}.field.expenseType`)}>
            <Select
              style={{ width: 260 }}
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t(`${K}.anyExpenseType`)}
              options={(types.data?.Rows ?? []).map((o) => ({ value: Number(o.Value), label: o.Label }))}
            />
          </Form.Item>
          <Form.Item name="Active" label={t(`${K}.field.active`)} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="AllowBatchApprove" label={t(`${K}.field.allowBatchApprove`)} valuePropName="checked">
            <Switch data-testid="workflow-allow-batch" />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="NameZH" label={t(`${K}.field.nameZh`)} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={200} style={{ width: 300 }} />
          </Form.Item>
          <Form.Item name="NameEN" label={t(`${K}.field.nameEn`)} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={200} style={{ width: 300 }} />
          </Form.Item>
        </Space>
      </Form>
      <Typography.Title level={5}>{t(`${K}.steps`)}</Typography.Title>
      <Space direction="vertical" style={{ width: '100%' }}>
        {steps.map((s, i) => (
          <StepCard
            key={s.key}
            step={s}
            index={i}
            count={steps.length}
            roles={(roles.data?.Rows ?? []).map((r) => ({ value: r.Code, label: `${r.Name} (${r.Code})` }))}
            items={items}
            onChange={(patch) => setSteps((all) => changeStep(all, s.key, patch))}
            onMove={(by) => setSteps((all) => moveStep(all, s.key, by))}
            onRemove={() => void remove(s.key)}
          />
        ))}
        <Button icon={<PlusOutlined />} onClick={() => setSteps((s) => addStep(s))} data-testid="workflow-add-step">
          {t(`${K}.step.add`)}
        </Button>
      </Space>
    </Drawer>
  );
}
