import { YearUsedReport } from './YearUsedReport';

/** Clinical-trial HCO yearly used amount: each trial hospital's share of the documents made for it. */
export default function ClinicalTrialHcoYearUsedPage() {
  return <YearUsedReport report="ClinicalTrialHCO" titleKey="menu.report.ClinicalTrialHCOYearUsedAmount" />;
}
