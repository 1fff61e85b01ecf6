import { ProxyPage } from './ProxyPage';

/** Fill-in proxies: who may prepare my documents. */
export default function ProxyUserPage() {
  return <ProxyPage kind="fill_in" titleKey="menu.expense.proxyUser" />;
}
