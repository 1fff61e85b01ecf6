import type { CustomControlProps } from '../../../shared/list-page';
import { idOf, RemotePicker } from '../../../shared/RemotePicker';
import { hcoApi, hcpApi } from './api';

const label = (r: { Name: string; Code: string }) => `${r.Name} (${r.Code})`;

/** A started HCO (the lookup also names a stopped one an HCP already has). */
export function HcoPicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      queryKey={['customerMaster', 'hco', 'picker']}
      parse={idOf}
      placeholderKey="customerMaster.picker.hco"
      search={async (k) =>
        (await hcoApi.search({ Keyword: k || undefined, Status: 'active', PageIndex: 1, PageSize: 20 })).Rows.map(
          (r) => ({ value: r.ID, label: label(r) }),
        )
      }
      lookup={async (id) => {
        const [hit] = (await hcoApi.search({ HCOIDs: [id], PageIndex: 1, PageSize: 1 })).Rows;
        return hit && { value: hit.ID, label: label(hit) };
      }}
    />
  );
}

/** A started HCP. */
export function HcpPicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      queryKey={['customerMaster', 'hcp', 'picker']}
      parse={idOf}
      placeholderKey="customerMaster.picker.hcp"
      search={async (k) =>
        (await hcpApi.search({ Keyword: k || undefined, Status: 'active', PageIndex: 1, PageSize: 20 })).Rows.map(
          (r) => ({ value: r.ID, label: `${label(r)}${r.HCOName ? ` · ${r.HCOName}` : ''}` }),
        )
      }
    />
  );
}
