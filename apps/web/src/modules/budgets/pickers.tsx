import type { BudgetOptions } from '@ems/contracts';
import type { CustomControlProps } from '../../shared/list-page';
import { idOf, type PickerOption, RemotePicker } from '../../shared/RemotePicker';
import { budgetApi, limitReportApi } from './api';

const options = (o: BudgetOptions): PickerOption[] =>
  o.Rows.map((r) => ({ value: r.ID, label: `${r.Code} ${r.Name}` }));

/** A picker over one of the budget screens' option calls (each answers at most 500, code first). */
function optionPicker(name: string, placeholderKey: string, call: (keyword?: string) => Promise<BudgetOptions>) {
  return function OptionPicker(props: CustomControlProps) {
    return (
      <RemotePicker
        {...props}
        queryKey={['budgets', name, 'picker']}
        parse={idOf}
        placeholderKey={placeholderKey}
        search={async (k) => options(await call(k))}
        lookup={async (id) => options(await call()).find((o) => o.value === id)}
      />
    );
  };
}

export const BudgetCostCentrePicker = optionPicker('costCentre', 'budget.picker.costCentre', budgetApi.costCentres);
export const BudgetItemPicker = optionPicker('item', 'budget.picker.expenseItem', budgetApi.expenseItems);
export const BudgetProductPicker = optionPicker('product', 'budget.picker.product', budgetApi.products);
export const ReportTeamPicker = optionPicker('team', 'budget.picker.team', limitReportApi.teams);
export const ReportCostCentrePicker = optionPicker(
  'reportCostCentre',
  'budget.picker.costCentre',
  limitReportApi.costCentres,
);
export const ReportItemPicker = optionPicker('deputyItem', 'budget.picker.expenseItem', limitReportApi.deputyItems);
