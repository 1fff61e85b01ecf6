import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { ChangedResult } from '@ems/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../app/notice';
import type { ActionDef, CustomControlProps, FieldDef } from '../../shared/list-page';

/** Pieces the finance master-data screens share: status tags and options, start/stop actions, number-valued controls. */

export const STATUS_OPTIONS = [
  { value: 'started', labelKey: 'finmd.status.started' },
  { value: 'stopped', labelKey: 'finmd.status.stopped' },
];

export const MONTH_OPTIONS = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** The current year and its neighbours, for year filters. */
export function yearOptions(back = 2, ahead = 1) {
  const now = new Date().getFullYear();
  const years: { value: number; label: string }[] = [];
  for (let y = now + ahead; y >= now - back; y--) years.push({ value: y, label: String(y) });
  return years;
}

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'started' ? 'green' : 'default'} data-testid={`status-${status}`}>
      {t(`finmd.status.${status}`)}
    </Tag>
  );
}

export function YesNoTag({ value, yesKey, noKey }: { value: boolean; yesKey: string; noKey: string }) {
  const { t } = useTranslation();
  return <Tag color={value ? 'blue' : 'default'}>{t(value ? yesKey : noKey)}</Tag>;
}

/** Start and stop toolbar actions for rows that carry an id and the version the user saw. */
export function startStopActions<Row extends { Version: number }>(
  idOf: (row: Row) => number,
  api: {
    start: (items: { ID: number; Version: number }[]) => Promise<ChangedResult>;
    stop: (items: { ID: number; Version: number }[]) => Promise<ChangedResult>;
  },
  t: TFunction,
): ActionDef<Row>[] {
  const items = (rows: Row[]) => rows.map((r) => ({ ID: idOf(r), Version: r.Version }));
  return [
    {
      key: 'start',
      labelKey: 'finmd.action.start',
      icon: <PlayCircleOutlined />,
      needsSome: true,
      confirmKey: 'finmd.action.startConfirm',
      run: async ({ rows, reload, clearSelection }) => {
        const { Changed } = await api.start(items(rows));
        notice.success(t('finmd.action.started', { count: Changed }));
        clearSelection();
        await reload();
      },
    },
    {
      key: 'stop',
      labelKey: 'finmd.action.stop',
      icon: <PauseCircleOutlined />,
      needsSome: true,
      danger: true,
      confirmKey: 'finmd.action.stopConfirm',
      run: async ({ rows, reload, clearSelection }) => {
        const { Changed } = await api.stop(items(rows));
        notice.success(t('finmd.action.stopped', { count: Changed }));
        clearSelection();
        await reload();
      },
    },
  ];
}

/**
 * A control whose value is a number, also when it arrives as text (list filters come back from the URL as text).
 */
export function numericValue(Control: ComponentType<CustomControlProps>): ComponentType<CustomControlProps> {
  function NumericControl(props: CustomControlProps) {
    const raw = props.value as unknown;
    const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
    return <Control {...props} value={value as never} />;
  }
  return NumericControl;
}

/** The code (fixed once saved) and the two names that open the editor of every finance master record. */
export function codeAndNameFields(codeField: string, keys: string): FieldDef[] {
  return [
    { name: codeField, labelKey: `${keys}.code`, type: 'text', required: true, maxLength: 40, readOnlyOnEdit: true },
    { name: 'NameZH', labelKey: `${keys}.nameZh`, type: 'text', required: true, maxLength: 200 },
    { name: 'NameEN', labelKey: `${keys}.nameEn`, type: 'text', required: true, maxLength: 200 },
  ];
}
