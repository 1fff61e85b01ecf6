import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { type Db, prepared } from '../../core/db';
import { employee, employeeRoleTeam, role, roleFunction, roleReport } from '../org/org.table';
import { company } from '../system/system.table';
import { refreshToken, userAccount } from './auth.table';

export async function accountByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ account: userAccount, employee })
    .from(userAccount)
    .innerJoin(employee, eq(employee.id, userAccount.employeeId))
    .where(eq(userAccount.username, username.toLowerCase()));
  return row;
}

export async function accountById(db: Db, id: number) {
  const [row] = await db
    .select({ account: userAccount, employee })
    .from(userAccount)
    .innerJoin(employee, eq(employee.id, userAccount.employeeId))
    .where(eq(userAccount.id, id));
  return row;
}

/**
 * The account behind an access token, whether it is locked now, whether the token's refresh family is still live,
 * and the functions its roles grant in the token's company: one statement per request, each part through an index.
 */
const sessionRead = prepared((db) => {
  const companyId = sql.placeholder('companyId');
  const roles = sql`${employeeRoleTeam} join ${role} on ${role.id} = ${employeeRoleTeam.roleId}`;
  const ofUser = sql`${employeeRoleTeam.employeeId} = ${employee.id} and ${role.companyId} = ${companyId} and ${role.active}`;
  return db
    .select({
      // Only what a request's user is made of: each column more is one more to send and decode at every request.
      account: {
        id: userAccount.id,
        active: userAccount.active,
        mustChangePassword: userAccount.mustChangePassword,
      },
      employee: { id: employee.id, status: employee.status },
      locked: sql<boolean>`coalesce(${userAccount.lockedUntil} > now(), false)`,
      live: sql<boolean>`exists (select 1 from ${refreshToken} where ${refreshToken.familyId} = ${sql.placeholder('familyId')}
        and ${refreshToken.userAccountId} = ${userAccount.id} and ${refreshToken.revokedAt} is null)`,
      functions: sql<string[]>`array(select distinct ${roleFunction.functionCode} from ${roles}
        join ${roleFunction} on ${roleFunction.roleId} = ${role.id} where ${ofUser})`,
      reports: sql<string[]>`array(select distinct ${roleReport.reportCode} from ${roles}
        join ${roleReport} on ${roleReport.roleId} = ${role.id} where ${ofUser})`,
      isAdmin: sql<boolean>`exists (select 1 from ${roles} where ${ofUser} and ${role.isAdmin})`,
    })
    .from(userAccount)
    .innerJoin(employee, eq(employee.id, userAccount.employeeId))
    .where(eq(userAccount.id, sql.placeholder('accountId')))
    .prepare('ems_session_of');
});

/** The account, its person and, in the company, their functions and report access; every request reads it. */
export async function sessionOf(db: Db, accountId: number, familyId: string, companyId: number) {
  const [row] = await sessionRead(db).execute({ accountId, familyId, companyId });
  return row;
}

export async function accountByEmployee(db: Db, employeeId: number) {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.employeeId, employeeId));
  return row;
}

/**
 * The account's sign-in state under its row lock: every password sign-in of one account takes it, so attempts are
 * decided one after another on the count the one before left (a burst cannot all read "not locked" at once).
 */
export async function lockSignInState(db: Db, accountId: number) {
  const [row] = await db
    .select({ lockedUntil: userAccount.lockedUntil, failedAttempts: userAccount.failedAttempts })
    .from(userAccount)
    .where(eq(userAccount.id, accountId))
    .for('update');
  return row;
}

/** Counts a failed sign-in; the account locks once the count reaches `max`. */
export async function recordFailure(db: Db, accountId: number, max: number, lockMinutes: number) {
  const [row] = await db
    .update(userAccount)
    .set({
      failedAttempts: sql`case when ${userAccount.failedAttempts} + 1 >= ${max} then 0 else ${userAccount.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${userAccount.failedAttempts} + 1 >= ${max} then now() + make_interval(mins => ${lockMinutes}) else ${userAccount.lockedUntil} end`,
    })
    .where(eq(userAccount.id, accountId))
    .returning({ lockedUntil: userAccount.lockedUntil });
  return row;
}

export async function recordSuccess(db: Db, accountId: number) {
  await db
    .update(userAccount)
    .set({ failedAttempts: 0, lockedUntil: null, lastLoginAt: new Date() })
    .where(eq(userAccount.id, accountId));
}

export async function setPassword(db: Db, accountId: number, hash: string, mustChange: boolean) {
  await db
    .update(userAccount)
    .set({
      passwordHash: hash,
      mustChangePassword: mustChange,
      passwordChangedAt: new Date(),
      failedAttempts: 0,
      lockedUntil: null,
    })
    .where(eq(userAccount.id, accountId));
}

export async function insertRefresh(
  db: Db,
  v: { familyId: string; tokenHash: string; accountId: number; companyId: number; origin: string; expiresAt: Date },
) {
  await db.insert(refreshToken).values({
    familyId: v.familyId,
    tokenHash: v.tokenHash,
    userAccountId: v.accountId,
    companyId: v.companyId,
    origin: v.origin,
    expiresAt: v.expiresAt,
  });
}

export async function refreshByHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(refreshToken).where(eq(refreshToken.tokenHash, tokenHash));
  return row;
}

/** Marks a refresh token used; false when another request used it first. */
export async function markUsed(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshToken)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(refreshToken.id, id),
        isNull(refreshToken.usedAt),
        isNull(refreshToken.revokedAt),
        gt(refreshToken.expiresAt, new Date()),
      ),
    )
    .returning({ id: refreshToken.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Db, familyId: string) {
  await db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

/** Ends every sign-in of the account, or every one but `exceptFamily` (the one changing its own password). */
export async function revokeAccount(db: Db, accountId: number, exceptFamily?: string) {
  await db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshToken.userAccountId, accountId),
        isNull(refreshToken.revokedAt),
        exceptFamily ? ne(refreshToken.familyId, exceptFamily) : undefined,
      ),
    );
}

/** Every company one may sign in to, in a stable order (the unknown user's stand-in answer picks from these). */
export async function activeCompanies(db: Db) {
  return db
    .select({ companyId: company.id, code: company.code, nameZh: company.nameZh, nameEn: company.nameEn })
    .from(company)
    .where(eq(company.active, true))
    .orderBy(asc(company.id));
}
