import { ApiError, type FieldError } from '../../../app/http/ApiError';
import { fieldPath } from '../../../shared/formErrors';
import { type DocumentFormValues, keptLineIndexes, keptLoanIndexes } from './formValues';

export type NamePath = (string | number)[];

/** The form rows each body row came from: the save body leaves out empty lines and unfinished loans. */
export interface KeptRows {
  lines: readonly number[];
  loans: readonly number[];
}

export function keptRowsOf(values: DocumentFormValues): KeptRows {
  return { lines: keptLineIndexes(values), loans: keptLoanIndexes(values) };
}

/** Where a field path of the save body (`Lines.0.Amount`, `StartDate`) sits on the document form. */
export function formNameOf(field: string, kept: KeptRows): NamePath {
  const path = fieldPath(field);
  const [head, index, ...rest] = path;
  if ((head === 'Lines' || head === 'Loans') && typeof index === 'number') {
    const rows = head === 'Lines' ? kept.lines : kept.loans;
    return [head, rows[index] ?? index, ...rest];
  }
  if (head === 'StartDate' || head === 'EndDate') return ['Dates'];
  return path;
}

const same = (a: NamePath, b: NamePath) => a.length === b.length && a.every((p, i) => String(p) === String(b[i]));

/**
 * Splits a failed save's field errors into those shown on a field of the form (grouped by field) and the
 * messages of fields the form does not show, which go to a notice.
 */
export function placeFieldErrors(
  error: unknown,
  kept: KeptRows,
  formNames: readonly NamePath[],
): { fields: { name: NamePath; errors: string[] }[]; elsewhere: string[] } {
  const out = { fields: [] as { name: NamePath; errors: string[] }[], elsewhere: [] as string[] };
  if (!(error instanceof ApiError)) return out;
  for (const e of error.fieldErrors as FieldError[]) {
    const name = formNameOf(e.field, kept);
    if (!formNames.some((n) => same(n, name))) {
      out.elsewhere.push(e.message);
      continue;
    }
    const found = out.fields.find((f) => same(f.name, name));
    if (found) found.errors.push(e.message);
    else out.fields.push({ name, errors: [e.message] });
  }
  return out;
}

/** antd's `validateFields` rejects with the fields in error: the form already shows their messages. */
export function isFormValidation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && Array.isArray((error as { errorFields?: unknown }).errorFields);
}
