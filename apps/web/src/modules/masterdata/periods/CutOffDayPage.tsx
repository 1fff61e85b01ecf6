import type { CutOffDayRow, SetCutOffDayBody } from '@ems/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { MONTH_OPTIONS, yearOptions } from '../finance-shared';
import { cutOffApi } from './api';

const F = 'finmd.cutOff.field';

const FILTERS: FilterDef[] = [
  { name: 'Year', labelKey: `${F}.year`, type: 'select', options: yearOptions(3, 1) },
  { name: 'Month', labelKey: `${F}.month`, type: 'select', options: MONTH_OPTIONS },
];

function PassedTag({ passed }: { passed: boolean }) {
  const { t } = useTranslation();
  return <Tag color={passed ? 'default' : 'green'}>{t(passed ? 'finmd.cutOff.closed' : 'finmd.cutOff.open')}</Tag>;
}

const COLUMNS: ColumnDef<CutOffDayRow>[] = [
  { dataIndex: 'Year', labelKey: `${F}.year`, sortable: true },
  { dataIndex: 'Month', labelKey: `${F}.month`, sortable: true },
  { dataIndex: 'Day', labelKey: `${F}.day`, sortable: true, width: 140 },
  { dataIndex: 'Passed', labelKey: `${F}.state`, render: (v) => <PassedTag passed={v === true} /> },
  { dataIndex: 'UpdatedAt', labelKey: `${F}.updatedAt`, width: 180, render: (v) => displayDateTime(v) },
];

/** Each month's cut-off day: general (postings after it go to the next period) or order (ride-hailing claims). */
export function CutOffDayPage({ kind }: { kind: 'general' | 'order' }) {
  const api = useMemo(() => cutOffApi(kind), [kind]);
  const editor = useMemo<EditorDef<CutOffDayRow>>(
    () => ({
      createTitleKey: 'finmd.cutOff.createTitle',
      editTitleKey: 'finmd.cutOff.editTitle',
      initialValues: { Year: new Date().getFullYear() },
      fields: [
        { name: 'Year', labelKey: `${F}.year`, type: 'select', required: true, options: yearOptions(3, 1) },
        { name: 'Month', labelKey: `${F}.month`, type: 'select', required: true, options: MONTH_OPTIONS },
        { name: 'Day', labelKey: `${F}.day`, type: 'date', required: true },
      ],
      save: (values, row) =>
        api.save({
          ...(values as unknown as SetCutOffDayBody),
          ...(row ? { CutOffDayID: row.CutOffDayID, Version: row.Version } : {}),
        }),
    }),
    [api],
  );
  return (
    <ListPage<CutOffDayRow>
      titleKey={kind === 'general' ? 'menu.account.SetCutOffDay' : 'menu.master.OrderCutOffDay'}
      queryKey={`finmd-cutOff-${kind}`}
      searchCall={(body) => api.search(body)}
      rowKey="CutOffDayID"
      columns={COLUMNS}
      filters={FILTERS}
      editor={editor}
      delete={(rows) => api.remove(rows.map((r) => r.CutOffDayID))}
    />
  );
}
