import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../../core/db';
import { paged } from '../../../../core/list';
import { employee, employeeCompany } from '../../../org/org.table';
import { walletMail, walletMailAddress } from './wallet-mail.table';

export type WalletMailInsert = typeof walletMail.$inferInsert;

export async function addressOf(db: Db, companyId: number, employeeId: number) {
  const [row] = await db
    .select()
    .from(walletMailAddress)
    .where(and(eq(walletMailAddress.companyId, companyId), eq(walletMailAddress.employeeId, employeeId)));
  return row;
}

/** The person's address, made with the token given unless one exists: answers the one kept. */
export async function ensureAddress(db: Db, companyId: number, employeeId: number, token: string) {
  await db
    .insert(walletMailAddress)
    .values({ companyId, employeeId, token })
    .onConflictDoNothing({ target: [walletMailAddress.companyId, walletMailAddress.employeeId] });
  return (await addressOf(db, companyId, employeeId))!;
}

/** A new token for the person's address; the old one no longer takes mail. Answers the row, or nothing when none was. */
export async function renewAddress(db: Db, companyId: number, employeeId: number, token: string) {
  const [row] = await db
    .update(walletMailAddress)
    .set({ token, updatedAt: new Date() })
    .where(and(eq(walletMailAddress.companyId, companyId), eq(walletMailAddress.employeeId, employeeId)))
    .returning();
  return row;
}

/**
 * Whose wallet a token opens: the person and company, with their team there and their language, while the person
 * has not left and may still sign in to the company.
 */
export async function ownerOfToken(db: Db, token: string) {
  const [row] = await db
    .select({
      companyId: walletMailAddress.companyId,
      employeeId: walletMailAddress.employeeId,
      teamId: sql<number | null>`coalesce(${employeeCompany.teamId}, ${employee.teamId})`,
      language: employee.language,
      email: employee.email,
    })
    .from(walletMailAddress)
    .innerJoin(employee, eq(employee.id, walletMailAddress.employeeId))
    .leftJoin(
      employeeCompany,
      and(
        eq(employeeCompany.employeeId, walletMailAddress.employeeId),
        eq(employeeCompany.companyId, walletMailAddress.companyId),
      ),
    )
    .where(
      and(
        eq(walletMailAddress.token, token),
        ne(employee.status, 'left'),
        sql`(${employeeCompany.employeeId} is not null or ${employee.companyId} = ${walletMailAddress.companyId})`,
      ),
    );
  return row;
}

export type WalletMailRow = typeof walletMail.$inferSelect;

export async function mailByKey(db: Db, messageKey: string): Promise<WalletMailRow | undefined> {
  const [row] = await db.select().from(walletMail).where(eq(walletMail.messageKey, messageKey));
  return row;
}

/** Records a mail once: answers its id, or nothing when another reader recorded it first. */
export async function insertMail(db: Db, v: WalletMailInsert): Promise<number | undefined> {
  const [row] = await db
    .insert(walletMail)
    .values(v)
    .onConflictDoNothing({ target: walletMail.messageKey })
    .returning({ id: walletMail.id });
  return row?.id;
}

export async function mailsOf(
  db: Db,
  companyId: number,
  employeeId: number,
  q: { PageIndex: number; PageSize: number },
) {
  const mine = and(eq(walletMail.companyId, companyId), eq(walletMail.employeeId, employeeId));
  return paged(
    q,
    db.select({ n: count() }).from(walletMail).where(mine),
    db.select().from(walletMail).where(mine).orderBy(desc(walletMail.createdAt), desc(walletMail.id)).$dynamic(),
  );
}
