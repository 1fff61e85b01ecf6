import { FreezePage } from './FreezePage';

/** People frozen for an overdue loan, to thaw. */
export default function OverdueThawPage() {
  return <FreezePage screen="OverdueThaw" />;
}
