import { ViewCentre } from './ViewCentreList';

export default function DocumentViewCenterPage() {
  return <ViewCentre titleKey="menu.expense.documentViewCenter" lists={['personal', 'follow', 'long_term']} />;
}
