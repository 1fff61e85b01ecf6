import { ExpenseTypeSetupPage } from './setup/ExpenseTypeSetupPage';

/** Expense types of plan (apply) documents and the items each offers. */
export default function PlanSetupPage() {
  return <ExpenseTypeSetupPage docType="apply" titleKey="menu.expense.plan" />;
}
