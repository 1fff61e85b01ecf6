import type { DocState } from '@ems/contracts';
import type { Db } from '../../../core/db';
import type { LockedDocument } from './document.lock';

/** One change of state as the lifecycle makes it: one document (`transition`) or a batch moving together. */
export interface StateChange {
  /** The documents as locked before the change: their `status` is the state they leave. */
  docs: readonly LockedDocument[];
  to: DocState | 'deleted';
  /** Who made the change (null: a scheduled job) and in which request, for a follower's own audit rows. */
  actorId: number | null;
  requestId: string;
}

/**
 * A module that reacts to documents changing state (their fapiao, budgets, quotas, lecture-fee withholding, TMC
 * tickets, the report summaries), called by `transition` and `transitionMany` inside their transaction, after the document's lock and
 * checks: a follower that throws undoes the whole change. The lifecycle does not know its followers; the app's wiring
 * registers them (`modules/followers.ts`), in the order they run.
 */
export interface DocumentFollower<Before = undefined> {
  /** Names the follower in the wiring's order and in errors. */
  name: string;
  /**
   * `work`: right after the action's work, before the document row is written (a deleted document's lines are still
   * there to read). `write`: last, after the document, its history, notice and audit rows, for rows many documents
   * share, so that each stays locked from there to the commit only.
   */
  after: 'work' | 'write';
  /** Reads what it needs before the action's work may change the documents (their lines); handed to `follow`. */
  before?(tx: Db, docs: readonly LockedDocument[]): Promise<Before>;
  follow(tx: Db, change: StateChange, before: Before): Promise<void>;
}

let registered: readonly DocumentFollower<unknown>[] = [];

/**
 * Sets the lifecycle's followers, in the order they run: every `after: 'work'` follower before every `after: 'write'`
 * one, so the list reads as the transition calls it. Registering again replaces the list.
 */
export function registerFollowers(followers: readonly DocumentFollower<unknown>[]): void {
  const names = followers.map((f) => f.name);
  if (new Set(names).size !== names.length) throw new Error(`A document follower is registered twice: ${names}`);
  const firstWrite = followers.findIndex((f) => f.after === 'write');
  if (firstWrite >= 0 && followers.slice(firstWrite).some((f) => f.after === 'work'))
    throw new Error(`Document followers after the work must come before those after the write: ${names}`);
  registered = [...followers];
}

/**
 * The followers in their order. None registered is a wiring mistake (an entry point that neither builds the app nor
 * seeds), never "nothing follows": budgets, fapiao and summaries would silently drift from the documents.
 */
export function documentFollowers(): readonly DocumentFollower<unknown>[] {
  if (registered.length === 0)
    throw new Error('No document followers are registered: call registerDocumentFollowers() (modules/followers.ts)');
  return registered;
}

/** A change being followed: each follower, in order, with what it read before the work. */
export type Following = ReadonlyMap<DocumentFollower<unknown>, unknown>;

/** Runs each follower's `before` on the locked documents, before the action's work. */
export async function beginFollowing(tx: Db, docs: readonly LockedDocument[]): Promise<Following> {
  const following = new Map<DocumentFollower<unknown>, unknown>();
  for (const f of documentFollowers()) following.set(f, f.before ? await f.before(tx, docs) : undefined);
  return following;
}

/** Runs, in order, the followers of one stage of the change. */
export async function follow(tx: Db, following: Following, change: StateChange, after: 'work' | 'write') {
  for (const [f, before] of following) if (f.after === after) await f.follow(tx, change, before);
}
