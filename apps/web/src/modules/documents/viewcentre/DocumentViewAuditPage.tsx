import { ViewCentre } from './ViewCentreList';

export default function DocumentViewAuditPage() {
  return <ViewCentre titleKey="menu.expense.documentViewAudit" lists={['audit']} />;
}
