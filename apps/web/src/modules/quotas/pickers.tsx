import type { QuotaKind, QuotaOption, QuotaOptions } from '@ems/contracts';
import { Form } from 'antd';
import { useEffect, useRef } from 'react';
import type { CustomControlProps } from '../../shared/list-page';
import { idOf, type PickerOption, RemotePicker } from '../../shared/RemotePicker';
import { quotaApi } from './api';

const option = (o: QuotaOption): PickerOption => ({
  value: o.ID,
  label: `${o.Code} ${o.Name}${o.Extra ? ` · ${o.Extra}` : ''}`,
});
const options = (o: QuotaOptions) => o.Rows.map(option);

/**
 * The subject of a quota, searched as the user types among what the form's kind names: HCPs (HCP and lecture-fee
 * quotas, with their hospital), HCOs, clinical-trial HCOs, employees (with their team) or overseas expense items.
 * Choosing another kind clears the subject chosen for the previous one.
 */
export function QuotaSubjectPicker(props: CustomControlProps) {
  const form = Form.useFormInstance();
  const kind = Form.useWatch('Kind', form) as QuotaKind | undefined;
  const before = useRef(kind);
  useEffect(() => {
    if (!props.disabled && before.current && kind && before.current !== kind)
      form.setFieldValue('SubjectID', undefined);
    before.current = kind;
  }, [kind, form, props.disabled]);
  const k = kind ?? 'hcp';
  return (
    <RemotePicker
      {...props}
      queryKey={['quotas', 'subject', k, 'picker']}
      parse={idOf}
      placeholderKey={`quota.picker.${k}`}
      search={async (keyword) => options(await quotaApi.subjects({ Kind: k, Keyword: keyword || undefined }))}
      lookup={async (id) => options(await quotaApi.subjects({ Kind: k, IDs: [id] }))[0]}
    />
  );
}

/** The expense item a quota may be limited to (none: every item). */
export function QuotaItemPicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      queryKey={['quotas', 'item', 'picker']}
      parse={idOf}
      placeholderKey="quota.picker.item"
      search={async (keyword) => options(await quotaApi.items({ Keyword: keyword || undefined }))}
      lookup={async (id) => options(await quotaApi.items({ IDs: [id] }))[0]}
    />
  );
}
