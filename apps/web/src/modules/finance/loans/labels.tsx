import type { LoanBatchResult } from '@ems/contracts';
import { Tag } from 'antd';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';

export const F = 'loans.field.';

const VOUCHER_COLOURS: Record<string, string> = { open: 'default', queued: 'blue', posted: 'green', failed: 'red' };

/** A voucher's state as a coloured tag. */
export function VoucherTag({ state }: { state: string | null }) {
  const { t } = useTranslation();
  if (!state) return null;
  return <Tag color={VOUCHER_COLOURS[state] ?? 'default'}>{t(`loans.voucher.${state}`)}</Tag>;
}

/** What a batch did: how many went through, and each loan that did not with the server's reason. */
export function reportBatch(r: LoanBatchResult): void {
  if (r.Done.length) notice.success(i18n.t('loans.batch.done', { n: r.Done.length }));
  for (const s of r.Skipped)
    notice.warning(i18n.t('loans.batch.skipped', { docNo: s.DocNo ?? s.ID, message: s.Message }));
}
