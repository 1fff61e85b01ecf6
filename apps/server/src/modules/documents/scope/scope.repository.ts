import type { DocState } from '@ems/contracts';
import { and, eq, exists, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { expenseItem } from '../../masterdata/expense.table';
import { approvalStep } from '../../workflow/approval/approval.table';
import { document as doc, expenseLine as line } from '../document.table';

/**
 * Which documents a list covers (DESIGN §7), written once as SQL: the lists filter by it and opening one
 * document by id asks the same predicate, so nobody opens a record that no list of theirs shows.
 */
export type ViewScope =
  /** Mine (applied, prepared, or acted for), those I approve or approved, and my teams' through team authority. */
  | { kind: 'personal'; people: number[]; approvers: number[]; teams: number[] }
  /** The company's documents in the given states. */
  | { kind: 'company'; states: readonly DocState[] }
  /** Submitted documents with spend on healthcare professionals (compliance viewers). */
  | { kind: 'hcp' }
  /** Documents whose route I am on, not my own. */
  | { kind: 'follow'; people: number[]; approvers: number[] }
  /** Approved long-term applies: mine, or the company's. */
  | { kind: 'long_term'; people: number[] | 'all' };

// The personal and follow scopes are sets of ids, each part read through its own index (applicant, preparer,
// approver, who acted, team) and joined to the list as a semi-join. Written as one OR over the document's columns
// and an EXISTS on its steps, PostgreSQL walks the whole company's documents to find a manager's few hundred.
const scoped = alias(doc, 'scope_document');
const step = alias(approvalStep, 'scope_step');
const scopedFrom = sql`${doc} as ${sql.identifier('scope_document')}`;
const stepFrom = sql`${approvalStep} as ${sql.identifier('scope_step')}`;

/** Ids of submitted documents with a step of one of `people`, as approver or as whoever acted on it. */
const onRouteIds = (people: number[]) =>
  [step.approverId, step.actedBy].map(
    (who) => sql`select ${step.documentId} from ${stepFrom} join ${scopedFrom} on ${scoped.id} = ${step.documentId}
      where ${inArray(who, people)} and ${scoped.status} <> 'draft'`,
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

/** Documents `people` applied for or prepared (the personal expense centre). */
export const owned = (people: number[]) => or(inArray(doc.applicantId, people), inArray(doc.preparerId, people));

export function scopeWhere(s: ViewScope): SQL | undefined {
  switch (s.kind) {
    case 'personal':
      return idIn([...ownedIds(s.people), ...onRouteIds(s.approvers), ...teamIds(s.teams)]);
    case 'company':
      return inArray(doc.status, [...s.states]);
    case 'hcp':
      return and(
        ne(doc.status, 'draft'),
        exists(
          sql`(select 1 from ${line} join ${expenseItem} on ${expenseItem.id} = ${line.expenseItemId}
            where ${line.documentId} = ${doc.id} and ${expenseItem.involvesHcp})`,
        ),
      );
    case 'follow':
      return and(idIn(onRouteIds(s.approvers)), sql`not ${owned(s.people)}`);
    case 'long_term':
      return and(
        eq(doc.docType, 'apply'),
        eq(doc.longTerm, true),
        eq(doc.status, 'approved'),
        s.people === 'all' ? undefined : owned(s.people),
      );
  }
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
