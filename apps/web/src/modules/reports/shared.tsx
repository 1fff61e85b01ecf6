import { Card, Flex, Statistic } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import type { FieldOption, FilterDef } from '../../shared/list-page';
import { CostCentrePicker } from '../masterdata/pickers/CostCentrePicker';
import { TeamTreeSelect } from '../org/pickers/TeamTreeSelect';

export const K = 'report';
export const F = `${K}.field`;

export const TEAM_FILTER: FilterDef = {
  name: 'TeamID',
  labelKey: `${F}.team`,
  type: 'custom',
  control: TeamTreeSelect,
};
export const COST_CENTRE_FILTER: FilterDef = {
  name: 'CostCenterID',
  labelKey: `${F}.costCentre`,
  type: 'custom',
  control: CostCentrePicker,
};

/**
 * Keeps what the last answer of a list said beside its rows (counts per state, totals, months), so a chart or a
 * summary above the list shows the same filter's figures as the table.
 */
export function useLastAnswer<P>() {
  const [last, setLast] = useState<P | null>(null);
  const keep = useCallback(
    <A extends P>(call: (body: Record<string, unknown>) => Promise<A>) =>
      async (body: Record<string, unknown>) => {
        const answer = await call(body);
        setLast(answer);
        return answer;
      },
    [],
  );
  return { last, keep };
}

/** The years a spend report offers: this one and the five before. */
export function yearOptions(now = new Date()): FieldOption[] {
  const year = now.getFullYear();
  return Array.from({ length: 6 }, (_, i) => ({ value: year - i, label: String(year - i) }));
}

/** The months a current-period report offers: this one and the 23 before, newest first. */
export function periodOptions(now = new Date()): FieldOption[] {
  return Array.from({ length: 24 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    const p = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    return { value: p, label: p };
  });
}

export const GROUP_OPTIONS: FieldOption[] = ['expenseType', 'costCentre', 'team'].map((g) => ({
  value: g,
  labelKey: `${K}.groupBy.${g}`,
}));

/** One figure of a report's totals: its label (translated) and its value (a count or formatted amount). */
export interface Figure {
  title: string;
  value: string | number;
}

/** The totals above a report's list: a small card, optionally titled, with one statistic per figure. */
export function TotalsCard({ title, figures }: { title?: ReactNode; figures: Figure[] }) {
  return (
    <Card size="small" title={title}>
      <Flex gap={48} wrap>
        {figures.map((f) => (
          <Statistic key={f.title} title={f.title} value={f.value} />
        ))}
      </Flex>
    </Card>
  );
}
