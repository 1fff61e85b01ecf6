import { ViewCentre } from './ViewCentreList';

export default function DocumentViewCompliancePage() {
  return <ViewCentre titleKey="menu.expense.documentViewCompliance" lists={['compliance']} />;
}
