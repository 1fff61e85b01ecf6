import { EXPENSE_CATEGORIES, EXPENSE_DOC_TYPES, PROVIDER_CATEGORIES } from '@ems/contracts';

import type { FieldDef } from '../../../shared/list-page';

type FormValues = Record<string, unknown>;

/** Options of the master screens' selects; labels are language keys. */
export const YES_NO = [
  { value: 'true', labelKey: 'expenseMaster.value.yes' },
  { value: 'false', labelKey: 'expenseMaster.value.no' },
];
export const STATUS = [
  { value: 'active', labelKey: 'expenseMaster.status.active' },
  { value: 'inactive', labelKey: 'expenseMaster.status.inactive' },
];
export const CATEGORY_OPTIONS = EXPENSE_CATEGORIES.map((c) => ({ value: c, labelKey: `expenseMaster.category.${c}` }));
export const PROVIDER_CATEGORY_OPTIONS = PROVIDER_CATEGORIES.map((c) => ({
  value: c,
  labelKey: `expenseMaster.providerCategory.${c}`,
}));
export const DOC_TYPE_OPTIONS = EXPENSE_DOC_TYPES.map((d) => ({ value: d, labelKey: `expenseMaster.docType.${d}` }));

/** Booleans of a row as the yes/no select's values, and back. */
export const boolText = (v: unknown) => (v === true ? 'true' : v === false ? 'false' : undefined);
export const textBool = (v: unknown, fallback: boolean) => (v === 'true' ? true : v === 'false' ? false : fallback);

export function withBools(values: FormValues, names: string[]): FormValues {
  const out: FormValues = { ...values };
  for (const n of names) out[n] = boolText(values[n]);
  return out;
}

/** The code (fixed once saved) and the two names every master record's editor starts with. */
export const CODE_NAME_FIELDS: FieldDef[] = [
  {
    name: 'Code',
    labelKey: 'expenseMaster.field.code',
    type: 'text',
    required: true,
    maxLength: 40,
    readOnlyOnEdit: true,
  },
  { name: 'NameZH', labelKey: 'expenseMaster.field.nameZh', type: 'text', required: true, maxLength: 200 },
  { name: 'NameEN', labelKey: 'expenseMaster.field.nameEn', type: 'text', required: true, maxLength: 200 },
];
