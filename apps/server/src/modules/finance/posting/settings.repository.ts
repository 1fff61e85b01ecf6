import { eq, or } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { updateVersioned } from '../../../core/versioned';
import { company } from '../../system/system.table';
import { erpPostingSetting } from './posting.table';

/** The company's posting settings row; undefined while it posts with the defaults. */
export async function settingsOf(db: Db, companyId: number) {
  const [row] = await db.select().from(erpPostingSetting).where(eq(erpPostingSetting.companyId, companyId));
  return row;
}

/** Makes the company's row (with the defaults) if it has none, and locks it. */
export async function lockSettings(
  db: Db,
  companyId: number,
  defaults: { documentTypes: Record<string, string>; requiredFields: string[] },
) {
  await db
    .insert(erpPostingSetting)
    .values({ companyId, ...defaults })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(erpPostingSetting)
    .where(eq(erpPostingSetting.companyId, companyId))
    .for('update');
  return row!;
}

export async function updateSettings(
  db: Db,
  id: number,
  version: number,
  v: { documentTypes: Record<string, string>; requiredFields: string[] },
) {
  return updateVersioned(db, erpPostingSetting, id, version, v, { touch: true });
}

/** The company an ERP company code belongs to (its SAP code, else its own code), as the simulated ERP finds it. */
export async function companyOfCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: company.id })
    .from(company)
    .where(or(eq(company.sapCode, code), eq(company.code, code)))
    .orderBy(company.id)
    .limit(1);
  return row?.id;
}
