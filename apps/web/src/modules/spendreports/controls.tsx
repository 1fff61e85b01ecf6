import type { SpendOption } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Statistic } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { CustomControlProps, FieldOption } from '../../shared/list-page';
import { spendLists } from './api';

export const W = 'salesReport.web';

/** A month as `yyyy-MM` (the ASP report's filters). */
export function MonthPicker(props: CustomControlProps) {
  const { value, onChange, ...rest } = props as unknown as {
    value?: string;
    onChange?: (v: string | undefined) => void;
    id?: string;
    disabled?: boolean;
  };
  return (
    <DatePicker
      {...rest}
      picker="month"
      style={{ width: '100%' }}
      value={value ? dayjs(`${value}-01`) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM') : undefined)}
    />
  );
}

const toOptions = (rows: SpendOption[] | undefined): FieldOption[] | undefined =>
  rows?.map((r) => ({ value: r.ID, label: `${r.Code} ${r.Name}` }));

/** The options of the spend reports' select filters, once loaded (until then any value in the URL is kept). */
export function useSpendOptions(docType: 'apply' | 'deputy') {
  const types = useQuery({ queryKey: ['spend', 'types', docType], queryFn: () => spendLists.expenseTypes(docType) });
  const items = useQuery({ queryKey: ['spend', 'items', docType], queryFn: () => spendLists.items(docType) });
  const products = useProductOptions();
  return { types: toOptions(types.data), items: toOptions(items.data), products };
}

export function useProductOptions() {
  const products = useQuery({ queryKey: ['spend', 'products'], queryFn: () => spendLists.products() });
  return toOptions(products.data);
}

/** A row of figures above a report. */
export function Figures({ items, testId }: { items: { title: string; value: ReactNode }[]; testId: string }) {
  return (
    <Flex gap={12} wrap data-testid={testId}>
      {items.map((i) => (
        <Card size="small" key={i.title}>
          <Statistic title={i.title} value={i.value as string} />
        </Card>
      ))}
    </Flex>
  );
}
