import type { SearchBankBranchBody, SearchPayerAccountBody } from '@ems/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { gramsMatch, keywordIn, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { bankBranch, payerAccount } from './banks.table';

/* ---------- the bank-branch directory ---------- */

export type BranchRow = typeof bankBranch.$inferSelect;
export type BranchValues = Pick<
  typeof bankBranch.$inferInsert,
  'cnaps' | 'bankCode' | 'bankName' | 'branchName' | 'province' | 'city' | 'status'
>;

const BRANCH_SORTABLE = {
  Cnaps: bankBranch.cnaps,
  BankName: bankBranch.bankName,
  BranchName: bankBranch.branchName,
  City: bankBranch.city,
};

export async function searchBranches(db: Db, companyId: number, f: SearchBankBranchBody) {
  const kw = f.Keyword?.trim();
  const where = and(
    eq(bankBranch.companyId, companyId),
    f.BankCode ? eq(bankBranch.bankCode, f.BankCode) : undefined,
    f.BankName ? eq(bankBranch.bankName, f.BankName) : undefined,
    f.Status ? eq(bankBranch.status, f.Status) : undefined,
    f.Cnaps?.length ? inArray(bankBranch.cnaps, f.Cnaps) : undefined,
    // A code is found by its beginning; words through the grams' index.
    kw
      ? /^[0-9]+$/.test(kw)
        ? sql`${bankBranch.cnaps} like ${`${kw}%`}`
        : kw.length >= 2
          ? gramsMatch(kw, bankBranch.keywordGrams, [bankBranch.bankName, bankBranch.branchName, bankBranch.city])
          : keywordIn(kw, [bankBranch.bankName, bankBranch.branchName])
      : undefined,
  );
  return paged(
    f,
    db.select({ n: count() }).from(bankBranch).where(where),
    db
      .select()
      .from(bankBranch)
      .where(where)
      .orderBy(orderFrom(BRANCH_SORTABLE, f, bankBranch.cnaps), asc(bankBranch.id)),
  );
}

export async function branchByCnaps(db: Db, companyId: number, cnaps: string): Promise<BranchRow | undefined> {
  const [row] = await db
    .select()
    .from(bankBranch)
    .where(and(eq(bankBranch.companyId, companyId), eq(bankBranch.cnaps, cnaps)));
  return row;
}

export async function branchesByCnaps(db: Db, companyId: number, codes: string[]) {
  const out: BranchRow[] = [];
  for (let i = 0; i < codes.length; i += 5_000)
    out.push(
      ...(await db
        .select()
        .from(bankBranch)
        .where(and(eq(bankBranch.companyId, companyId), inArray(bankBranch.cnaps, codes.slice(i, i + 5_000))))),
    );
  return out;
}

/**
 * Writes the directory's rows by code in slices (insert or update, one statement a slice): an import of the whole
 * national list (some 150,000 branches) stays a few statements. Answers how many rows were new.
 */
export async function upsertBranches(db: Db, companyId: number, rows: BranchValues[]): Promise<number> {
  let created = 0;
  for (let i = 0; i < rows.length; i += 2_000) {
    const slice = rows.slice(i, i + 2_000).map((r) => ({ ...r, companyId }));
    const written = await db
      .insert(bankBranch)
      .values(slice)
      .onConflictDoUpdate({
        target: [bankBranch.companyId, bankBranch.cnaps],
        set: {
          bankCode: sql`excluded.bank_code`,
          bankName: sql`excluded.bank_name`,
          branchName: sql`excluded.branch_name`,
          province: sql`excluded.province`,
          city: sql`excluded.city`,
          status: sql`excluded.status`,
          version: sql`${bankBranch.version} + 1`,
          updatedAt: new Date(),
        },
      })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    created += written.filter((w) => w.inserted).length;
  }
  return created;
}

export async function lockBranches(db: Db, companyId: number, ids: number[]) {
  return db
    .select()
    .from(bankBranch)
    .where(and(eq(bankBranch.companyId, companyId), inArray(bankBranch.id, ids)))
    .orderBy(asc(bankBranch.id))
    .for('update');
}

export const updateBranch = (db: Db, id: number, version: number, v: Partial<BranchValues>) =>
  updateVersioned(db, bankBranch, id, version, v, { touch: true });

/* ---------- paying company accounts ---------- */

export type PayerRow = typeof payerAccount.$inferSelect;
export type PayerValues = Omit<typeof payerAccount.$inferInsert, 'id' | 'companyId' | 'version' | 'createdAt'>;

const PAYER_SORTABLE = { Code: payerAccount.code, AccountName: payerAccount.accountName };

export async function searchPayers(db: Db, companyId: number, f: SearchPayerAccountBody) {
  const where = and(
    eq(payerAccount.companyId, companyId),
    f.ActiveOnly ? eq(payerAccount.active, true) : undefined,
    f.IDs?.length ? inArray(payerAccount.id, f.IDs) : undefined,
    keywordIn(f.Keyword, [payerAccount.code, payerAccount.accountName, payerAccount.accountNo, payerAccount.bankName]),
  );
  return paged(
    f,
    db.select({ n: count() }).from(payerAccount).where(where),
    db
      .select()
      .from(payerAccount)
      .where(where)
      .orderBy(orderFrom(PAYER_SORTABLE, f, payerAccount.code), asc(payerAccount.id)),
  );
}

export async function payerById(db: Db, companyId: number, id: number): Promise<PayerRow | undefined> {
  const [row] = await db
    .select()
    .from(payerAccount)
    .where(and(eq(payerAccount.companyId, companyId), eq(payerAccount.id, id)));
  return row;
}

export async function lockPayer(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(payerAccount)
    .where(and(eq(payerAccount.companyId, companyId), eq(payerAccount.id, id)))
    .for('update');
  return row;
}

export async function defaultPayer(db: Db, companyId: number): Promise<PayerRow | undefined> {
  const [row] = await db
    .select()
    .from(payerAccount)
    .where(and(eq(payerAccount.companyId, companyId), eq(payerAccount.isDefault, true), eq(payerAccount.active, true)));
  return row;
}

/** Takes the default from the company's other accounts (one default per company). */
export async function clearDefault(db: Db, companyId: number, keepId: number | null) {
  await db
    .update(payerAccount)
    .set({ isDefault: false, version: sql`${payerAccount.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(payerAccount.companyId, companyId),
        eq(payerAccount.isDefault, true),
        keepId === null ? undefined : ne(payerAccount.id, keepId),
      ),
    );
}

export const insertPayer = (db: Db, companyId: number, v: PayerValues) =>
  insertOne(db, payerAccount, { ...v, companyId });
export const updatePayer = (db: Db, id: number, version: number, v: PayerValues) =>
  updateVersioned(db, payerAccount, id, version, v, { touch: true });
