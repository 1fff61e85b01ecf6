import type { CustomerRow, WithholdingRow } from '@ems/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import type { CustomControlProps } from '../../../shared/list-page';
import { type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { idOf, type PickerOption, RemotePicker } from '../../../shared/RemotePicker';
import { MonthPicker } from '../../spendreports/controls';
import { withholdingApi } from './api';

const F = 'withholding.field.';

const lecturerOption = (r: CustomerRow): PickerOption => ({ value: r.CustomerID, label: `${r.Code} ${r.Name}` });

/** A lecturer (HCP) of the company, searched as the user types. */
function LecturerPicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      queryKey={['withholding', 'lecturer', 'picker']}
      parse={idOf}
      placeholderKey="withholding.picker.lecturer"
      search={async (k) => (await withholdingApi.lecturers({ Keyword: k || undefined })).Rows.map(lecturerOption)}
      lookup={async (id) => (await withholdingApi.lecturers({ HCPIDs: [id] })).Rows.map(lecturerOption)[0]}
    />
  );
}

const FILTERS: FilterDef[] = [
  { name: 'Month', labelKey: 'withholding.filter.month', type: 'custom', control: MonthPicker },
  { name: 'HCPID', labelKey: 'withholding.filter.lecturer', type: 'custom', control: LecturerPicker },
];

const money = (v: unknown) => formatAmount(String(v));

const COLUMNS: ColumnDef<WithholdingRow>[] = [
  { dataIndex: 'Month', labelKey: `${F}month` },
  { dataIndex: 'HCPCode', labelKey: `${F}code` },
  { dataIndex: 'Name', labelKey: `${F}name` },
  { dataIndex: 'IDNumber', labelKey: `${F}idNumber`, render: (v) => (v ? String(v) : '') },
  { dataIndex: 'Fees', labelKey: `${F}fees` },
  { dataIndex: 'Gross', labelKey: `${F}gross`, render: money },
  { dataIndex: 'Tax', labelKey: `${F}tax`, render: money },
  { dataIndex: 'Net', labelKey: `${F}net`, render: money },
];

/**
 * Lecture-fee withholding (decision 050): per lecturer and calendar month the fees before tax, the individual income
 * tax withheld on them as one occasion and what was paid after it, with the ID number masked; filtered by month and
 * lecturer and exported for the monthly IIT filing.
 */
export default function WithholdingPage() {
  const { t } = useTranslation();
  return (
    <ListPage<WithholdingRow>
      titleKey="menu.account.lectureFeeWithholding"
      header={<Typography.Paragraph type="secondary">{t('withholding.hint')}</Typography.Paragraph>}
      queryKey="lecture-fee-withholding"
      searchCall={(body) => withholdingApi.search(body)}
      exportCall={(filters) => withholdingApi.export(filters)}
      rowKey="WithholdingID"
      columns={COLUMNS}
      filters={FILTERS}
    />
  );
}
