import type { CostCenterFilters, Culture, PageQuery } from '@ems/contracts';
import { and, asc, count, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { codeIn, contains, orderFrom, paged } from '../../../core/list';
import { insertOne, updateVersioned } from '../../../core/versioned';
import { employee, team } from '../../org/org.table';
import {
  costCentre as cc,
  costCentreAllotment,
  costCentreHead,
  costCentreMapping,
  fundPermission,
  internalOrder,
  ytdManual,
} from '../costcentre.table';

export type CostCentreRow = typeof cc.$inferSelect;

/** Heads in approval order, as one text per language. */
const headsZh = sql<string>`coalesce((select string_agg(e.name_zh, '、' order by h.seq) from cost_centre_head h join employee e on e.id = h.employee_id where h.cost_centre_id = cost_centre.id), '')`;
const headsEn = sql<string>`coalesce((select string_agg(e.name_en, ', ' order by h.seq) from cost_centre_head h join employee e on e.id = h.employee_id where h.cost_centre_id = cost_centre.id), '')`;
const headCount = sql<number>`(select count(*)::int from cost_centre_head h where h.cost_centre_id = cost_centre.id)`;

const listColumns = {
  cc,
  teamCode: team.code,
  teamZh: team.nameZh,
  teamEn: team.nameEn,
  headsZh,
  headsEn,
  headCount,
};

/** The condition "a new document may choose it on `day`". */
export function choosableWhere(day: string): SQL {
  return and(
    eq(cc.status, 'started'),
    or(isNull(cc.validFrom), lte(cc.validFrom, day)),
    or(isNull(cc.validTo), gte(cc.validTo, day)),
  ) as SQL;
}

function where(companyId: number, f: CostCenterFilters, day: string): SQL {
  const w: (SQL | undefined)[] = [eq(cc.companyId, companyId)];
  if (f.Keyword) {
    const k = contains(f.Keyword);
    w.push(or(ilike(cc.code, k), ilike(cc.nameZh, k), ilike(cc.nameEn, k), ilike(cc.sapCode, k)));
  }
  if (f.CostCenterCode) w.push(ilike(cc.code, contains(f.CostCenterCode)));
  if (f.Name) w.push(or(ilike(cc.nameZh, contains(f.Name)), ilike(cc.nameEn, contains(f.Name))));
  if (f.SapCode) w.push(ilike(cc.sapCode, contains(f.SapCode)));
  if (f.Status) w.push(eq(cc.status, f.Status));
  if (f.Type) w.push(eq(cc.type, f.Type));
  if (f.OwnerTeamID) w.push(eq(cc.ownerTeamId, f.OwnerTeamID));
  if (f.HeadID)
    w.push(
      sql`exists (select 1 from cost_centre_head h where h.cost_centre_id = cost_centre.id and h.employee_id = ${f.HeadID})`,
    );
  if (f.HasHead !== undefined)
    w.push(
      f.HasHead
        ? sql`exists (select 1 from cost_centre_head h where h.cost_centre_id = cost_centre.id)`
        : sql`not exists (select 1 from cost_centre_head h where h.cost_centre_id = cost_centre.id)`,
    );
  if (f.Choosable) w.push(choosableWhere(day));
  if (f.CostCenterIDs?.length) w.push(inArray(cc.id, f.CostCenterIDs));
  return and(...w) as SQL;
}

function sortable(culture: Culture) {
  return {
    CostCenterCode: cc.code,
    Name: culture === 'en-GB' ? cc.nameEn : cc.nameZh,
    SapCode: cc.sapCode,
    Type: cc.type,
    OwnerTeamName: culture === 'en-GB' ? team.nameEn : team.nameZh,
    Status: cc.status,
    ValidFrom: cc.validFrom,
    ValidTo: cc.validTo,
    UpdatedAt: cc.updatedAt,
  };
}

export type CostCentreListRow = Awaited<ReturnType<typeof searchAll>>[number];

/** The list's rows under `w`: the page, the export and the one row a save answers with all read the same columns. */
function listRows(db: Db, w: SQL | undefined) {
  return db.select(listColumns).from(cc).leftJoin(team, eq(team.id, cc.ownerTeamId)).where(w);
}

const listOrder = (f: Pick<PageQuery, 'SortField' | 'SortOrder'>, culture: Culture) => [
  orderFrom(sortable(culture), f, cc.code),
  asc(cc.id),
];

export async function search(
  db: Db,
  companyId: number,
  f: CostCenterFilters & PageQuery,
  culture: Culture,
  day: string,
) {
  const w = where(companyId, f, day);
  return paged(f, db.select({ n: count() }).from(cc).where(w), listRows(db, w).orderBy(...listOrder(f, culture)));
}

export async function searchAll(
  db: Db,
  companyId: number,
  f: CostCenterFilters & Pick<PageQuery, 'SortField' | 'SortOrder'>,
  culture: Culture,
  day: string,
  limit: number,
) {
  return listRows(db, where(companyId, f, day))
    .orderBy(...listOrder(f, culture))
    .limit(limit);
}

export async function listRow(db: Db, companyId: number, id: number) {
  const [row] = await listRows(db, and(eq(cc.companyId, companyId), eq(cc.id, id)));
  return row;
}

export async function findById(db: Db, companyId: number, id: number): Promise<CostCentreRow | undefined> {
  const [row] = await db
    .select()
    .from(cc)
    .where(and(eq(cc.companyId, companyId), eq(cc.id, id)));
  return row;
}

/** Locks the cost centre for a change of it or its parts, so concurrent part changes queue behind each other. */
export async function lockById(db: Db, companyId: number, id: number): Promise<CostCentreRow | undefined> {
  const [row] = await db
    .select()
    .from(cc)
    .where(and(eq(cc.companyId, companyId), eq(cc.id, id)))
    .for('update');
  return row;
}

export async function findByCode(db: Db, companyId: number, code: string): Promise<CostCentreRow | undefined> {
  const [row] = await db
    .select()
    .from(cc)
    .where(and(eq(cc.companyId, companyId), sql`lower(${cc.code}) = lower(${code})`));
  return row;
}

export async function findByCodes(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(cc)
    .where(and(eq(cc.companyId, companyId), codeIn(cc.code, codes)));
}

export type CostCentreValues = Pick<
  typeof cc.$inferInsert,
  'code' | 'nameZh' | 'nameEn' | 'sapCode' | 'profitCentre' | 'type' | 'ownerTeamId' | 'validFrom' | 'validTo'
>;

export async function insert(db: Db, companyId: number, v: CostCentreValues & { status?: 'started' | 'stopped' }) {
  return insertOne(db, cc, { ...v, companyId });
}

/** Updates when the version matches; undefined when someone changed it first. */
export async function update(
  db: Db,
  id: number,
  version: number,
  v: Partial<CostCentreValues & { status: 'started' | 'stopped' }>,
) {
  return updateVersioned(db, cc, id, version, v, { touch: true });
}

export async function remove(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from cost_centre_history where cost_centre_id = ${id}`);
  await db.delete(cc).where(eq(cc.id, id));
}

/** Where a cost centre is referenced; any of these keeps it from being deleted. */
export async function usage(db: Db, id: number) {
  const one = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  return {
    employees: await one(db.select({ n: count() }).from(employee).where(eq(employee.defaultCostCentreId, id))),
    internalOrders: await one(db.select({ n: count() }).from(internalOrder).where(eq(internalOrder.costCentreId, id))),
    fundPermissions: await one(
      db.select({ n: count() }).from(fundPermission).where(eq(fundPermission.costCentreId, id)),
    ),
    allotments: await one(
      db.select({ n: count() }).from(costCentreAllotment).where(eq(costCentreAllotment.targetCostCentreId, id)),
    ),
    mappings: await one(
      db.select({ n: count() }).from(costCentreMapping).where(eq(costCentreMapping.costCentreId, id)),
    ),
    ytd: await one(db.select({ n: count() }).from(ytdManual).where(eq(ytdManual.costCentreId, id))),
  };
}

/** SAP codes in use, each with the cost centres carrying it. */
export async function relSapCodes(db: Db, companyId: number, keyword: string | undefined) {
  return db
    .select({ sapCode: cc.sapCode, id: cc.id, code: cc.code, nameZh: cc.nameZh, nameEn: cc.nameEn, status: cc.status })
    .from(cc)
    .where(
      and(
        eq(cc.companyId, companyId),
        sql`${cc.sapCode} is not null and ${cc.sapCode} <> ''`,
        keyword ? ilike(cc.sapCode, contains(keyword)) : undefined,
      ),
    )
    .orderBy(asc(cc.sapCode), asc(cc.code))
    .limit(500);
}

export async function ownedBy(db: Db, companyId: number, teamId: number) {
  return db
    .select({ id: cc.id, code: cc.code, nameZh: cc.nameZh, nameEn: cc.nameEn, status: cc.status })
    .from(cc)
    .where(and(eq(cc.companyId, companyId), eq(cc.ownerTeamId, teamId)))
    .orderBy(asc(cc.code));
}

export async function teamOf(db: Db, companyId: number, teamId: number) {
  const [row] = await db
    .select()
    .from(team)
    .where(and(eq(team.companyId, companyId), eq(team.id, teamId)));
  return row;
}

export async function teamsOf(db: Db, companyId: number) {
  return db
    .select({ id: team.id, code: team.code, nameZh: team.nameZh, nameEn: team.nameEn, parentId: team.parentId })
    .from(team)
    .where(eq(team.companyId, companyId));
}

export async function teamsByCodes(db: Db, companyId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ id: team.id, code: team.code })
    .from(team)
    .where(and(eq(team.companyId, companyId), codeIn(team.code, codes)));
}

/** The team's head: its member whose line manager is outside the team. */
export async function teamHead(db: Db, teamId: number) {
  const [row] = await db
    .select({ id: employee.id, nameZh: employee.nameZh, nameEn: employee.nameEn })
    .from(employee)
    .where(
      and(
        eq(employee.teamId, teamId),
        sql`(employee.line_manager_id is null or not exists (select 1 from employee m where m.id = employee.line_manager_id and m.team_id = ${teamId}))`,
      ),
    )
    .orderBy(asc(employee.id))
    .limit(1);
  return row;
}

export async function teamMemberCount(db: Db, teamId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(employee)
    .where(and(eq(employee.teamId, teamId), sql`${employee.status} <> 'left'`));
  return row?.n ?? 0;
}

export async function headIds(db: Db, costCentreId: number): Promise<number[]> {
  const rows = await db
    .select({ employeeId: costCentreHead.employeeId })
    .from(costCentreHead)
    .where(eq(costCentreHead.costCentreId, costCentreId))
    .orderBy(asc(costCentreHead.seq));
  return rows.map((r) => r.employeeId);
}
