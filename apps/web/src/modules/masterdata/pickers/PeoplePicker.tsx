import type { EmployeeOption } from '@ems/contracts';
import type { CustomControlProps } from '../../../shared/list-page';
import { RemotePicker } from '../../../shared/RemotePicker';
import { orgApi } from '../../org/api';

export interface LabelledValue {
  value: number;
  label: string;
}

export const personLabel = (e: { Name: string; Code: string; TeamName?: string | null }) =>
  `${e.Name} (${e.Code})${e.TeamName ? ` · ${e.TeamName}` : ''}`;

const choose = async (keyword: string, extra: { IncludeInactive?: true } = {}): Promise<EmployeeOption[]> =>
  (await orgApi.chooseEmployee({ Keyword: keyword || undefined, PageIndex: 1, PageSize: 20, ...extra })).Rows;

/**
 * People of the company, one or several, as `{ value: EmployeeID, label }`: a record being edited brings its people
 * with their names, so the picker never shows bare ids. Several keep the order they were picked in.
 */
export function PeopleSelect({ multiple, ...props }: CustomControlProps & { multiple?: boolean }) {
  return (
    <RemotePicker
      {...props}
      queryKey={['org', 'chooseEmployee']}
      placeholderKey="org.picker.employeePlaceholder"
      labelInValue
      multiple={multiple}
      search={async (k) => (await choose(k)).map((e) => ({ value: e.EmployeeID, label: personLabel(e) }))}
    />
  );
}

export function PeopleMultiSelect(props: CustomControlProps) {
  return <PeopleSelect {...props} multiple />;
}

/** One person, kept as their employee code, so the choice can live in the URL and be shown by name after a reload. */
export function EmployeeCodePicker(props: CustomControlProps) {
  return (
    <RemotePicker<string>
      {...props}
      queryKey={['org', 'chooseEmployeeCode']}
      placeholderKey="org.picker.employeePlaceholder"
      parse={(raw) => (typeof raw === 'string' ? raw : undefined)}
      search={async (k) => (await choose(k)).map((e) => ({ value: e.Code, label: personLabel(e) }))}
      lookup={async (code) => {
        const hit = (await choose(code, { IncludeInactive: true })).find((e) => e.Code === code);
        return { value: code, label: hit ? personLabel(hit) : code };
      }}
    />
  );
}
