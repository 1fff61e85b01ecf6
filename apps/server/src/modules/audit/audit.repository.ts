import type { Db } from '../../core/db';
import { auditLog } from './audit.table';

export interface AuditEntry {
  companyId?: number | null;
  actorId?: number | null;
  principalId?: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
  requestId?: string | null;
}

const row = (e: AuditEntry) => ({
  companyId: e.companyId ?? null,
  actorId: e.actorId ?? null,
  principalId: e.principalId ?? e.actorId ?? null,
  action: e.action,
  entity: e.entity,
  entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
  detail: e.detail ?? null,
  requestId: e.requestId ?? null,
});

export async function insertAudit(db: Db, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(row(e));
}

/** The audit rows of a change made to many records at once, a thousand per statement. */
export async function insertAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) await db.insert(auditLog).values(entries.slice(i, i + 1000).map(row));
}
