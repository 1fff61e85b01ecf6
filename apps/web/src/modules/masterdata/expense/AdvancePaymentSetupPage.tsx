import { ExpenseTypeSetupPage } from './setup/ExpenseTypeSetupPage';

/** Expense types of advance-payment (loan) documents and the items each offers. */
export default function AdvancePaymentSetupPage() {
  return <ExpenseTypeSetupPage docType="loan" titleKey="menu.expense.advancePayment" />;
}
