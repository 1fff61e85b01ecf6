import type { SearchEvmRelationBody } from '@ems/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { company } from '../../system/system.table';
import { evmOutbox, evmTeamRelation as rel } from '../evm.table';
import { team } from '../org.table';

export type RelationEntity = typeof rel.$inferSelect;

function relationQuery(db: Db) {
  return db
    .select({ r: rel, teamCode: team.code, teamZh: team.nameZh, teamEn: team.nameEn, companyCode: company.code })
    .from(rel)
    .innerJoin(team, eq(team.id, rel.teamId))
    .innerJoin(company, eq(company.id, rel.companyId));
}
export type RelationRow = Awaited<ReturnType<ReturnType<typeof relationQuery>['execute']>>[number];

const SORTABLE = {
  TeamCode: team.code,
  TeamName: team.nameZh,
  EvmCode: rel.evmCode,
  EvmName: rel.evmName,
  Status: rel.status,
  SentAt: rel.sentAt,
};

export async function search(db: Db, companyId: number, f: SearchEvmRelationBody) {
  const where = and(
    eq(rel.companyId, companyId),
    keywordIn(f.Keyword, [team.code, team.nameZh, team.nameEn, rel.evmCode, rel.evmName]),
    f.TeamID !== undefined ? eq(rel.teamId, f.TeamID) : undefined,
    f.Status ? eq(rel.status, f.Status) : undefined,
  );
  return paged(
    f,
    db.select({ n: count() }).from(rel).innerJoin(team, eq(team.id, rel.teamId)).where(where),
    relationQuery(db)
      .where(where)
      .orderBy(orderFrom(SORTABLE, f, team.code), asc(rel.id)),
  );
}

export async function load(db: Db, companyId: number, ids: number[]) {
  return relationQuery(db)
    .where(and(eq(rel.companyId, companyId), inArray(rel.id, ids)))
    .orderBy(asc(rel.id));
}

export async function byTeam(db: Db, teamId: number) {
  const [row] = await db.select().from(rel).where(eq(rel.teamId, teamId));
  return row;
}

export async function insert(db: Db, v: Omit<typeof rel.$inferInsert, 'id'>) {
  const [row] = await db.insert(rel).values(v).returning();
  return row!;
}

export async function update(db: Db, id: number, version: number | null, v: Partial<typeof rel.$inferInsert>) {
  const [row] = await db
    .update(rel)
    .set({ ...v, version: sql`${rel.version} + 1`, updatedAt: new Date() })
    .where(and(eq(rel.id, id), version === null ? undefined : eq(rel.version, version)))
    .returning();
  return row;
}

export async function remove(db: Db, id: number) {
  await db.delete(rel).where(eq(rel.id, id));
}

export async function addOutbox(db: Db, v: Omit<typeof evmOutbox.$inferInsert, 'id'>) {
  const [row] = await db.insert(evmOutbox).values(v).returning();
  return row!;
}

export async function settleOutbox(
  db: Db,
  id: number,
  v: { status: 'pending' | 'sent' | 'failed'; reference: string | null; error: string | null },
) {
  await db
    .update(evmOutbox)
    .set({ ...v, sentAt: v.status === 'sent' ? new Date() : null })
    .where(eq(evmOutbox.id, id));
}

export async function outboxById(db: Db, id: number) {
  const [row] = await db.select().from(evmOutbox).where(eq(evmOutbox.id, id));
  return row;
}

const latestOutbox = (relationId: number) =>
  sql`(select max(${evmOutbox.id}) from ${evmOutbox} where ${evmOutbox.relationId} = ${relationId})`;

/** The outcome of a message settles its relation only while it is the relation's latest message. */
export async function settleRelation(
  db: Db,
  relationId: number,
  outboxId: number,
  v: { status: 'sent' | 'queued' | 'deleting' | 'failed'; lastError: string | null; sentAt?: Date },
) {
  const latest = latestOutbox(relationId);
  await db
    .update(rel)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(rel.id, relationId), sql`${outboxId} = ${latest}`));
}

/** Deletes a relation withdrawn from the EVM system, unless a later message about it was written since. */
export async function removeIfLatest(db: Db, relationId: number, outboxId: number): Promise<boolean> {
  const gone = await db
    .delete(rel)
    .where(and(eq(rel.id, relationId), sql`${outboxId} = ${latestOutbox(relationId)}`))
    .returning({ id: rel.id });
  return gone.length > 0;
}

export async function outboxOf(db: Db, relationId: number) {
  return db
    .select()
    .from(evmOutbox)
    .where(eq(evmOutbox.relationId, relationId))
    .orderBy(desc(evmOutbox.createdAt), desc(evmOutbox.id));
}
