import { ProxyPage } from './ProxyPage';

/** Approval proxies: who may approve in my place. */
export default function ProxyApproveUserPage() {
  return <ProxyPage kind="approve" titleKey="menu.expense.proxyApproveUser" />;
}
