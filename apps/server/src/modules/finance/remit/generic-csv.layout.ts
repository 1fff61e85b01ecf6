import { csvText } from '../../../core/export';
import type { BankLayout } from './bank-file';

/**
 * The generic CSV layout (docs/decisions/048): a header row, then one row per bank line with its end-to-end id, the
 * payee's bank, branch CNAPS code and account, the amount as a decimal string and its currency. Text cells go
 * through core's `csvText`, which neutralises what a spreadsheet would read as a formula (decision 053).
 */
export const GENERIC_CSV_HEADER = [
  'run',
  'line',
  'end_to_end_id',
  'crediting_date',
  'priority',
  'payer_account',
  'payee',
  'bank',
  'cnaps',
  'branch',
  'account',
  'amount',
  'currency',
  'reference',
] as const;

export const genericCsvLayout: BankLayout = {
  code: 'generic_csv',
  extension: 'csv',
  render(file) {
    return csvText([
      [...GENERIC_CSV_HEADER],
      ...file.lines.map((l) => [
        file.runNo,
        String(l.lineNo),
        l.endToEndId,
        file.creditingDate,
        file.method === 'urgent' ? 'URGENT' : 'NORMAL',
        file.debtor?.accountNo ?? '',
        l.payeeName,
        l.bankName ?? '',
        l.bankCnaps ?? '',
        l.bankBranch ?? '',
        l.bankAccount,
        l.amount,
        l.currency,
        l.reference,
      ]),
    ]);
  },
};
