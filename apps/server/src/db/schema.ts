/** Every table of every domain, for the Drizzle client's typed queries. */
export * from '../modules/audit/audit.table';
export * from '../modules/auth/auth.table';
export * from '../modules/documents/attachments/attachment.table';
export * from '../modules/documents/document.table';
export * from '../modules/documents/lifecycle/lifecycle.table';
export * from '../modules/i18n/i18n.table';
export * from '../modules/masterdata/costcentre.table';
export * from '../modules/masterdata/expense.table';
export * from '../modules/masterdata/reference.table';
export * from '../modules/notify/notify.table';
export * from '../modules/org/evm.table';
export * from '../modules/org/org.table';
export * from '../modules/outbound/outbound.table';
export * from '../modules/system/system.table';
export * from '../modules/workflow/approval/approval.table';
export * from '../modules/workflow/proxy/proxy.table';
export * from '../modules/workflow/workflow.table';
