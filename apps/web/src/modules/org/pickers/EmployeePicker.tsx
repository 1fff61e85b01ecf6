import type { EmployeeOption } from '@ems/contracts';
import type { CustomControlProps } from '../../../shared/list-page';
import { idOf, RemotePicker } from '../../../shared/RemotePicker';
import { orgApi } from '../api';

interface Props extends CustomControlProps {
  /** A label for the current value when the list does not contain it (an existing record's person). */
  initialLabel?: string;
  /** Also offer people who left or are frozen for resignation (to replace a leaver). */
  includeInactive?: boolean;
}

const label = (e: EmployeeOption) => `${e.Name} (${e.Code})${e.TeamName ? ` · ${e.TeamName}` : ''}`;

/** Picks a person of the signed-in company by code or name; the value is the EmployeeID. */
export function EmployeePicker({ includeInactive, ...props }: Props) {
  const inactive = includeInactive ? { IncludeInactive: true as const } : {};
  return (
    <RemotePicker
      {...props}
      queryKey={['org', 'chooseEmployee', includeInactive === true]}
      placeholderKey="org.picker.employeePlaceholder"
      parse={idOf}
      block={false}
      search={async (k) =>
        (await orgApi.chooseEmployee({ Keyword: k || undefined, PageIndex: 1, PageSize: 20, ...inactive })).Rows.map(
          (e) => ({ value: e.EmployeeID, label: label(e) }),
        )
      }
      lookup={async (id) => {
        const found = (await orgApi.chooseEmployee({ EmployeeID: id, PageIndex: 1, PageSize: 1, ...inactive })).Rows[0];
        return { value: id, label: found ? label(found) : String(id) };
      }}
    />
  );
}
