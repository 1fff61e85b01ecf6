import { UsageDocumentsReport } from './YearUsedReport';

/** HCO report: every document's share per HCO in a year, searchable and exported whole. */
export default function HcoReportPage() {
  return <UsageDocumentsReport report="HCO" titleKey="menu.report.HCOReport" />;
}
