import type { DocState } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { authorityTeamIds } from '../../org/teams/team.service';
import { actingPeople, approversFor } from '../lifecycle/document.policy';
import { AT_FINANCE } from '../lifecycle/document.state';
import * as repo from './scope.repository';

/** The lists of the view centres. */
export const VIEW_LISTS = ['personal', 'all', 'compliance', 'audit', 'follow', 'long_term'] as const;
export type ViewList = (typeof VIEW_LISTS)[number];

const SUBMITTED: readonly DocState[] = ['confirming', 'approving', 'returned', ...AT_FINANCE, 'cancelled'];
/** The lists that may reach beyond the user's own documents ("follow" is within personal). */
const WIDER: readonly ViewList[] = ['all', 'compliance', 'audit', 'long_term'];
const companyWide = (user: SessionUser) => user.isAdmin || user.functions.has('documentViewCenterAll');

function reaches(user: SessionUser, list: ViewList): boolean {
  const has = (f: string) => user.isAdmin || user.functions.has(f);
  switch (list) {
    case 'all':
      return has('documentViewCenterAll');
    case 'compliance':
      return has('documentViewCompliance');
    case 'audit':
      return has('documentViewAudit');
    default:
      return true;
  }
}

/**
 * How a scope will be read: `list` through `scopeWhere` (its reach then counted); `one`, of one document (opening it
 * by id), where testing that document's own steps (packed) is always the cheap way; `parts` through `newestIds`,
 * which leaves the reach unread.
 */
export type ScopeRead = 'list' | 'one' | 'parts';

/** The scope of a list for this user; a list their functions do not reach is refused. */
export async function scopeOf(
  db: Db,
  user: SessionUser,
  list: ViewList,
  read: ScopeRead = 'list',
): Promise<repo.ViewScope> {
  if (!reaches(user, list)) throw refused('viewcentre.list_refused');
  const people = actingPeople(user);
  const approvers = approversFor(user);
  switch (list) {
    case 'personal': {
      // Team authority over named teams widens the personal list; the company-wide lists are the other ones.
      const { teams: named } = await authorityTeamIds(db, user);
      const reach = await reachFor(db, read, approvers, named);
      return { kind: 'personal', people, approvers, teams: named, reach };
    }
    case 'all':
      // Finance sees the company's documents once approved; an administrator every submitted one.
      return { kind: 'company', states: user.isAdmin ? SUBMITTED : AT_FINANCE };
    case 'compliance':
      return { kind: 'hcp' };
    case 'audit':
      return { kind: 'company', states: SUBMITTED };
    case 'follow':
      return { kind: 'follow', people, approvers, reach: await reachFor(db, read, approvers, []) };
    case 'long_term':
      return { kind: 'long_term', people: companyWide(user) ? 'all' : people };
  }
}

const reachFor = (db: Db, read: ScopeRead, approvers: number[], teams: number[]): Promise<repo.Reach> =>
  read === 'list' ? repo.reachOf(db, approvers, teams) : Promise.resolve('packed');

/** Every document a user may open: the union of the lists they reach. */
export async function readerScopes(db: Db, user: SessionUser, read: ScopeRead = 'list'): Promise<repo.ViewScope[]> {
  const lists = [
    'personal' as const,
    ...WIDER.filter((l) => reaches(user, l) && (l !== 'long_term' || companyWide(user))),
  ];
  const scopes = await Promise.all(lists.map((l) => scopeOf(db, user, l, read)));
  // The post centre lists the company's approved documents awaiting paper and its batches: its clerk opens them.
  if (user.functions.has('documentPostCenter')) scopes.push({ kind: 'company', states: AT_FINANCE });
  return scopes;
}

/**
 * Whether the user owns the document as their personal list counts it (applied for or prepared by them or by whom
 * they fill in for: `owned` in the scope's SQL, which every reader's scopes include), tested on its row.
 */
export function ownsDocument(user: SessionUser, d: { applicantId: number; preparerId: number }): boolean {
  const people = actingPeople(user);
  return people.includes(d.applicantId) || people.includes(d.preparerId);
}

/** Whether the user may open the document: it is on one of their lists. */
export async function isReadable(db: Db, user: SessionUser, id: number): Promise<boolean> {
  return repo.isWithin(db, user.companyId, await readerScopes(db, user, 'one'), id);
}
