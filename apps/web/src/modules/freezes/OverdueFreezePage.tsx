import { FreezePage } from './FreezePage';

/** People with an overdue loan, to freeze. */
export default function OverdueFreezePage() {
  return <FreezePage screen="OverdueFreeze" />;
}
