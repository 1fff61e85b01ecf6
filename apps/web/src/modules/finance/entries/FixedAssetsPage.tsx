import { FIXED_ASSET_STATES, type FixedAssetRow } from '@ems/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { CostCentrePicker } from '../../masterdata/pickers/CostCentrePicker';
import { assetApi } from './api';

const F = 'fin.asset.field.';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'fin.asset.keyword', type: 'text' },
  { name: 'CostCenterID', labelKey: `${F}costCentre`, type: 'custom', control: CostCentrePicker },
  {
    name: 'State',
    labelKey: `${F}state`,
    type: 'select',
    options: FIXED_ASSET_STATES.map((s) => ({ value: s, labelKey: `fin.asset.state.${s}` })),
  },
  { name: 'DateFrom', labelKey: 'fin.asset.dateFrom', type: 'date' },
  { name: 'DateTo', labelKey: 'fin.asset.dateTo', type: 'date' },
];

function StateTag({ value }: { value: string }) {
  const { t } = useTranslation();
  return <Tag color={value === 'active' ? 'green' : 'default'}>{t(`fin.asset.state.${value}`)}</Tag>;
}

const COLUMNS: ColumnDef<FixedAssetRow>[] = [
  { dataIndex: 'AssetNo', labelKey: `${F}assetNo`, sortable: true },
  { dataIndex: 'DocNo', labelKey: `${F}docNo` },
  { dataIndex: 'LineNo', labelKey: `${F}lineNo` },
  { dataIndex: 'ItemName', labelKey: `${F}item`, ellipsis: true },
  { dataIndex: 'Description', labelKey: `${F}description`, width: 200, ellipsis: true },
  { dataIndex: 'CostCenterName', labelKey: `${F}costCentre`, width: 180, ellipsis: true },
  { dataIndex: 'ProductName', labelKey: `${F}product`, ellipsis: true },
  { dataIndex: 'EmployeeName', labelKey: `${F}employee` },
  { dataIndex: 'AcquiredOn', labelKey: `${F}acquiredOn`, sortable: true },
  { dataIndex: 'Amount', labelKey: `${F}amount`, sortable: true, render: (v) => formatAmount(String(v)) },
  { dataIndex: 'GLAccount', labelKey: `${F}glAccount` },
  { dataIndex: 'Period', labelKey: `${F}period` },
  { dataIndex: 'State', labelKey: `${F}state`, render: (v) => <StateTag value={String(v)} /> },
  { dataIndex: 'ErpDocNo', labelKey: `${F}erpDocNo`, render: (v) => (v ? String(v) : '') },
];

/** Fixed assets (DESIGN §12): the records claims created when booked, searched and exported. */
export default function FixedAssetsPage() {
  const { t } = useTranslation();
  return (
    <ListPage<FixedAssetRow>
      titleKey="menu.account.fixedAssets"
      header={<Typography.Paragraph type="secondary">{t('fin.asset.help')}</Typography.Paragraph>}
      queryKey="fixed-assets"
      searchCall={(body) => assetApi.search(body)}
      exportCall={(filters) => assetApi.export(filters)}
      rowKey="FixedAssetID"
      columns={COLUMNS}
      filters={FILTERS}
    />
  );
}
