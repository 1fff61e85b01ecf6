import type { CostCenterRow, InternalOrderRow, Page } from '@ems/contracts';
import i18n from 'i18next';
import { http } from '../../../app/api';
import type { CustomControlProps } from '../../../shared/list-page';
import { type PickerOption, RemotePicker } from './RemotePicker';

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
      kind="costCentre"
      placeholderKey="finmd.picker.costCentre"
      search={async (k) => (await searchCc({ Keyword: k || undefined })).Rows.map(ccOption)}
      byIds={async (ids) => (await searchCc({ CostCenterIDs: ids })).Rows.map(ccOption)}
    />
  );
}

/** A cost centre a new record may use: started and valid today. */
export function ChoosableCostCentrePicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      kind="costCentreChoosable"
      placeholderKey="finmd.picker.costCentre"
      search={async (k) => (await searchCc({ Keyword: k || undefined, Choosable: true })).Rows.map(ccOption)}
      byIds={async (ids) => (await searchCc({ CostCenterIDs: ids })).Rows.map(ccOption)}
    />
  );
}

/** An internal order of the company by code or name. */
export function InternalOrderPicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      kind="internalOrder"
      placeholderKey="finmd.picker.internalOrder"
      search={async (k) => (await searchIo({ Keyword: k || undefined })).Rows.map(ioOption)}
      byIds={async (ids) => (await searchIo({ InternalOrderIDs: ids })).Rows.map(ioOption)}
    />
  );
}

/** An internal order a new record may use. */
export function ChoosableInternalOrderPicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      kind="internalOrderChoosable"
      placeholderKey="finmd.picker.internalOrder"
      search={async (k) => (await searchIo({ Keyword: k || undefined, Choosable: true })).Rows.map(ioOption)}
      byIds={async (ids) => (await searchIo({ InternalOrderIDs: ids })).Rows.map(ioOption)}
    />
  );
}
