import type { CostCenterRow, InternalOrderRow, Page } from '@ems/contracts';
import i18n from 'i18next';
import { http } from '../../../app/api';
import type { CustomControlProps } from '../../../shared/list-page';
import { idOf, type PickerOption, RemotePicker } from '../../../shared/RemotePicker';

const stoppedMark = (status: string) => (status === 'stopped' ? ` · ${i18n.t('finmd.status.stopped')}` : '');

const ccOption = (r: CostCenterRow): PickerOption => ({
  value: r.CostCenterID,
  label: `${r.CostCenterCode} ${r.Name}${stoppedMark(r.Status)}`,
});
const ioOption = (r: InternalOrderRow): PickerOption => ({
  value: r.InternalOrderID,
  label: `${r.InternalOrderCode} ${r.Name}${stoppedMark(r.Status)}`,
});

const searchCc = (body: Record<string, unknown>) =>
  http.post<Page<CostCenterRow>>('/api/CostCenterMaster/Search', { PageIndex: 1, PageSize: 20, ...body });
const searchIo = (body: Record<string, unknown>) =>
  http.post<Page<InternalOrderRow>>('/api/InsideOrder/Search', { PageIndex: 1, PageSize: 20, ...body });

/** A cost centre of the company by code or name (any status: for filters and existing records). */
export function CostCentrePicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      queryKey={['finmd', 'costCentre', 'picker']}
      parse={idOf}
      placeholderKey="finmd.picker.costCentre"
      search={async (k) => (await searchCc({ Keyword: k || undefined })).Rows.map(ccOption)}
      lookup={async (id) => (await searchCc({ CostCenterIDs: [id] })).Rows.map(ccOption)[0]}
    />
  );
}

/** A cost centre a new record may use: started and valid today. */
export function ChoosableCostCentrePicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      queryKey={['finmd', 'costCentreChoosable', 'picker']}
      parse={idOf}
      placeholderKey="finmd.picker.costCentre"
      search={async (k) => (await searchCc({ Keyword: k || undefined, Choosable: true })).Rows.map(ccOption)}
      lookup={async (id) => (await searchCc({ CostCenterIDs: [id] })).Rows.map(ccOption)[0]}
    />
  );
}

/** An internal order of the company by code or name. */
export function InternalOrderPicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      queryKey={['finmd', 'internalOrder', 'picker']}
      parse={idOf}
      placeholderKey="finmd.picker.internalOrder"
      search={async (k) => (await searchIo({ Keyword: k || undefined })).Rows.map(ioOption)}
      lookup={async (id) => (await searchIo({ InternalOrderIDs: [id] })).Rows.map(ioOption)[0]}
    />
  );
}

/** An internal order a new record may use. */
export function ChoosableInternalOrderPicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      queryKey={['finmd', 'internalOrderChoosable', 'picker']}
      parse={idOf}
      placeholderKey="finmd.picker.internalOrder"
      search={async (k) => (await searchIo({ Keyword: k || undefined, Choosable: true })).Rows.map(ioOption)}
      lookup={async (id) => (await searchIo({ InternalOrderIDs: [id] })).Rows.map(ioOption)[0]}
    />
  );
}
