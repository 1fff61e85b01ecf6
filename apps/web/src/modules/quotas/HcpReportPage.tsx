import { UsageDocumentsReport } from './YearUsedReport';

/** HCP report: every document's share per HCP in a year, searchable and exported whole. */
export default function HcpReportPage() {
  return <UsageDocumentsReport report="HCP" titleKey="menu.report.HCPReport" />;
}
