import type { ExpenseDocType, ExpenseTypeNode, MasterOption } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import type { CustomControlProps } from '../../../shared/list-page';
import { RemotePicker } from '../../../shared/RemotePicker';
import { TeamTreeSelect } from '../../org/pickers/TeamTreeSelect';
import { itemApi } from './api';

export const optionLabel = (o: MasterOption) => `${o.Label}${o.Code && o.Code !== o.Label ? ` (${o.Code})` : ''}`;

/**
 * A select whose options come from the server as the user types (ledger expenses, items, products, providers …);
 * the value is the option's Value.
 */
export function optionControl(
  queryKey: string,
  load: (keyword: string) => Promise<MasterOption[]>,
  opts: { describe?: (o: MasterOption) => string | null } = {},
): ComponentType<CustomControlProps> {
  function OptionControl(props: CustomControlProps) {
    return (
      <RemotePicker<MasterOption['Value']>
        {...props}
        queryKey={['expenseMaster', queryKey]}
        placeholderKey="expenseMaster.picker.placeholder"
        block={false}
        search={async (k) =>
          (await load(k)).map((o) => {
            const extra = opts.describe ? opts.describe(o) : o.Extra;
            return { value: o.Value, label: extra ? `${optionLabel(o)} · ${extra}` : optionLabel(o) };
          })
        }
      />
    );
  }
  return OptionControl;
}

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: TreeOption[];
}

const typeOptions = (nodes: ExpenseTypeNode[], t: (k: string) => string, leavesOnly: boolean): TreeOption[] =>
  nodes.map((n) => ({
    value: n.ID,
    title: `${n.Name} (${n.Code})${n.Active ? '' : ` · ${t('expenseMaster.status.inactive')}`}`,
    ...(leavesOnly && n.Children.length > 0 ? { disabled: true } : {}),
    children: typeOptions(n.Children, t, leavesOnly),
  }));

/** Picks an expense type from the trees of one document type or all three (grouped by document type). */
export function expenseTypeControl(docType?: ExpenseDocType): ComponentType<CustomControlProps> {
  function ExpenseTypeControl(props: CustomControlProps) {
    const { t } = useTranslation();
    const { culture } = useBoot();
    const query = useQuery({
      queryKey: ['expenseMaster', 'typeTree', docType ?? 'all', culture],
      queryFn: () => itemApi.typeTree(docType),
      staleTime: 30_000,
    });
    const rows = query.data?.Rows ?? [];
    const treeData: TreeOption[] = docType
      ? typeOptions(rows, t, false)
      : (['apply', 'loan', 'deputy'] as const).map((d, i) => ({
          value: -(i + 1),
          title: t(`expenseMaster.docType.${d}`),
          disabled: true,
          children: typeOptions(
            rows.filter((r) => r.DocType === d),
            t,
            false,
          ),
        }));
    return (
      <TreeSelect
        {...props}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        loading={query.isFetching}
        placeholder={t('expenseMaster.picker.expenseType')}
        treeData={treeData}
        style={{ width: '100%' }}
      />
    );
  }
  return ExpenseTypeControl;
}

/** Picks several teams from the company's tree. */
export function TeamsTreeSelect(props: CustomControlProps) {
  return <TeamTreeSelect {...props} multiple />;
}
