import { compareMoney, type InvoiceLineCover } from '@ems/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';

/**
 * What each line's own fapiao add up to against the line, and what is still short: the check submit makes
 * (decision 058), shown while the claimant can still add or move a fapiao. Nothing when no line needs a fapiao.
 */
export function LineCoverList({ lines }: { lines: readonly InvoiceLineCover[] }) {
  const { t } = useTranslation();
  if (!lines.some((l) => l.NeedsInvoice)) return null;
  return (
    <Flex vertical gap={4} style={{ marginTop: 12 }} data-testid="invoice-cover">
      <Typography.Text strong>{t('invoice.cover.title')}</Typography.Text>
      {lines.map((l) => {
        const short = l.NeedsInvoice && compareMoney(l.Short, '0') > 0;
        return (
          <Flex key={l.LineNo} wrap gap={8} align="center" data-testid={`invoice-cover-line-${l.LineNo}`}>
            <Typography.Text>
              {t('invoice.cover.line', {
                line: l.LineNo,
                item: l.ItemName,
                amount: formatAmount(l.Amount),
                covered: formatAmount(l.Covered),
              })}
            </Typography.Text>
            {!l.NeedsInvoice ? (
              <Tag>{t('invoice.cover.notNeeded')}</Tag>
            ) : short ? (
              <Tag color="error" data-testid="invoice-cover-short">
                {t('invoice.cover.short', { amount: formatAmount(l.Short) })}
              </Tag>
            ) : (
              <Tag color="success">{t('invoice.cover.covered')}</Tag>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
