import type { AuditActor } from '../../core/actor';
import type { Db } from '../../core/db';
import { type AuditEntry, insertAudit } from './audit.repository';

/** Writes the audit row of a state change; call it with the change's own transaction. */
export function audit(tx: Db, entry: AuditEntry): Promise<void> {
  return insertAudit(tx, entry);
}

/** The audit row of a change made by `actor`. */
export function auditEntry(actor: AuditActor, e: Omit<AuditEntry, 'companyId' | 'actorId' | 'requestId'>): AuditEntry {
  return { ...e, companyId: actor.companyId, actorId: actor.userId, requestId: actor.requestId };
}
