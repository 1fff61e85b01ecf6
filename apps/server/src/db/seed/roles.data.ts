import { SCREENS } from '@ems/contracts';

const group = (g: string) => SCREENS.filter((s) => s.group === g).map((s) => s.functionCode);

/** The roles every company starts with, and the functions (screens) each grants. */
export const ROLE_SEEDS: { code: string; zh: string; en: string; isAdmin?: boolean; functions: string[] }[] = [
  {
    code: 'SYSADMIN',
    zh: '系统管理员',
    en: 'System administrator',
    isAdmin: true,
    functions: SCREENS.map((s) => s.functionCode),
  },
  {
    code: 'EMPLOYEE',
    zh: '员工',
    en: 'Employee',
    functions: [
      'personalExpense',
      'myDidiOrder',
      'myBusinessCard',
      'approveCenter',
      'documentViewCenter',
      'personalApproveHistory',
      'proxyUser',
      'proxyApproveUser',
    ],
  },
  {
    code: 'MANAGER',
    zh: '经理',
    en: 'Manager',
    functions: [
      'approveCenter',
      'personalApproveHistory',
      'proxyApproveUser',
      'documentViewCenter',
      'budgeReport',
      'approveAmountData',
    ],
  },
  {
    code: 'SSC',
    zh: '财务共享中心',
    en: 'Shared service centre finance',
    functions: [
      ...group('account'),
      'documentPostCenter',
      'documentViewCenterAll',
      'OverdueThaw',
      'OverdueFreeze',
      'ResignationFreeze',
      'FCSetting',
      'paymentVoucher',
      'financialVouchers',
      'rfcLog',
      'documentList',
      'DocumentStatus',
      'MonthReport',
      'CurrentReport',
    ],
  },
  {
    code: 'COMPLIANCE',
    zh: '合规查看',
    en: 'Compliance viewer',
    functions: [
      'documentViewCompliance',
      'searchHCPYearUsedAmount',
      'HCPReport',
      'searchHCOYearUsedAmount',
      'HCOReport',
      'ClinicalTrialHCOYearUsedAmount',
    ],
  },
  {
    code: 'AUDITOR',
    zh: '审计查看',
    en: 'Audit viewer',
    functions: [
      'documentViewAudit',
      'auditLogs',
      'rfcLog',
      'documentList',
      'DocumentStatus',
      'paymentVoucher',
      'financialVouchers',
    ],
  },
  {
    code: 'BUDGET',
    zh: '预算管理',
    en: 'Budget controller',
    functions: [
      'budgetManagement',
      'quotaManagement',
      'budgeReport',
      'planCostReport',
      'planProductReport',
      'deputyCostReport',
      'deputyProductReport',
      'Daily_Sales_Report_ASP',
      'Daily_Sales_Report_Budget',
    ],
  },
];

export const TECHNICAL_PARAMETERS: { key: string; value: string; description: string; isPublic: boolean }[] = [
  { key: 'IsTest', value: 'false', description: 'Marks a test system: the shell shows a test banner', isPublic: true },
  { key: 'TMCCompany', value: 'CTRIP', description: 'Travel-management company', isPublic: true },
  { key: 'TMCExpenseType', value: 'TRAVEL', description: 'Expense type of travel-management orders', isPublic: true },
  {
    key: 'TMCMeetingExpenseType',
    value: 'MEETING',
    description: 'Expense type of travel-management meeting orders',
    isPublic: true,
  },
  { key: 'OrderSystemCompany', value: 'DIDI', description: 'Ride-hailing order system', isPublic: true },
  {
    key: 'DidiOrderExpenseItem',
    value: 'RIDE_HAILING',
    description: 'Expense item (code) of claimed ride-hailing orders when the claim names none',
    isPublic: false,
  },
  { key: 'IsOpen', value: 'true', description: 'Whether the travel-management link is open', isPublic: true },
  {
    key: 'ApprovalOverdueDays',
    value: '3',
    description: 'Days after which a pending approval step is overdue',
    isPublic: true,
  },
  {
    key: 'EvidenceDueDays',
    value: '30',
    description: 'Days after an HCP event by which its evidence must be uploaded',
    isPublic: true,
  },
  {
    key: 'LoanOverdueDays',
    value: '90',
    description:
      'Days after its approval by which a loan must be written off; the nightly job then freezes the borrower',
    isPublic: false,
  },
  {
    key: 'LoanDueReminderDays',
    value: '7',
    description: 'Days before a loan falls due that its borrower is reminded by e-mail (warned again on the due day)',
    isPublic: false,
  },
  {
    key: 'AllowBatchApprove',
    value: 'true',
    description: 'Whether approvers may approve several documents at once in the approve centre',
    isPublic: true,
  },
  {
    key: 'GLEmployeePayable',
    value: '224101',
    description: 'GL account of what the company owes employees (credit of claims)',
    isPublic: false,
  },
  {
    key: 'GLEmployeeAdvance',
    value: '122101',
    description: 'GL account of loans to employees (debit of loans, credit of their write-off)',
    isPublic: false,
  },
  { key: 'GLInputVAT', value: '22210101', description: 'GL account of deductible input VAT', isPublic: false },
  { key: 'GLBank', value: '100201', description: 'GL account of the bank that pays remittances', isPublic: false },
  {
    key: 'GLIITPayable',
    value: '222106',
    description:
      'GL account of the individual income tax withheld on lecture fees (应交税费—应交个人所得税), credited by claims',
    isPublic: false,
  },
  {
    key: 'PaymentDataRetentionDays',
    value: '365',
    description:
      'Days after a remittance for which its payees’ personal data (names, bank accounts) are kept; after that an authorised user may delete them (PIPL)',
    isPublic: false,
  },
  {
    key: 'SpecialCheckAmount',
    value: '10000',
    description: 'Documents at or above this amount (CNY), or with foreign-currency money, go to the special check',
    isPublic: false,
  },
  {
    key: 'GLFixedAsset',
    value: '160101',
    description: 'GL account of fixed assets bought through claims',
    isPublic: false,
  },
  {
    key: 'FixedAssetThreshold',
    value: '5000.00',
    description: 'CNY amount (net of deductible VAT) above which a line of an asset item is booked as a fixed asset',
    isPublic: false,
  },
  {
    key: 'FixedAssetItems',
    value: '',
    description: 'Codes of the expense items kept as fixed assets, comma separated',
    isPublic: false,
  },
];
