import type { Batch } from './documents';
import { exec, type ScaleRun } from './run';

/**
 * The audit row every document transition writes beside its status history (`transition.ts`), so the audit-log report
 * and the finance audit trail read as many rows as a year of real use leaves: one per state change, with its actor,
 * principal and time.
 */
export function insertAudit(run: ScaleRun, b: Batch): Promise<number> {
  return exec(
    run,
    `insert into audit_log (company_id, actor_id, principal_id, action, entity, entity_id, at)
     select d.company_id, h.actor_id, h.principal_id, h.action, 'document', h.document_id::text, h.at
     from status_history h join document d on d.id = h.document_id
     where h.document_id between $1 and $2
     order by h.at`,
    [b.from, b.to],
  );
}
