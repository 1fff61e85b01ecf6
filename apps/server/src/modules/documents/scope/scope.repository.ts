import type { DocState } from '@ems/contracts';
import { type AnyColumn, and, eq, exists, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { expenseItem } from '../../masterdata/expense.table';
import { approvalStep } from '../../workflow/approval/approval.table';
import { documentCustomer, lecturerAgreement } from '../customers/customer.table';
import { document as doc, expenseLine as line } from '../document.table';

/**
 * Which documents a list covers (DESIGN §7), written once as SQL: the lists filter by it and opening one
 * document by id asks the same predicate, so nobody opens a record that no list of theirs shows.
 */
export type ViewScope =
  /** Mine (applied, prepared, or acted for), those I approve or approved, and my teams' through team authority. */
  | { kind: 'personal'; people: number[]; approvers: number[]; teams: number[]; reach: Reach }
  /** The company's documents in the given states. */
  | { kind: 'company'; states: readonly DocState[] }
  /**
   * Submitted documents with spend on healthcare professionals (compliance viewers): an item that involves HCP, HCP/HCO
   * attendees or lecturer fees.
   */
  | { kind: 'hcp' }
  /** Documents whose route I am on, not my own. */
  | { kind: 'follow'; people: number[]; approvers: number[]; reach: Reach }
  /** Approved long-term applies: mine, or the company's. */
  | { kind: 'long_term'; people: number[] | 'all' };

// The personal and follow scopes are read one of three ways, chosen by how many documents the route and the teams
// bring (`reachOf`):
// - sparse (an employee, most managers): a set of ids, each part read through its own index (applicant, preparer,
//   approver, who acted, team) and joined to the list as a semi-join; walking the company's documents newest first
//   would pass hundreds of thousands before finding twenty of them;
// - dense (a business-unit head, with tens of thousands of steps a year): the company's documents newest first, each
//   tested against the approver's steps, which PostgreSQL reads once from the step indexes into a hashed set;
// - packed (a central reviewer on a good share of the company's documents): the same walk, each document testing its
//   own few steps (`approval_step_uq`): two hundred hits come within a few thousand documents, where hashing every one
//   of their hundreds of thousands of steps first would take ten times as long. PostgreSQL cannot see that the walk
//   stops early, so the EXISTS carries an OFFSET 0, which it never turns into a hashed set.
// The sparse sets read steps from the step indexes alone (`approval_step_pending_idx`, `approval_step_acted_by_idx`).
export type Reach = 'sparse' | 'dense' | 'packed';
/** Where a scope counts as dense: about a week of a busy approver's steps. */
export const DENSE_SCOPE = 5_000;
/** Where a scope counts as packed: hashing its steps costs more than probing the few thousand documents walked. */
export const PACKED_SCOPE = 30_000;

const scoped = alias(doc, 'scope_document');
const step = alias(approvalStep, 'scope_step');
const scopedFrom = sql`${doc} as ${sql.identifier('scope_document')}`;
const stepFrom = sql`${approvalStep} as ${sql.identifier('scope_step')}`;

/**
 * Ids of documents with a step of one of `people`, as approver or as whoever acted on it, read from the step indexes
 * alone. Such a document is never a draft: steps are made at submit, and no transition leads back to draft.
 */
const onRouteIds = (people: number[]) =>
  [step.approverId, step.actedBy].map(
    (who) => sql`select ${step.documentId} from ${stepFrom} where ${inArray(who, people)}`,
  );
const ownedIds = (people: number[]) =>
  [scoped.applicantId, scoped.preparerId].map(
    (who) => sql`select ${scoped.id} from ${scopedFrom} where ${inArray(who, people)}`,
  );
const teamIds = (teams: number[]) =>
  teams.length
    ? [
        sql`select ${scoped.id} from ${scopedFrom} where ${inArray(scoped.teamId, teams)} and ${scoped.status} <> 'draft'`,
      ]
    : [];
const idIn = (parts: SQL[]) => sql`${doc.id} in (${sql.join(parts, sql` union `)})`;
// One EXISTS per column, so each can be read from its own index alone when hashed; packed ones are always probed.
const routeOrTeams = (approvers: number[], teams: number[], reach: Reach) =>
  or(
    ...[step.approverId, step.actedBy].map((who) =>
      exists(
        sql`(select 1 from ${stepFrom} where ${step.documentId} = ${doc.id} and ${inArray(who, approvers)}${reach === 'packed' ? sql` offset 0` : sql``})`,
      ),
    ),
    teams.length ? and(inArray(doc.teamId, teams), ne(doc.status, 'draft')) : undefined,
  );

/** Documents `people` applied for or prepared (the personal expense centre). */
export const owned = (people: number[]) => or(inArray(doc.applicantId, people), inArray(doc.preparerId, people));

export function scopeWhere(s: ViewScope): SQL | undefined {
  switch (s.kind) {
    case 'personal':
      return s.reach !== 'sparse'
        ? or(owned(s.people), routeOrTeams(s.approvers, s.teams, s.reach))
        : idIn([...ownedIds(s.people), ...onRouteIds(s.approvers), ...teamIds(s.teams)]);
    case 'company':
      return inArray(doc.status, [...s.states]);
    case 'hcp':
      return and(
        ne(doc.status, 'draft'),
        or(
          exists(
            sql`(select 1 from ${line} join ${expenseItem} on ${expenseItem.id} = ${line.expenseItemId}
            where ${line.documentId} = ${doc.id} and ${expenseItem.involvesHcp})`,
          ),
          exists(sql`(select 1 from ${documentCustomer} where ${documentCustomer.documentId} = ${doc.id})`),
          exists(sql`(select 1 from ${lecturerAgreement} where ${lecturerAgreement.documentId} = ${doc.id})`),
        ),
      );
    case 'follow':
      return and(
        s.reach !== 'sparse' ? routeOrTeams(s.approvers, [], s.reach) : idIn(onRouteIds(s.approvers)),
        sql`not ${owned(s.people)}`,
      );
    case 'long_term':
      return and(
        eq(doc.docType, 'apply'),
        eq(doc.longTerm, true),
        eq(doc.status, 'approved'),
        s.people === 'all' ? undefined : owned(s.people),
      );
  }
}

/** Up to this many teams, `newestIds` reads each team's documents as a part of its own. */
const FEW_TEAMS = 16;

/** The scopes read as parts, each from its own index (`newestIds`). */
export type PartedScope = Extract<ViewScope, { kind: 'personal' | 'follow' }>;

/**
 * The ids of the first `n` documents of a personal or follow scope, newest first, that pass `filters` (on the
 * document's columns). Each part of the scope (owned; each person's steps as approver and as whoever acted; each
 * team) is read newest first from its own index, joined to its documents to filter, and cut at `n`: the first `n` of
 * the whole are among the first `n` of its parts, so a central reviewer's hundred thousand documents cost what an
 * employee's hundred do. A document met on several parts counts once.
 */
export async function newestIds(
  db: Db,
  companyId: number,
  s: PartedScope,
  filters: SQL | undefined,
  n: number,
): Promise<number[]> {
  const base = and(
    eq(doc.companyId, companyId),
    filters,
    s.kind === 'follow' ? sql`not ${owned(s.people)}` : undefined,
  );
  const newestFirst = sql`order by ${doc.createdAt} desc, ${doc.id} desc limit ${n}`;
  const picked = sql`${doc.id} as id, ${doc.createdAt} as created_at`;
  // A person's steps newest first (`approval_step_route_idx`, `approval_step_acted_route_idx`, read backward); a
  // document they are on twice (two rounds) comes once, its steps being next to each other in that order.
  const onRoute = (
    who: AnyColumn,
  ) => sql`(select x.id, x.created_at from unnest(${sql.param(s.approvers)}::int[]) as p(who)
    cross join lateral (select distinct on (${step.documentCreatedAt}, ${step.documentId}) ${picked}
      from ${stepFrom} join ${doc} on ${doc.id} = ${step.documentId}
      where ${who} = p.who and ${base}
      order by ${step.documentCreatedAt} desc, ${step.documentId} desc limit ${n}) as x)`;
  const parts = [onRoute(step.approverId), onRoute(step.actedBy)];
  if (s.kind === 'personal') {
    parts.push(sql`(select ${picked} from ${doc} where ${owned(s.people)} and ${base} ${newestFirst})`);
    // A few teams each read newest first from `document_team_idx`; many (a head of the company over hundreds) as
    // one part, which PostgreSQL reads walking the company's documents newest first.
    if (s.teams.length > FEW_TEAMS)
      parts.push(
        sql`(select ${picked} from ${doc} where ${inArray(doc.teamId, s.teams)} and ${doc.status} <> 'draft' and ${base} ${newestFirst})`,
      );
    else if (s.teams.length)
      parts.push(sql`(select x.id, x.created_at from unnest(${sql.param(s.teams)}::int[]) as t(id)
        cross join lateral (select ${picked} from ${doc}
          where ${doc.teamId} = t.id and ${doc.status} <> 'draft' and ${base} ${newestFirst}) as x)`);
  }
  const result = await db.execute(
    sql`select id from (${sql.join(parts, sql` union `)}) as parts order by created_at desc, id desc limit ${n}`,
  );
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/** A company's documents within any of the scopes. */
export function within(companyId: number, scopes: ViewScope[]): SQL | undefined {
  return and(eq(doc.companyId, companyId), or(...scopes.map(scopeWhere)));
}

/** Whether one document is within the scopes: the by-id twin of the lists. */
export async function isWithin(db: Db, companyId: number, scopes: ViewScope[], id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: doc.id })
    .from(doc)
    .where(and(eq(doc.id, id), within(companyId, scopes)));
  return !!row;
}

/**
 * How the approvers' steps and the teams' documents are best read: counted from the indexes in one statement, the
 * steps stopping at `PACKED_SCOPE`, the teams' documents (tested by a column in the walk, never hashed) at
 * `DENSE_SCOPE`.
 */
export async function reachOf(db: Db, approvers: number[], teams: number[]): Promise<Reach> {
  const steps = sql`(select count(*) from (select 1 from ${approvalStep} where ${inArray(approvalStep.approverId, approvers)} limit ${PACKED_SCOPE}) s)`;
  const ofTeams = teams.length
    ? sql`(select count(*) from (select 1 from ${doc} where ${inArray(doc.teamId, teams)} limit ${DENSE_SCOPE}) d)`
    : sql`0`;
  const [row] = await db
    .select({ steps: steps.mapWith(Number), teams: ofTeams.mapWith(Number) })
    .from(sql`(select 1) one`);
  const n = { steps: row?.steps ?? 0, teams: row?.teams ?? 0 };
  return n.steps >= PACKED_SCOPE ? 'packed' : n.steps + n.teams >= DENSE_SCOPE ? 'dense' : 'sparse';
}
