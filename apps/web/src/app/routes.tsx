import { type MenuGroupCode, SCREENS } from '@ems/contracts';
import type { ScreenLoader } from './LazyScreen';

export interface RouteEntry {
  path: string;
  kind: 'public' | 'screen';
  /** Language key of the menu label and page title. */
  labelKey: string;
  group?: MenuGroupCode;
  functionCode?: string;
  /** The screen's lazily loaded component; a screen without one is neither routed nor in the menu. Public routes
   * have theirs in the router. */
  load?: ScreenLoader;
}

/** Screens built so far, by function code. Adding a screen means adding its loader here, nothing else. */
const SCREEN_LOADERS: Partial<Record<string, ScreenLoader>> = {
  languageManage: () => import('../modules/i18n/LanguageManagePage'),
  teamManage: () => import('../modules/org/teams/TeamManagePage'),
  taManage: () => import('../modules/org/teams/TaManagePage'),
  supportFuncManage: () => import('../modules/org/teams/SupportFuncManagePage'),
  personManage: () => import('../modules/org/people/PersonManagePage'),
  roleManagement: () => import('../modules/org/roles/RoleManagementPage'),
  userRoleAssign: () => import('../modules/org/roles/UserRoleAssignPage'),
  EVMManage: () => import('../modules/org/evm/EvmManagePage'),
  rfcLog: () => import('../modules/outbound/RfcLogPage'),
  DocumentStatus: () => import('../modules/reports/DocumentStatusPage'),
  approveAmountData: () => import('../modules/reports/ApproveAmountDataPage'),
  documentList: () => import('../modules/reports/DocumentListPage'),
  paymentVoucher: () => import('../modules/reports/PaymentVoucherPage'),
  financialVouchers: () => import('../modules/reports/FinancialVouchersPage'),
  auditLogs: () => import('../modules/reports/AuditLogsPage'),
  MonthReport: () => import('../modules/reports/MonthReportPage'),
  CurrentReport: () => import('../modules/reports/CurrentReportPage'),
  budgetManagement: () => import('../modules/budgets/BudgetManagementPage'),
  budgeReport: () => import('../modules/budgets/BudgetReportPage'),
  postIntoAccount: () => import('../modules/finance/posting/PostIntoAccountPage'),
  plan: () => import('../modules/masterdata/expense/PlanSetupPage'),
  advancePayment: () => import('../modules/masterdata/expense/AdvancePaymentSetupPage'),
  reimbursement: () => import('../modules/masterdata/expense/ReimbursementSetupPage'),
  expenseSubManage: () => import('../modules/masterdata/expense/ExpenseItemsPage'),
  ExpenseTypeTeamRelation: () => import('../modules/masterdata/expense/ExpenseTypeTeamRelationPage'),
  mainExpenseItemConfig: () => import('../modules/masterdata/expense/ItemConfigPage'),
  ProductConfig: () => import('../modules/masterdata/expense/ProductConfigPage'),
  ProductConfigBU: () => import('../modules/masterdata/expense/ProductBuPage'),
  HCOManage: () => import('../modules/masterdata/customers/HcoPage'),
  HCPManage: () => import('../modules/masterdata/customers/HcpPage'),
  CustomerCoverage: () => import('../modules/masterdata/customers/CoveragePage'),
  providerMasterManagement: () => import('../modules/masterdata/expense/ProviderMasterPage'),
  sapExpertSearch: () => import('../modules/masterdata/expense/SapExpertSearchPage'),
  MasterDataLanuage: () => import('../modules/masterdata/expense/MasterDataLanguagePage'),
  costCenterManagement: () => import('../modules/masterdata/costcentre/CostCentrePage'),
  internalOrderManagement: () => import('../modules/masterdata/ledger/InternalOrderPage'),
  mainExpense: () => import('../modules/masterdata/ledger/MainExpensePage'),
  fundsPermission: () => import('../modules/masterdata/funds/FundsPermissionPage'),
  queryFundsPermission: () => import('../modules/masterdata/funds/QueryFundsPermissionPage'),
  FCSetting: () => import('../modules/masterdata/periods/FCSettingPage'),
  OrderCutOffDay: () => import('../modules/masterdata/periods/OrderCutOffDayPage'),
  SetCutOffDay: () => import('../modules/masterdata/periods/SetCutOffDayPage'),
  ImportCostCenterMapping: () => import('../modules/masterdata/costimport/CostCenterMappingPage'),
  ImportYTDManual: () => import('../modules/masterdata/costimport/YTDManualPage'),
  basicInfo: () => import('../modules/masterdata/baseinfo/BasicInfoPage'),
  personalExpense: () => import('../modules/documents/PersonalExpensePage'),
  myBusinessCard: () => import('../modules/cards/BusinessCardPage'),
  myDidiOrder: () => import('../modules/cards/DidiOrderPage'),
  OverdueFreeze: () => import('../modules/freezes/OverdueFreezePage'),
  OverdueThaw: () => import('../modules/freezes/OverdueThawPage'),
  ResignationFreeze: () => import('../modules/freezes/ResignationFreezePage'),
  documentViewCenter: () => import('../modules/documents/viewcentre/DocumentViewCenterPage'),
  documentViewCenterAll: () => import('../modules/documents/viewcentre/DocumentViewCenterAllPage'),
  documentViewCompliance: () => import('../modules/documents/viewcentre/DocumentViewCompliancePage'),
  documentViewAudit: () => import('../modules/documents/viewcentre/DocumentViewAuditPage'),
  documentPostCenter: () => import('../modules/documents/postcentre/PostCenterPage'),
  expenseRemittance: () => import('../modules/finance/remit/ExpenseRemittancePage'),
  remitPosting: () => import('../modules/finance/remit/RemitPostingPage'),
  PaymentManage: () => import('../modules/finance/remit/PaymentManagePage'),
  taxCodeMapping: () => import('../modules/masterdata/erpcodes/TaxCodeMappingPage'),
  sapVendorAccount: () => import('../modules/masterdata/erpcodes/SapVendorAccountPage'),
  lectureFeeWithholding: () => import('../modules/documents/customers/WithholdingPage'),
  bankBranch: () => import('../modules/masterdata/banks/BankBranchPage'),
  payerAccount: () => import('../modules/masterdata/banks/PayerAccountPage'),
  planCostReport: () => import('../modules/spendreports/PlanCostReportPage'),
  planProductReport: () => import('../modules/spendreports/PlanProductReportPage'),
  deputyCostReport: () => import('../modules/spendreports/DeputyCostReportPage'),
  deputyProductReport: () => import('../modules/spendreports/DeputyProductReportPage'),
  Daily_Sales_Report_ASP: () => import('../modules/spendreports/SalesAspPage'),
  Daily_Sales_Report_Budget: () => import('../modules/spendreports/SalesBudgetPage'),
  PaySuggest: () => import('../modules/finance/remit/PaySuggestPage'),
  approveCenter: () => import('../modules/workflow/approval/ApproveCenterPage'),
  personalApproveHistory: () => import('../modules/workflow/approval/PersonalApproveHistoryPage'),
  workflow: () => import('../modules/workflow/WorkflowPage'),
  proxyUser: () => import('../modules/workflow/ProxyUserPage'),
  proxyApproveUser: () => import('../modules/workflow/ProxyApproveUserPage'),
  ChangeApprovers: () => import('../modules/workflow/ChangeApproversPage'),
  changeprogramManager: () => import('../modules/workflow/ChangeProgramManagerPage'),
  expensewriteoff: () => import('../modules/finance/review/WriteOffPage'),
  chargeBack: () => import('../modules/finance/review/ChargebackPage'),
  ChargebackProcessingCenter: () => import('../modules/finance/review/ReturnsCentrePage'),
  vatAdjustment: () => import('../modules/finance/entries/VatAdjustmentPage'),
  fixedAssets: () => import('../modules/finance/entries/FixedAssetsPage'),
  loanAccountManagement: () => import('../modules/finance/loans/LoanAccountManagementPage'),
  quotaManagement: () => import('../modules/quotas/QuotaManagementPage'),
  searchHCPYearUsedAmount: () => import('../modules/quotas/HcpYearUsedPage'),
  HCPReport: () => import('../modules/quotas/HcpReportPage'),
  searchHCOYearUsedAmount: () => import('../modules/quotas/HcoYearUsedPage'),
  HCOReport: () => import('../modules/quotas/HcoReportPage'),
  ClinicalTrialHCOYearUsedAmount: () => import('../modules/quotas/ClinicalTrialHcoYearUsedPage'),
};

/**
 * The public routes outside the menu; what each renders is the router's (`router.tsx`), so this table, which the menu
 * reads, never reaches the sign-in pages that read the menu.
 */
const PUBLIC_ROUTES: RouteEntry[] = [
  { path: '/', kind: 'public', labelKey: 'login.title' },
  { path: '/login', kind: 'public', labelKey: 'login.title' },
  { path: '/admin', kind: 'public', labelKey: 'login.adminTitle' },
  { path: '/onAuth', kind: 'public', labelKey: 'login.sso.title' },
  { path: '/otherSysViewDetail', kind: 'public', labelKey: 'public.documentView' },
  { path: '/viewAttachment', kind: 'public', labelKey: 'public.attachmentView' },
];

/** The one route table: public routes and every screen of the specification, with menu group, label and function. */
export const ROUTES: readonly RouteEntry[] = [
  ...PUBLIC_ROUTES,
  ...SCREENS.map((s): RouteEntry => {
    const load = SCREEN_LOADERS[s.functionCode];
    return {
      path: s.path,
      kind: 'screen',
      labelKey: s.labelKey,
      group: s.group,
      functionCode: s.functionCode,
      ...(load ? { load } : {}),
    };
  }),
];

export type BuiltScreen = RouteEntry & { kind: 'screen'; group: MenuGroupCode; load: ScreenLoader };

export const BUILT_SCREENS: readonly BuiltScreen[] = ROUTES.filter(
  (r): r is BuiltScreen => r.kind === 'screen' && r.load !== undefined && r.group !== undefined,
);

/**
 * Screens under /manage that are not menu entries: the document screen's new, edit and view routes, the receipt
 * wallet, and the inbox every signed-in user reaches from the header.
 */
export const INNER_ROUTES: readonly { path: string; load: ScreenLoader }[] = [
  { path: 'document/:mode/:key', load: () => import('../modules/documents/form/DocumentPage') },
  { path: 'wallet', load: () => import('../modules/documents/invoices/WalletPage') },
  { path: 'inbox', load: () => import('../modules/inbox/InboxPage') },
];

export const HOME_LOADER: ScreenLoader = () => import('../modules/home/HomePage');

/** `/languageManage`, `/manage/languageManage` or any casing → the built screen, if there is one. */
export function builtScreenByPath(path: string): BuiltScreen | undefined {
  const normal = (
    path.startsWith('/manage/') ? path : `/manage${path.startsWith('/') ? '' : '/'}${path}`
  ).toLowerCase();
  return BUILT_SCREENS.find((s) => s.path.toLowerCase() === normal);
}
