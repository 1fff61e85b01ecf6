import type { FormInstance } from 'antd';
import { ApiError } from '../app/http/ApiError';

/** `Lines.0.Amount` → ['Lines', 0, 'Amount'], the name path of the antd form item. */
export function fieldPath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Puts the server's field errors on the form items. Returns true when at least one error found a field
 * on this form, so the caller can skip the general notice.
 */
export function applyFieldErrors(form: FormInstance, error: unknown, knownFields?: readonly string[]): boolean {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return false;
  const grouped = new Map<string, string[]>();
  for (const e of error.fieldErrors) {
    if (knownFields && !knownFields.includes(e.field.split('.')[0] ?? '')) continue;
    grouped.set(e.field, [...(grouped.get(e.field) ?? []), e.message]);
  }
  form.setFields([...grouped].map(([field, errors]) => ({ name: fieldPath(field), errors })));
  return grouped.size > 0;
}
