/**
 * Every table of every domain, for the Drizzle client's typed queries: one line per `*.table.ts` file under
 * src/modules (drizzle-kit reads the same files by its glob in drizzle.config.ts). test/schema.test.ts fails when a
 * table file is missing here.
 */
export * from '../modules/audit/audit.table';
export * from '../modules/auth/auth.table';
export * from '../modules/budgets/budget.table';
export * from '../modules/cards/business/business.table';
export * from '../modules/cards/rides/rides.table';
export * from '../modules/cards/tmc/tmc.table';
export * from '../modules/documents/applies/applies.table';
export * from '../modules/documents/attachments/attachment.table';
export * from '../modules/documents/customers/customer.table';
export * from '../modules/documents/customers/withholding.table';
export * from '../modules/documents/document.table';
export * from '../modules/documents/invoices/invoice.table';
export * from '../modules/documents/invoices/mail/wallet-mail.table';
export * from '../modules/documents/lifecycle/lifecycle.table';
export * from '../modules/documents/parts/parts.table';
export * from '../modules/documents/postcentre/postcentre.table';
export * from '../modules/finance/entries/assets/fixed-asset.table';
export * from '../modules/finance/entries/entries.table';
export * from '../modules/finance/entries/tax/vat-adjustment.table';
export * from '../modules/finance/loans/loans.table';
export * from '../modules/finance/posting/posting.table';
export * from '../modules/finance/remit/remit.table';
export * from '../modules/finance/review/review.table';
export * from '../modules/i18n/i18n.table';
export * from '../modules/masterdata/banks/banks.table';
export * from '../modules/masterdata/costcentre.table';
export * from '../modules/masterdata/customers/customer.table';
export * from '../modules/masterdata/erpcodes/erpcodes.table';
export * from '../modules/masterdata/expense.table';
export * from '../modules/masterdata/reference.table';
export * from '../modules/notify/notify.table';
export * from '../modules/org/evm.table';
export * from '../modules/org/org.table';
export * from '../modules/outbound/outbound.table';
export * from '../modules/quotas/quota.table';
export * from '../modules/reports/summary/summary.table';
export * from '../modules/spendreports/sales.table';
export * from '../modules/system/system.table';
export * from '../modules/workflow/approval/approval.table';
export * from '../modules/workflow/proxy/proxy.table';
export * from '../modules/workflow/workflow.table';
