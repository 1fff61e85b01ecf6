import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterDef } from '../../shared/list-page';

/** The filters both external-spend lists offer: keyword, state (labelled under `labels`), and a date range. */
export function spendFilters(states: readonly string[], labels: string): FilterDef[] {
  return [
    { name: 'Keyword', labelKey: 'cards.field.keyword', type: 'text' },
    {
      name: 'Status',
      labelKey: 'cards.field.status',
      type: 'select',
      options: states.map((s) => ({ value: s, labelKey: `${labels}.${s}` })),
    },
    { name: 'DateFrom', labelKey: 'cards.field.dateFrom', type: 'date' },
    { name: 'DateTo', labelKey: 'cards.field.dateTo', type: 'date' },
  ];
}

/** An item's state as a coloured tag, labelled under `labels`. */
export function StateTag<S extends string>({
  value,
  colours,
  labels,
}: {
  value: S;
  colours: Record<S, string>;
  labels: string;
}) {
  const { t } = useTranslation();
  const key: string = `${labels}.${value}`;
  return <Tag color={colours[value]}>{t(key)}</Tag>;
}
