import type { AuditActor } from '../../core/actor';
import type { Db } from '../../core/db';
import { type AuditEntry, insertAudit, insertAudits } from './audit.repository';

/** Writes the audit row of a state change; call it with the change's own transaction. */
export function audit(tx: Db, entry: AuditEntry): Promise<void> {
  return insertAudit(tx, entry);
}

/** The audit rows of one change made to many records, in the same transaction. */
export function auditMany(tx: Db, entries: readonly AuditEntry[]): Promise<void> {
  return insertAudits(tx, entries);
}

/** The audit row of a change made by `actor`. */
export function auditEntry(actor: AuditActor, e: Omit<AuditEntry, 'companyId' | 'actorId' | 'requestId'>): AuditEntry {
  return { ...e, companyId: actor.companyId, actorId: actor.userId, requestId: actor.requestId };
}
