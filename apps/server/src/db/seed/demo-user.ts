import { SCREENS } from '@ems/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../core/db';
import type { SessionUser } from '../../core/http';
import { employee } from '../../modules/org/org.table';

/** The demo acts through the services as people holding every function, as their roles would allow. */
export const ALL_FUNCTIONS = new Set(SCREENS.map((s) => s.functionCode));

/** A demo person as the services see a signed-in user of the company (no proxy, no administrator rights). */
export async function demoUser(db: Db, companyId: number, employeeId: number): Promise<SessionUser> {
  const [e] = await db.select({ teamId: employee.teamId }).from(employee).where(eq(employee.id, employeeId));
  return {
    userId: employeeId,
    accountId: 0,
    companyId,
    teamId: e?.teamId ?? null,
    isAdmin: false,
    functions: ALL_FUNCTIONS,
    actingFor: null,
  };
}
