import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { FieldDef, FilterDef, FormValues } from './types';
import type { FilterValue } from './urlState';

const DAY = 'YYYY-MM-DD';

interface FieldInputProps {
  field: FieldDef;
  t: TFunction;
  disabled?: boolean | undefined;
  /** Injected by Form.Item. */
  id?: string;
  value?: never;
  onChange?: never;
}

/** The antd control of one field definition; Form.Item's value, onChange and id pass through. */
export function FieldInput({ field, t, disabled, ...control }: FieldInputProps) {
  const testId = `field-${field.name}`;
  switch (field.type) {
    case 'textarea':
      return (
        <Input.TextArea
          {...control}
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={field.maxLength}
          disabled={disabled}
          data-testid={testId}
        />
      );
    case 'number':
      return <InputNumber {...control} style={{ width: '100%' }} disabled={disabled} data-testid={testId} />;
    case 'select':
      return (
        <Select
          {...control}
          allowClear
          disabled={disabled}
          data-testid={testId}
          options={(field.options ?? []).map((o) => ({
            value: o.value,
            label: o.labelKey ? t(o.labelKey) : (o.label ?? String(o.value)),
          }))}
        />
      );
    case 'date':
      return (
        <DatePicker {...control} style={{ width: '100%' }} format={DAY} disabled={disabled} data-testid={testId} />
      );
    case 'daterange':
      return (
        <DatePicker.RangePicker
          {...control}
          style={{ width: '100%' }}
          format={DAY}
          disabled={disabled}
          data-testid={testId}
        />
      );
    case 'custom': {
      const Control = field.control;
      if (Control) return <Control {...control} disabled={disabled} data-testid={testId} />;
      return <Input {...control} disabled={disabled} data-testid={testId} />;
    }
    default:
      return <Input {...control} allowClear maxLength={field.maxLength} disabled={disabled} data-testid={testId} />;
  }
}

/** URL filter state → search form values (dates as dayjs, select values with their option's type). */
export function filtersToForm(filters: Record<string, FilterValue>, defs: readonly FilterDef[]): FormValues {
  const values: FormValues = {};
  for (const f of defs) {
    const v = filters[f.name];
    if (v === undefined) values[f.name] = undefined;
    else if (Array.isArray(v)) values[f.name] = [dayjs(v[0]), dayjs(v[1])];
    else if (f.type === 'date') values[f.name] = dayjs(v);
    else if (f.type === 'select') values[f.name] = f.options?.find((o) => String(o.value) === v)?.value ?? v;
    else values[f.name] = v;
  }
  return values;
}

/** Search form values → URL filter state; empty values drop out. */
export function formToFilters(values: FormValues, defs: readonly FilterDef[]): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {};
  for (const f of defs) {
    const v = values[f.name];
    if (v === undefined || v === null || v === '') continue;
    if (f.type === 'daterange' && Array.isArray(v)) {
      const [from, to] = v as [Dayjs | null, Dayjs | null];
      if (from && to) filters[f.name] = [from.format(DAY), to.format(DAY)];
    } else if (f.type === 'date' && dayjs.isDayjs(v)) {
      filters[f.name] = v.format(DAY);
    } else if (typeof v === 'string' || typeof v === 'number') {
      const text = String(v).trim();
      if (text) filters[f.name] = text;
    }
  }
  return filters;
}

/** Row or loaded values → editor form values (dates become dayjs). */
export function toEditorValues(source: FormValues, defs: readonly FieldDef[]): FormValues {
  const values: FormValues = {};
  for (const f of defs) {
    const v = source[f.name];
    values[f.name] = f.type === 'date' && typeof v === 'string' && v ? dayjs(v) : v;
  }
  return values;
}

/** Editor form values → body fields (dates as yyyy-MM-dd, blank optional text left out). */
export function fromEditorValues(values: FormValues, defs: readonly FieldDef[]): FormValues {
  const body: FormValues = {};
  for (const f of defs) {
    const v = values[f.name];
    if (dayjs.isDayjs(v)) body[f.name] = v.format(DAY);
    else if (typeof v === 'string') {
      if (v.trim() !== '' || f.required) body[f.name] = f.type === 'textarea' ? v : v.trim();
    } else if (v !== undefined && v !== null) body[f.name] = v;
  }
  return body;
}
