import { CutOffDayPage } from './CutOffDayPage';

/** The order cut-off day of each month (master group). */
export default function OrderCutOffDayPage() {
  return <CutOffDayPage kind="order" />;
}
