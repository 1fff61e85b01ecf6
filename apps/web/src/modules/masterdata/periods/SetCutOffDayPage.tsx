import { CutOffDayPage } from './CutOffDayPage';

/** The general cut-off day of each month (account group). */
export default function SetCutOffDayPage() {
  return <CutOffDayPage kind="general" />;
}
