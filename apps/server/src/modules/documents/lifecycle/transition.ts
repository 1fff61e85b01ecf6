import type { DocAction, DocState, DocType } from '@ems/contracts';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { audit, auditMany } from '../../audit/audit.service';
import { type NoticeInput, type NoticeLine, queueNotice, queueNotices } from '../../notify/notify.service';
import { isReadable } from '../scope/scope.service';
import type { LockedDocument } from './document.lock';
import { check } from './document.state';
import { beginFollowing, follow, type StateChange } from './followers';
import * as repo from './lifecycle.repository';

export type { LockedDocument };

/** A document's changes of state, oldest first, with the actors' names, for the finance screens that show them. */
export const documentHistory = repo.historyOf;

/** The lifecycle's actions and those that change a document without a rule of their own in the table. */
export type TransitionAction =
  | DocAction
  | 'auto_approve'
  | 'unlock'
  | 'block'
  | 'request_unlock'
  | 'start_apply'
  | 'stop_apply';
/** The table row an action is checked against; null: the action's work checks what it needs. */
const RULE: Partial<Record<TransitionAction, DocAction | null>> = {
  auto_approve: 'approve',
  unlock: null,
  block: null,
  request_unlock: null,
  start_apply: null,
  stop_apply: null,
};

/**
 * The scheduled jobs act as nobody: their history and audit rows name no actor, and their `reach` says which
 * documents they may change.
 */
export function systemUser(companyId: number): SessionUser {
  return { userId: 0, accountId: 0, companyId, teamId: null, isAdmin: false, functions: new Set(), actingFor: null };
}
const actorIdOf = (user: SessionUser) => (user.userId > 0 ? user.userId : null);

export interface TransitionRequest {
  id: number;
  /** The type the call is for; a document of another type is "not found". */
  docType?: DocType | undefined;
  /**
   * The version the caller saw; anything else is stale. Null only for a change a person makes to many documents
   * unseen (an approver replaced wherever they hold a step): the row is still locked and every write guarded.
   */
  version: number | null;
  /** Checked against the LOCKED state; a function when the action depends on the document (submit by a proxy). */
  action: TransitionAction | ((d: LockedDocument) => TransitionAction);
  /** The call an Idempotency-Key is bound to, with the document id; the action when not given. */
  call?: string;
  key?: string | undefined;
  requestId: string;
  /** Who may reach the document for this action when not its readers (a manager changing an approver). */
  reach?: (tx: Db, d: LockedDocument) => Promise<boolean>;
  /**
   * A state that no longer allows the action answers 409 (someone else acted first) instead of 422; with a code,
   * that code rather than the lifecycle's.
   */
  lostRaceIsConflict?: boolean | string;
}

export interface Outcome {
  to: DocState | 'deleted';
  set?: Partial<Omit<LockedDocument, 'id' | 'status' | 'version'>>;
  comment?: string | null | undefined;
  /** On whose behalf: the applicant unless the action says otherwise (the approver a proxy acts for). */
  principalId?: number;
  notify?: { to: number; template: string };
  detail?: Record<string, unknown>;
  /** The audit row's action when it differs from the lifecycle's (a saved draft is an "update"). */
  auditAction?: string;
}

/**
 * The one way a document changes state (DESIGN §9). In one transaction: honours an Idempotency-Key (a repeat
 * answers the first document; the key reused for another call or document is refused), locks the row, checks
 * the caller may reach it, the version they saw and the lifecycle table against the locked state, runs the
 * action's work and the followers registered to run after it (`followers.ts`), then writes the document (guarded by
 * the expected state and version), its history, the notice and the audit row, and runs the followers registered to
 * run after the write. Answers the document's id.
 */
export async function transition(
  ctx: DbContext,
  user: SessionUser,
  req: TransitionRequest,
  work: (tx: Db, d: LockedDocument, action: TransitionAction) => Promise<Outcome>,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const route = `${req.call ?? (typeof req.action === 'string' ? req.action : 'transition')}:${req.id}`;
    if (req.key) {
      const earlier = await repo.claimKey(tx, user.userId, req.key, route);
      if (earlier) {
        if (earlier.route !== route || earlier.statusCode !== 200) throw refused('common.idempotency_key_reused');
        return Number(earlier.response);
      }
    }
    const d = await repo.lockDocument(tx, req.id);
    if (!d || d.companyId !== user.companyId || (req.docType && d.docType !== req.docType)) throw notFound();
    if (!(await (req.reach ? req.reach(tx, d) : isReadable(tx, user, d.id)))) throw notFound();
    if (req.version !== null && d.version !== req.version) throw conflict('common.stale_version');
    const action = typeof req.action === 'function' ? req.action(d) : req.action;
    const rule = action in RULE ? RULE[action] : (action as DocAction);
    if (rule) {
      const ok = check(d.docType, d.status, rule);
      if (!ok.ok) {
        if (typeof req.lostRaceIsConflict === 'string') throw conflict(req.lostRaceIsConflict);
        throw req.lostRaceIsConflict ? conflict(ok.code, ok.params) : refused(ok.code, ok.params);
      }
    }

    // What the followers read before the work may change the document (its lines).
    const following = await beginFollowing(tx, [d]);
    const out = await work(tx, d, action);
    // The modules that follow a document's state, in their registered order (followers.ts).
    const change: StateChange = { docs: [d], to: out.to, actorId: actorIdOf(user), requestId: req.requestId };
    await follow(tx, following, change, 'work');
    const expected = { status: d.status, version: d.version };
    const principalId = out.principalId ?? d.applicantId;
    if (out.to === 'deleted') {
      if (!(await repo.removeExpected(tx, d.id, expected))) throw conflict('common.stale_version');
    } else {
      const row = await repo.updateExpected(tx, d.id, expected, { ...out.set, status: out.to });
      if (!row) throw conflict('common.stale_version');
      // Saving a draft changes its content, not its state.
      if (action !== 'edit')
        await repo.history(tx, {
          documentId: d.id,
          fromStatus: d.status,
          toStatus: out.to,
          action,
          actorId: actorIdOf(user),
          principalId,
          comment: out.comment ?? null,
        });
      if (out.notify)
        await queueNotice(tx, {
          companyId: d.companyId,
          toEmployeeId: out.notify.to,
          template: out.notify.template,
          params: { docNo: d.docNo },
          documentId: d.id,
          amount: { value: row.totalAmount, currency: row.currency },
        });
    }
    await audit(tx, {
      companyId: d.companyId,
      actorId: actorIdOf(user),
      principalId,
      action: out.auditAction ?? action,
      entity: 'document',
      entityId: d.id,
      ...(out.detail ? { detail: out.detail } : {}),
      requestId: req.requestId,
    });
    if (req.key) await repo.storeKey(tx, user.userId, req.key, String(d.id));
    // Those that follow the written document, last: the rows they share are locked from here to the commit only.
    await follow(tx, following, change, 'write');
    return d.id;
  });
}

/** What one action does to each document of a batch: the same target state, a notice and audit detail per document. */
export interface BatchOutcome {
  to: DocState;
  /**
   * The notice per document; its params add to the document's number, its lines follow the subject, its amount (a
   * payment's) replaces the document's total.
   */
  notify?: (d: LockedDocument) => {
    to: number;
    template: string;
    params?: NoticeInput['params'];
    lines?: NoticeLine[];
    amount?: NoticeInput['amount'];
  };
  detail?: (d: LockedDocument) => Record<string, unknown>;
}

/**
 * `transition` for one action over many documents the caller already holds (a remittance run pays every document
 * in it), inside the caller's transaction and set-based: locks the rows in id order, checks each against the
 * caller's company, `reach` and the lifecycle table under the lock, then writes them all guarded by the state and
 * version read, with their history, notices and audit rows, a thousand per statement, the followers running on the
 * whole batch as on one document. One document that cannot take the action refuses the whole batch, as
 * `transition` would refuse it alone.
 */
export async function transitionMany(
  tx: Db,
  user: SessionUser,
  req: {
    ids: readonly number[];
    action: DocAction;
    requestId: string;
    reach: (tx: Db, d: LockedDocument) => Promise<boolean>;
  },
  out: BatchOutcome,
): Promise<void> {
  const docs = await repo.lockDocuments(tx, req.ids);
  if (docs.length !== new Set(req.ids).size) throw notFound();
  for (const d of docs) {
    if (d.companyId !== user.companyId || !(await req.reach(tx, d))) throw notFound();
    const ok = check(d.docType, d.status, req.action);
    if (!ok.ok) throw conflict(ok.code, ok.params);
  }
  if (docs.length === 0) return;
  const following = await beginFollowing(tx, docs);
  const actorId = actorIdOf(user);
  const change: StateChange = { docs, to: out.to, actorId, requestId: req.requestId };
  await follow(tx, following, change, 'work');
  const moved = await repo.updateManyExpected(tx, docs, out.to);
  if (moved !== docs.length) throw conflict('common.stale_version');
  await repo.histories(
    tx,
    docs.map((d) => ({
      documentId: d.id,
      fromStatus: d.status,
      toStatus: out.to,
      action: req.action,
      actorId,
      principalId: d.applicantId,
      comment: null,
    })),
  );
  const { notify } = out;
  if (notify)
    await queueNotices(
      tx,
      docs.map((d) => {
        const n = notify(d);
        return {
          companyId: d.companyId,
          toEmployeeId: n.to,
          template: n.template,
          params: { ...n.params, docNo: d.docNo },
          ...(n.lines ? { lines: n.lines } : {}),
          documentId: d.id,
          amount: n.amount ?? { value: d.totalAmount, currency: d.currency },
        };
      }),
    );
  await auditMany(
    tx,
    docs.map((d) => ({
      companyId: d.companyId,
      actorId,
      principalId: d.applicantId,
      action: req.action,
      entity: 'document',
      entityId: d.id,
      ...(out.detail ? { detail: out.detail(d) } : {}),
      requestId: req.requestId,
    })),
  );
  await follow(tx, following, change, 'write');
}
