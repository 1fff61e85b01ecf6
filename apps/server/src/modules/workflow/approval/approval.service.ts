import type { Culture, DocType, DocumentDetail } from '@ems/contracts';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import type { LineFacts } from '../../documents/document.service';
import { toDetail, visible } from '../../documents/document.service';
import { submitCheck } from '../../documents/lifecycle/document.checks';
import { approversFor, entitled, isOwner } from '../../documents/lifecycle/document.policy';
import { type LockedDocument, type Outcome, transition } from '../../documents/lifecycle/transition';
import { checkLimits } from '../../limits/limits.service';
import { requireExpenseUser } from '../../org/org.service';
import { route } from '../routing/route.service';
import * as repo from './approval.repository'; /** Snapshots the route as steps of a new round; the document goes into approval with the first step's notice. */

async function startApproval(tx: Db, d: LockedDocument, lines: readonly LineFacts[]): Promise<Outcome> {
  const steps = await route(tx, d, lines);
  const round = d.round + 1;
  const now = new Date();
  await repo.insertSteps(
    tx,
    steps.map((s, i) => ({
      documentId: d.id,
      documentCreatedAt: d.createdAt,
      round,
      seq: s.seq,
      stepKind: s.kind,
      approverId: s.approverId,
      status: i === 0 ? ('pending' as const) : ('waiting' as const),
      pendingSince: i === 0 ? now : null,
      reasonKey: s.reasonKey,
      nameZh: s.nameZh,
      nameEn: s.nameEn,
    })),
  );
  return {
    to: 'approving',
    set: { round, submittedAt: now },
    notify: { to: steps[0]!.approverId, template: 'workflow.mail.pending' },
  };
}

/**
 * After `from` was approved: later steps of the same person, straight after, are approved with it and recorded as
 * automatic; then the next step waits for its approver, or the document is approved when none is left.
 */
export async function advance(
  tx: Db,
  d: LockedDocument,
  steps: repo.StepRow[],
  from: repo.StepRow,
  v: { actorId: number; now: Date },
): Promise<Outcome> {
  let previous = from;
  let next = steps.find((s) => s.seq === previous.seq + 1);
  while (next && next.approverId === previous.approverId) {
    await repo.moveStep(tx, next.id, 'waiting', { status: 'auto_approved', actedAt: v.now, actedBy: v.actorId });
    previous = next;
    next = steps.find((s) => s.seq === previous.seq + 1);
  }
  if (next) {
    await repo.moveStep(tx, next.id, 'waiting', { status: 'pending', pendingSince: v.now });
    return { to: 'approving', notify: { to: next.approverId, template: 'workflow.mail.pending' } };
  }
  // The last approval holds the spend again against every budget and cap, as they stand now (DESIGN §11).
  await checkLimits(tx, d, 'approve', true);
  return {
    to: 'approved',
    set: { approvedAt: v.now },
    notify: { to: d.applicantId, template: 'workflow.mail.approved' },
  };
}

/**
 * The document as the caller may now see it, after a transition. `decided`: the caller decided one of its steps in
 * it (see `visible`).
 */
export async function detailOf(ctx: DbContext, user: SessionUser, id: number, culture: Culture, decided = false) {
  return toDetail(ctx.db, user, await visible(ctx.db, user, id, decided), culture);
}

/** Submit: the owner sends the document into approval; a fill-in proxy sends it to the applicant to confirm first. */
export async function submit(
  ctx: DbContext,
  user: SessionUser,
  docType: DocType,
  v: { id: number; version: number; confirmWarnings?: boolean; key?: string | undefined; requestId: string },
  culture: Culture,
): Promise<DocumentDetail> {
  const id = await transition(
    ctx,
    user,
    {
      id: v.id,
      docType,
      version: v.version,
      action: (d) => (d.applicantId !== user.userId ? 'submit_for_confirm' : 'submit'),
      call: 'submit',
      key: v.key,
      requestId: v.requestId,
      reach: async (_tx, d) => entitled(user, d, 'submit'),
    },
    async (tx, d, action) => {
      // The submitting user's own profile: a cost centre, and for a loan or reimbursement a bank account.
      await requireExpenseUser(tx, user.userId, d.docType);
      const checked = await submitCheck(tx, d);
      if (checked.problem) throw checked.problem;
      if (action !== 'submit')
        return { to: 'confirming', notify: { to: d.applicantId, template: 'workflow.mail.confirm' } };
      const started = await startApproval(tx, d, checked.lines);
      // After the route is resolved: the budgets' and caps' row locks wait through less of the transaction.
      await checkLimits(tx, d, 'submit', v.confirmWarnings === true);
      return started;
    },
  );
  return detailOf(ctx, user, id, culture);
}

/** Responsible confirm: the applicant accepts (or declines) what their fill-in proxy prepared. */
export async function confirm(
  ctx: DbContext,
  user: SessionUser,
  v: {
    id: number;
    version: number;
    accept: boolean;
    comment?: string | null | undefined;
    confirmWarnings?: boolean;
    key?: string | undefined;
    requestId: string;
  },
  culture: Culture,
) {
  const id = await transition(
    ctx,
    user,
    {
      id: v.id,
      version: v.version,
      action: v.accept ? 'confirm' : 'decline',
      call: 'confirm',
      key: v.key,
      requestId: v.requestId,
    },
    async (tx, d) => {
      if (!entitled(user, d, v.accept ? 'confirm' : 'decline')) throw refused('workflow.not_applicant');
      if (v.accept) {
        await requireExpenseUser(tx, user.userId, d.docType);
        const checked = await submitCheck(tx, d);
        if (checked.problem) throw checked.problem;
        // The applicant accepting what their proxy prepared is their own submit, warnings included.
        const started = await startApproval(tx, d, checked.lines);
        await checkLimits(tx, d, 'submit', v.confirmWarnings === true);
        return { ...started, principalId: user.userId };
      }
      return {
        to: 'returned',
        principalId: user.userId,
        comment: v.comment ?? null,
        notify: { to: d.preparerId, template: 'workflow.mail.declined' },
      };
    },
  );
  return detailOf(ctx, user, id, culture);
}

/** Approve or reject the current step. Two people deciding the same step at once: one wins, the other gets 409. */
export async function decide(
  ctx: DbContext,
  user: SessionUser,
  docType: DocType,
  v: {
    id: number;
    pass: boolean;
    comment?: string | null | undefined;
    version: number;
    key?: string | undefined;
    requestId: string;
  },
  culture: Culture,
) {
  if (!v.pass && !v.comment?.trim()) throw fieldError('Comment', 'workflow.comment_required');
  const id = await transition(
    ctx,
    user,
    {
      id: v.id,
      docType,
      version: v.version,
      action: v.pass ? 'approve' : 'reject',
      call: 'decide',
      key: v.key,
      requestId: v.requestId,
      lostRaceIsConflict: true,
    },
    async (tx, d) => {
      const steps = await repo.stepsOf(tx, d.id, d.round);
      const current = steps.find((s) => s.status === 'pending');
      if (
        !current ||
        !entitled(user, d, v.pass ? 'approve' : 'reject', approversFor(user).includes(current.approverId))
      )
        throw conflict('workflow.not_current_approver');
      const now = new Date();
      const decided = await repo.moveStep(tx, current.id, 'pending', {
        status: v.pass ? 'approved' : 'rejected',
        actedBy: user.userId,
        actedAt: now,
        comment: v.comment ?? null,
      });
      if (!decided) throw conflict('workflow.not_current_approver');
      const common = {
        principalId: current.approverId,
        comment: v.comment ?? null,
        detail: { step: current.seq, round: d.round },
      };
      if (v.pass) return { ...(await advance(tx, d, steps, current, { actorId: user.userId, now })), ...common };
      await repo.skipRest(tx, d.id, d.round);
      return { to: 'returned', notify: { to: d.applicantId, template: 'workflow.mail.returned' }, ...common };
    },
  );
  // The caller decided the pending step (`actedBy`) in the transaction that committed, or, for a repeated
  // Idempotency-Key (the caller's own, bound to this call and document), in the one that stored it.
  return detailOf(ctx, user, id, culture, true);
}

/** The route of a document, every round, as the approve-history panel shows it. */
export async function approveUiList(db: Db, user: SessionUser, id: number, culture: Culture) {
  await visible(db, user, id);
  const rows = await repo.routeOf(db, id);
  return {
    Rows: rows.map(({ s, approverZh, approverEn, actorZh, actorEn }) => ({
      ID: s.id,
      Round: s.round,
      Seq: s.seq,
      StepKind: s.stepKind,
      StepName: localName(culture, s.nameZh, s.nameEn),
      ApproverID: s.approverId,
      ApproverName: localName(culture, approverZh, approverEn),
      Status: s.status,
      ActedByID: s.actedBy,
      ActedByName: actorZh === null ? null : localName(culture, actorZh, actorEn),
      ActedAt: s.actedAt?.toISOString() ?? null,
      PendingSince: s.pendingSince?.toISOString() ?? null,
      Comment: s.comment,
      ReasonKey: s.reasonKey,
    })),
  };
}

/** Who would approve if the document were submitted now, and why. */
export async function previewRoute(db: Db, user: SessionUser, id: number, culture: Culture) {
  const seen = await visible(db, user, id);
  if (!isOwner(user, seen.d)) throw notFound();
  const steps = await route(db, seen.d);
  const names = new Map(
    (
      await repo.namesOf(
        db,
        steps.map((s) => s.approverId),
      )
    ).map((p) => [p.id, localName(culture, p.nameZh, p.nameEn)]),
  );
  return {
    Rows: steps.map((s) => ({
      Seq: s.seq,
      StepKind: s.kind,
      StepName: localName(culture, s.nameZh, s.nameEn),
      ApproverID: s.approverId,
      ApproverName: names.get(s.approverId) ?? '',
      Auto: s.auto,
      ReasonKey: s.reasonKey,
    })),
  };
}

/** An administrator's state update: cancels a document at any open state, with a reason, audited. */
export async function adminCancel(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; version: number; reason: string; requestId: string },
  culture: Culture,
) {
  const id = await transition(
    ctx,
    user,
    { id: v.id, version: v.version, action: 'admin_cancel', requestId: v.requestId },
    async (tx, d) => {
      if (!entitled(user, d, 'admin_cancel')) throw notFound();
      await repo.skipRest(tx, d.id, d.round);
      return {
        to: 'cancelled',
        comment: v.reason,
        notify: { to: d.applicantId, template: 'workflow.mail.cancelled' },
        detail: { from: d.status, reason: v.reason },
      };
    },
  );
  return detailOf(ctx, user, id, culture);
}

/** Whether anyone reports to the user (managers see their team's documents and approve). */
export function isManager(db: Db, user: SessionUser): Promise<boolean> {
  return repo.hasReports(db, user.userId);
}
