import type { Db } from '../../core/db';
import { type AuditEntry, insertAudit } from './audit.repository';

/** Writes the audit row of a state change; call it with the change's own transaction. */
export function audit(tx: Db, entry: AuditEntry): Promise<void> {
  return insertAudit(tx, entry);
}
