import { EXPENSE_DOC_TYPES, type ExpenseDocType } from '@ems/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../core/db';
import {
  applyAuthority,
  expenseItem,
  expenseSubItem,
  expenseType,
  expenseTypeItem,
  expenseTypeTeam,
  ledgerExpense,
  ledgerExpenseItemConfig,
} from '../../modules/masterdata/expense.table';
import { poWhiteList, product, productBu, provider } from '../../modules/masterdata/reference.table';
import { employee, team } from '../../modules/org/org.table';
import { company } from '../../modules/system/system.table';
import { type DemoClock, type DemoRun, inDemoYear } from './demo-clock';
import {
  BUS,
  GL_DEFAULTS,
  GL_SCOPED,
  ITEMS,
  LEDGERS,
  PRODUCTS,
  PROVIDERS,
  TYPES,
  type TypeSeed,
} from './demo-expmd.data';

type CompanyCode = '1000' | '2000';
const COMPANY_CODES: readonly CompanyCode[] = ['1000', '2000'];

/**
 * Expense master data of both demo companies: items and sub-items, the type trees of apply, loan and deputy with
 * the items each offers, team limits and a restricted apply type, GL mappings, products and BUs, providers and the
 * PO white list. Runs after the organisation (and the finance master data, whose ledger expenses it reuses by code).
 */
export async function seedDemoExpenseMaster(db: Db, { clock }: Pick<DemoRun, 'clock'>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const code of COMPANY_CODES) {
      const [c] = await tx.select().from(company).where(eq(company.code, code));
      if (!c) continue;
      await seedCompany(tx, c.id, code, clock);
    }
  });
}

async function seedCompany(db: Db, companyId: number, companyCode: CompanyCode, clock: DemoClock): Promise<void> {
  const teams = new Map(
    (await db.select().from(team).where(eq(team.companyId, companyId))).map((t) => [t.code, t.id] as const),
  );
  const inCompany = <T extends { only?: CompanyCode }>(s: T) => !s.only || s.only === companyCode;

  const itemIds = new Map<string, number>();
  for (const [i, s] of ITEMS.filter(inCompany).entries()) {
    const [row] = await db
      .insert(expenseItem)
      .values({
        companyId,
        code: s.code,
        nameZh: s.names[0],
        nameEn: s.names[1],
        category: s.category,
        involvesHcp: s.hcp ?? false,
        needsInvoice: !s.noInvoice,
        personalBuyerAllowed: s.personalBuyer ?? false,
        maxAmount: s.max ?? null,
        active: !s.inactive,
        sort: (i + 1) * 10,
      })
      .returning();
    itemIds.set(s.code, row!.id);
    if (s.subs?.length) {
      await db.insert(expenseSubItem).values(
        s.subs.map(([code, zh, en], j) => ({
          expenseItemId: row!.id,
          code,
          nameZh: zh,
          nameEn: en,
          sort: (j + 1) * 10,
        })),
      );
    }
  }

  const restrictedTypes: number[] = [];
  const addType = async (docType: ExpenseDocType, s: TypeSeed, parentId: number | null, sort: number) => {
    if (!inCompany(s)) return;
    const [row] = await db
      .insert(expenseType)
      .values({
        companyId,
        docType,
        code: s.code,
        nameZh: s.names[0],
        nameEn: s.names[1],
        parentId,
        active: !s.inactive,
        restricted: s.restricted ?? false,
        sort,
      })
      .returning();
    const typeId = row!.id;
    const offered = (s.items ?? []).map((code) => itemIds.get(code)).filter((id): id is number => id !== undefined);
    if (offered.length) {
      await db
        .insert(expenseTypeItem)
        .values(offered.map((expenseItemId, k) => ({ expenseTypeId: typeId, expenseItemId, sort: (k + 1) * 10 })));
    }
    const limitTeams = (s.teams?.[companyCode] ?? [])
      .map((code) => teams.get(code))
      .filter((id): id is number => id !== undefined);
    if (limitTeams.length) {
      await db.insert(expenseTypeTeam).values(limitTeams.map((teamId) => ({ expenseTypeId: typeId, teamId })));
    }
    if (s.restricted) restrictedTypes.push(typeId);
    for (const [k, child] of (s.children ?? []).entries()) await addType(docType, child, typeId, (k + 1) * 10);
  };
  for (const docType of EXPENSE_DOC_TYPES) {
    for (const [k, s] of TYPES[docType].entries()) await addType(docType, s, null, (k + 1) * 10);
  }

  // The restricted investigator-initiated-study type: assigned to the medical team's first people.
  const medical = teams.get('MED');
  if (medical !== undefined && restrictedTypes.length) {
    const people = await db
      .select({ id: employee.id })
      .from(employee)
      .where(and(eq(employee.companyId, companyId), eq(employee.teamId, medical)))
      .orderBy(asc(employee.code))
      .limit(4);
    for (const typeId of restrictedTypes) {
      if (people.length)
        await db.insert(applyAuthority).values(people.map((p) => ({ expenseTypeId: typeId, employeeId: p.id })));
    }
  }

  const ledgers = new Map(
    (await db.select().from(ledgerExpense).where(eq(ledgerExpense.companyId, companyId))).map(
      (l) => [l.code, l.id] as const,
    ),
  );
  for (const [code, zh, en, gl] of LEDGERS) {
    if (ledgers.has(code)) continue;
    const [row] = await db
      .insert(ledgerExpense)
      .values({ companyId, code, nameZh: zh, nameEn: en, glAccount: gl })
      .returning();
    ledgers.set(code, row!.id);
  }

  const buIds = new Map<string, number>();
  for (const [code, zh, en, teamCode] of BUS[companyCode]) {
    const [row] = await db
      .insert(productBu)
      .values({ companyId, code, nameZh: zh, nameEn: en, teamId: teams.get(teamCode) ?? null })
      .returning();
    buIds.set(code, row!.id);
  }
  const productIds = new Map<string, number>();
  for (const [code, zh, en, bu, sap, inactive] of PRODUCTS[companyCode]) {
    const [row] = await db
      .insert(product)
      .values({ companyId, code, nameZh: zh, nameEn: en, buId: buIds.get(bu) ?? null, sapCode: sap, active: !inactive })
      .returning();
    productIds.set(code, row!.id);
  }

  const configs: (typeof ledgerExpenseItemConfig.$inferInsert)[] = [];
  for (const [itemCode, ledgerCode] of Object.entries(GL_DEFAULTS)) {
    const itemId = itemIds.get(itemCode);
    const ledgerId = ledgers.get(ledgerCode);
    if (itemId === undefined || ledgerId === undefined) continue;
    const advance = ITEMS.find((i) => i.code === itemCode)?.category === 'advance';
    for (const docType of advance ? (['loan'] as const) : (['apply', 'deputy'] as const)) {
      configs.push({ companyId, expenseItemId: itemId, docType, ledgerExpenseId: ledgerId });
    }
  }
  for (const s of GL_SCOPED) {
    const itemId = itemIds.get(s.item);
    const ledgerId = ledgers.get(s.ledger);
    const productId = s.product ? productIds.get(s.product) : undefined;
    if (itemId === undefined || ledgerId === undefined || (s.product && productId === undefined)) continue;
    configs.push({
      companyId,
      expenseItemId: itemId,
      docType: 'deputy',
      costCentreType: s.costCentreType ?? null,
      productId: productId ?? null,
      ledgerExpenseId: ledgerId,
    });
  }
  if (configs.length) await db.insert(ledgerExpenseItemConfig).values(configs);

  for (const [i, s] of PROVIDERS[companyCode].entries()) {
    const seq = String(i + 1).padStart(3, '0');
    const [row] = await db
      .insert(provider)
      .values({
        companyId,
        code: `V${companyCode}${seq}`,
        nameZh: s.names[0],
        nameEn: s.names[1],
        taxNo: `91310000MA1${companyCode}${seq}`,
        bankName: s.bank,
        bankAccount: `6222${companyCode}${String(31415926 + i * 2718281).padStart(11, '0')}`,
        category: s.category,
        active: !s.inactive,
      })
      .returning();
    if (s.whiteList) {
      await db.insert(poWhiteList).values({
        companyId,
        providerId: row!.id,
        reason: s.whiteList,
        // Until the end of the demo's year, or the middle of the next.
        validTo: inDemoYear(clock, i % 2 ? '2027-06-30' : '2026-12-31'),
      });
    }
  }
}
