import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { employee } from '../org/org.table';
import { mailOutbox } from '../workflow/workflow.table';

/** Unsent notices, oldest first, locked so that two senders never take the same one. */
export async function takeUnsent(db: Db, limit: number) {
  return db
    .select({
      m: mailOutbox,
      email: employee.email,
      language: employee.language,
      nameZh: employee.nameZh,
      nameEn: employee.nameEn,
    })
    .from(mailOutbox)
    .innerJoin(employee, eq(employee.id, mailOutbox.toEmployeeId))
    .where(isNull(mailOutbox.sentAt))
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { of: mailOutbox, skipLocked: true });
}

export async function markSent(db: Db, id: number, error: string | null) {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, error })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}
