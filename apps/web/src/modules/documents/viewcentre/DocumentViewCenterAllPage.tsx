import { ViewCentre } from './ViewCentreList';

export default function DocumentViewCenterAllPage() {
  return <ViewCentre titleKey="menu.expense.documentViewCenterAll" lists={['all', 'long_term']} />;
}
