import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { authRoutes } from './auth/auth.routes';
import { budgetRoutes } from './budgets/budget.routes';
import { cardRoutes } from './cards/cards.routes';
import { tmcRoutes } from './cards/tmc/tmc.routes';
import { appliesRoutes } from './documents/applies/applies.routes';
import { attachmentRoutes } from './documents/attachments/attachment.routes';
import { customerRoutes } from './documents/customers/customer.routes';
import { withholdingRoutes } from './documents/customers/withholding.routes';
import { documentRoutes } from './documents/document.routes';
import { invoiceRoutes } from './documents/invoices/invoice.routes';
import { documentPartRoutes } from './documents/parts/parts.routes';
import { postCentreRoutes } from './documents/postcentre/postcentre.routes';
import { previewRoutes } from './documents/preview/preview.routes';
import { printRoutes } from './documents/print/print.routes';
import { shareRoutes } from './documents/share/share.routes';
import { viewCentreRoutes } from './documents/viewcentre/viewcentre.routes';
import { fixedAssetRoutes } from './finance/entries/assets/assets.routes';
import { taxRoutes } from './finance/entries/tax/tax.routes';
import { loanRoutes } from './finance/loans/loans.routes';
import { piplRoutes } from './finance/pipl/pipl.routes';
import { postingRoutes } from './finance/posting/posting.routes';
import { remitRoutes } from './finance/remit/remit.routes';
import { reviewRoutes } from './finance/review/review.routes';
import { registerDocumentFollowers } from './followers';
import { freezeRoutes } from './freezes/freeze.routes';
import { homeRoutes } from './home/home.routes';
import { i18nRoutes } from './i18n/i18n.routes';
import { limitRoutes } from './limits/limits.routes';
import { bankRoutes } from './masterdata/banks/banks.routes';
import { baseInfoRoutes } from './masterdata/baseinfo/baseinfo.routes';
import { catalogRoutes } from './masterdata/catalog/catalog.routes';
import { costCentreRoutes } from './masterdata/costcentre/costcentre.routes';
import { costImportRoutes } from './masterdata/costimport/costimport.routes';
import { customerMasterRoutes } from './masterdata/customers/customer-master.routes';
import { erpCodesRoutes } from './masterdata/erpcodes/erpcodes.routes';
import { expenseMasterRoutes } from './masterdata/expense/expense-items.routes';
import { fundsRoutes } from './masterdata/funds/funds.routes';
import { ledgerRoutes } from './masterdata/ledger/ledger.routes';
import { periodRoutes } from './masterdata/periods/periods.routes';
import { inboxRoutes } from './notify/inbox.routes';
import { evmRoutes } from './org/evm/evm.routes';
import { orgRoutes } from './org/org.routes';
import { employeeRoutes } from './org/people/employee.routes';
import { roleRoutes } from './org/roles/role.routes';
import { teamRoutes } from './org/teams/team.routes';
import { outboundRoutes } from './outbound/outbound.routes';
import { quotaRoutes } from './quotas/quota.routes';
import { usageReportRoutes } from './quotas/usage-report.routes';
import { reportRoutes } from './reports/reports.routes';
import { spendReportRoutes } from './spendreports/spendreports.routes';
import { systemRoutes } from './system/system.routes';
import { approvalRoutes } from './workflow/approval/approval.routes';
import { approveCentreRoutes } from './workflow/approvecentre/approvecentre.routes';
import { approveHistoryRoutes } from './workflow/history/approve-history.routes';
import { proxyRoutes } from './workflow/proxy/proxy.routes';
import { reassignRoutes } from './workflow/reassign/reassign.routes';
import { workflowRoutes } from './workflow/workflow.routes';

/** Every module, registered in one explicit list. */
const MODULES: ((app: FastifyInstance, ctx: AppContext) => Promise<void>)[] = [
  authRoutes,
  systemRoutes,
  orgRoutes,
  teamRoutes,
  employeeRoutes,
  roleRoutes,
  evmRoutes,
  outboundRoutes,
  inboxRoutes,
  i18nRoutes,
  proxyRoutes,
  workflowRoutes,
  documentRoutes,
  cardRoutes,
  documentPartRoutes,
  viewCentreRoutes,
  approvalRoutes,
  expenseMasterRoutes,
  catalogRoutes,
  customerMasterRoutes,
  costCentreRoutes,
  ledgerRoutes,
  erpCodesRoutes,
  bankRoutes,
  fundsRoutes,
  periodRoutes,
  baseInfoRoutes,
  costImportRoutes,
  approveHistoryRoutes,
  reassignRoutes,
  approveCentreRoutes,
  attachmentRoutes,
  invoiceRoutes,
  customerRoutes,
  withholdingRoutes,
  previewRoutes,
  freezeRoutes,
  homeRoutes,
  remitRoutes,
  budgetRoutes,
  quotaRoutes,
  limitRoutes,
  usageReportRoutes,
  printRoutes,
  postCentreRoutes,
  shareRoutes,
  appliesRoutes,
  reviewRoutes,
  taxRoutes,
  fixedAssetRoutes,
  loanRoutes,
  postingRoutes,
  reportRoutes,
  spendReportRoutes,
  piplRoutes,
  tmcRoutes,
];

/**
 * Each module's routes go straight onto the app: no module adds hooks, decorators or parsers of its own, so none
 * needs a plugin scope, and fifty scopes (each a child instance, set up in turn by the plugin loader) were a tenth of
 * building the app at every start. The lifecycle's followers are registered first: a module's routes change
 * documents.
 */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerDocumentFollowers();
  for (const mod of MODULES) await mod(app, ctx);
}
