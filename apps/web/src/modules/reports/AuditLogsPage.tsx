import type { AuditTrailRow } from '@ems/contracts';
import { type FilterDef, ListPage } from '../../shared/list-page';
import { AUDIT_COLUMNS, AUDIT_FILTERS } from '../finance/posting/lists';
import { reportsApi } from './api';
import { K } from './shared';

const ENTITIES = [
  'document',
  'voucher',
  'posting_batch',
  'remittance_run',
  'vat_adjustment',
  'employee',
  'user_account',
  'role',
  'team',
  'expense_type',
  'expense_item',
  'workflow_setting',
  'language_resource',
];

const FILTERS: FilterDef[] = [
  ...AUDIT_FILTERS,
  {
    name: 'Entity',
    labelKey: `${K}.filter.entity`,
    type: 'select',
    options: ENTITIES.map((e) => ({ value: e, labelKey: `${K}.entity.${e}` })),
  },
];

/** The audit log: every change recorded in the company, newest first, read-only, exportable. */
export default function AuditLogsPage() {
  return (
    <ListPage<AuditTrailRow>
      titleKey="menu.report.auditLogs"
      queryKey="report-audit-logs"
      searchCall={reportsApi.audit}
      exportCall={reportsApi.exportAudit}
      rowKey="ID"
      columns={AUDIT_COLUMNS}
      filters={FILTERS}
    />
  );
}
