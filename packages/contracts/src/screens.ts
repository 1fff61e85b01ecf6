/** Every screen of the product (specification §2): its route, menu group, label key and the function that grants it. */
export const MENU_GROUPS = ['expense', 'master', 'account', 'report', 'setting'] as const;
export type MenuGroupCode = (typeof MENU_GROUPS)[number];

export interface ScreenDef {
  /** Route under /manage, e.g. `/manage/approveCenter`. */
  path: string;
  group: MenuGroupCode;
  /** Language key of the menu label and page title. */
  labelKey: string;
  /** Function (permission key) that grants the screen; equals the screen name. */
  functionCode: string;
}

export const PUBLIC_ROUTES = ['/', '/login', '/admin', '/onAuth', '/otherSysViewDetail', '/viewAttachment'] as const;

const screen = (group: MenuGroupCode, name: string): ScreenDef => ({
  path: `/manage/${name}`,
  group,
  labelKey: `menu.${group}.${name}`,
  functionCode: name,
});

export const SCREENS: readonly ScreenDef[] = [
  screen('expense', 'personalExpense'),
  screen('expense', 'myDidiOrder'),
  screen('expense', 'myBusinessCard'),
  screen('expense', 'approveCenter'),
  screen('expense', 'documentViewCenter'),
  screen('expense', 'documentViewCompliance'),
  screen('expense', 'documentViewAudit'),
  screen('expense', 'documentViewCenterAll'),
  screen('expense', 'documentPostCenter'),
  screen('expense', 'personalApproveHistory'),
  screen('expense', 'proxyUser'),
  screen('expense', 'proxyApproveUser'),
  screen('expense', 'reimbursement'),
  screen('expense', 'advancePayment'),
  screen('expense', 'plan'),
  screen('expense', 'OverdueThaw'),
  screen('expense', 'OverdueFreeze'),
  screen('expense', 'ResignationFreeze'),
  screen('master', 'languageManage'),
  screen('master', 'providerMasterManagement'),
  screen('master', 'sapExpertSearch'),
  screen('master', 'roleManagement'),
  screen('master', 'userRoleAssign'),
  screen('master', 'costCenterManagement'),
  screen('master', 'MasterDataLanuage'),
  screen('master', 'ImportCostCenterMapping'),
  screen('master', 'ImportYTDManual'),
  screen('master', 'internalOrderManagement'),
  screen('master', 'mainExpense'),
  screen('master', 'mainExpenseItemConfig'),
  screen('master', 'OrderCutOffDay'),
  screen('master', 'ProductConfig'),
  screen('master', 'ProductConfigBU'),
  screen('master', 'HCOManage'),
  screen('master', 'HCPManage'),
  screen('master', 'CustomerCoverage'),
  screen('master', 'FCSetting'),
  screen('master', 'personManage'),
  screen('master', 'ExpenseTypeTeamRelation'),
  screen('master', 'EVMManage'),
  screen('master', 'taManage'),
  screen('master', 'teamManage'),
  screen('master', 'expenseSubManage'),
  screen('master', 'supportFuncManage'),
  screen('master', 'changeprogramManager'),
  screen('master', 'ChangeApprovers'),
  screen('master', 'bankBranch'),
  screen('master', 'fundsPermission'),
  screen('master', 'queryFundsPermission'),
  screen('account', 'expensewriteoff'),
  screen('account', 'chargeBack'),
  screen('account', 'SetCutOffDay'),
  screen('account', 'ChargebackProcessingCenter'),
  screen('account', 'postIntoAccount'),
  screen('account', 'expenseRemittance'),
  screen('account', 'loanAccountManagement'),
  screen('account', 'PaySuggest'),
  screen('account', 'vatAdjustment'),
  screen('account', 'remitPosting'),
  screen('account', 'fixedAssets'),
  screen('account', 'PaymentManage'),
  screen('account', 'taxCodeMapping'),
  screen('account', 'sapVendorAccount'),
  screen('account', 'lectureFeeWithholding'),
  screen('account', 'payerAccount'),
  screen('report', 'budgeReport'),
  screen('report', 'searchHCPYearUsedAmount'),
  screen('report', 'HCPReport'),
  screen('report', 'searchHCOYearUsedAmount'),
  screen('report', 'HCOReport'),
  screen('report', 'approveAmountData'),
  screen('report', 'documentList'),
  screen('report', 'paymentVoucher'),
  screen('report', 'financialVouchers'),
  screen('report', 'rfcLog'),
  screen('report', 'auditLogs'),
  screen('report', 'budgetManagement'),
  screen('report', 'ClinicalTrialHCOYearUsedAmount'),
  screen('report', 'quotaManagement'),
  screen('report', 'Daily_Sales_Report_ASP'),
  screen('report', 'Daily_Sales_Report_Budget'),
  screen('report', 'planCostReport'),
  screen('report', 'planProductReport'),
  screen('report', 'deputyCostReport'),
  screen('report', 'deputyProductReport'),
  screen('report', 'MonthReport'),
  screen('report', 'CurrentReport'),
  screen('report', 'DocumentStatus'),
  screen('setting', 'basicInfo'),
  screen('setting', 'workflow'),
];

export const SCREEN_BY_PATH: ReadonlyMap<string, ScreenDef> = new Map(SCREENS.map((s) => [s.path.toLowerCase(), s]));
