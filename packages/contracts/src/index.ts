export * from './auth';
export * from './documents';
export * from './errors';
export * from './i18n';
export * from './money';
export * from './org';
export * from './paging';
export * from './screens';
