import { ExpenseTypeSetupPage } from './setup/ExpenseTypeSetupPage';

/** Expense types of reimbursement (deputy) documents and the items each offers. */
export default function ReimbursementSetupPage() {
  return <ExpenseTypeSetupPage docType="deputy" titleKey="menu.expense.reimbursement" />;
}
