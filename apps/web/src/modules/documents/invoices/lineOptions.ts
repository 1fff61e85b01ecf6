import type { InvoiceLineCover } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';

/** The document's lines as choices for the line a fapiao stands behind: "Line 2 Hotel 680.00". */
export function useLineOptions(lines: readonly InvoiceLineCover[]) {
  const { t } = useTranslation();
  return lines.map((l) => ({
    value: l.LineNo,
    label: t('invoice.line.option', { line: l.LineNo, item: l.ItemName, amount: formatAmount(l.Amount) }),
  }));
}
