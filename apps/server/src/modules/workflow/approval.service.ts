import type {
  BatchApproveBody,
  BatchApproveItemResult,
  Culture,
  DocState,
  DocType,
  DocumentDetail,
} from '@ems/contracts';
import type { AppContext, DbContext } from '../../core/context';
import type { Db } from '../../core/db';
import { AppError, conflict, fieldError, notFound, refused } from '../../core/errors';
import type { SessionUser } from '../../core/http';
import { localName } from '../../core/i18n';
import { shanghaiToday } from '../../core/time';
import { audit } from '../audit/audit.service';
import { submitProblems } from '../documents/document.checks';
import { approversFor, entitled, isOwner } from '../documents/document.policy';
import { toDetail, visible } from '../documents/document.service';
import { check } from '../documents/document.state';
import * as org from '../org/org.repository';
import { parameters } from '../system/system.repository';
import * as repo from './approval.repository';
import { principalsOf } from './proxy.repository';
import { batchApprovable, route } from './route.service';

type Doc = NonNullable<Awaited<ReturnType<typeof repo.lockDocument>>>;

/** One transition: the document's new state, its history row and the notice it sends, in the caller's transaction. */
export async function move(
  tx: Db,
  d: Doc,
  v: {
    to: DocState;
    action: string;
    actorId: number;
    principalId: number;
    comment?: string | null | undefined;
    set?: Partial<Omit<Doc, 'id' | 'status'>>;
    notify: { to: number; template: string };
  },
) {
  await repo.setDocument(tx, d.id, { status: v.to, ...v.set });
  await repo.history(tx, {
    documentId: d.id,
    fromStatus: d.status,
    toStatus: v.to,
    action: v.action,
    actorId: v.actorId,
    principalId: v.principalId,
    comment: v.comment ?? null,
  });
  await repo.mail(tx, {
    companyId: d.companyId,
    toEmployeeId: v.notify.to,
    template: v.notify.template,
    params: { docNo: d.docNo },
    documentId: d.id,
  });
}

/** Snapshots the route as steps of a new round and puts the document in approval. */
async function startApproval(tx: Db, d: Doc, actorId: number, principalId: number, action: string) {
  const steps = await route(tx, d);
  const round = d.round + 1;
  const now = new Date();
  await repo.insertSteps(
    tx,
    steps.map((s, i) => ({
      documentId: d.id,
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
  await move(tx, d, {
    to: 'approving',
    action,
    actorId,
    principalId,
    set: { round, submittedAt: now },
    notify: { to: steps[0]!.approverId, template: 'workflow.mail.pending' },
  });
}

/**
 * After `from` was approved: later steps of the same person, straight after, are approved with it and recorded as
 * automatic; then the next step waits for its approver, or the document is approved when none is left.
 */
async function advance(
  tx: Db,
  d: Doc,
  steps: repo.StepRow[],
  from: repo.StepRow,
  v: { action: string; actorId: number; principalId: number; comment: string | null; now: Date },
) {
  let previous = from;
  let next = steps.find((s) => s.seq === previous.seq + 1);
  while (next && next.approverId === previous.approverId) {
    await repo.moveStep(tx, next.id, 'waiting', { status: 'auto_approved', actedAt: v.now, actedBy: v.actorId });
    previous = next;
    next = steps.find((s) => s.seq === previous.seq + 1);
  }
  const transition = { action: v.action, actorId: v.actorId, principalId: v.principalId, comment: v.comment };
  if (next) {
    await repo.moveStep(tx, next.id, 'waiting', { status: 'pending', pendingSince: v.now });
    await move(tx, d, {
      ...transition,
      to: 'approving',
      notify: { to: next.approverId, template: 'workflow.mail.pending' },
    });
  } else {
    await move(tx, d, {
      ...transition,
      to: 'approved',
      set: { approvedAt: v.now },
      notify: { to: d.applicantId, template: 'workflow.mail.approved' },
    });
  }
}

/**
 * Runs a state change once per Idempotency-Key: a repeat (double click, retry) gets the first answer and
 * changes nothing. Without a key, the version and the state still stop a second change.
 */
async function once(
  ctx: DbContext,
  user: SessionUser,
  key: string | undefined,
  route: string,
  work: (tx: Db) => Promise<number>,
  culture: Culture,
) {
  const id = await ctx.db.transaction(async (tx) => {
    if (key) {
      const earlier = await repo.claimKey(tx, user.userId, key, route);
      if (earlier) return Number(earlier.response);
    }
    const docId = await work(tx);
    if (key) await repo.storeKey(tx, user.userId, key, String(docId));
    return docId;
  });
  return toDetail(ctx.db, user, await visible(ctx.db, user, id), culture);
}

async function lockedVisible(tx: Db, user: SessionUser, id: number, docType?: DocType) {
  const seen = await visible(tx, user, id);
  if (docType && seen.d.docType !== docType) throw notFound();
  const d = await repo.lockDocument(tx, id);
  if (!d) throw notFound();
  return d;
}

/** Submit: the owner sends the document into approval; a fill-in proxy sends it to the applicant to confirm first. */
export async function submit(
  ctx: DbContext,
  user: SessionUser,
  docType: DocType,
  v: { id: number; version?: number | undefined; key?: string | undefined; requestId: string },
  culture: Culture,
): Promise<DocumentDetail> {
  return once(
    ctx,
    user,
    v.key,
    `submit:${v.id}`,
    async (tx) => {
      const d = await lockedVisible(tx, user, v.id, docType);
      if (!entitled(user, d, 'submit')) throw notFound();
      if (v.version !== undefined && v.version !== d.version) throw conflict('common.stale_version');
      const byProxy = d.applicantId !== user.userId;
      const action = byProxy ? 'submit_for_confirm' : 'submit';
      const ok = check(d.docType, d.status, action);
      if (!ok.ok) throw refused(ok.code, ok.params);
      const problem = await submitProblems(tx, d);
      if (problem) throw problem;
      if (byProxy) {
        await move(tx, d, {
          to: 'confirming',
          action,
          actorId: user.userId,
          principalId: d.applicantId,
          notify: { to: d.applicantId, template: 'workflow.mail.confirm' },
        });
      } else {
        await startApproval(tx, d, user.userId, d.applicantId, action);
      }
      await audit(tx, {
        companyId: d.companyId,
        actorId: user.userId,
        principalId: d.applicantId,
        action,
        entity: 'document',
        entityId: d.id,
        requestId: v.requestId,
      });
      return d.id;
    },
    culture,
  );
}

/** Responsible confirm: the applicant accepts (or declines) what their fill-in proxy prepared. */
export async function confirm(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; accept: boolean; comment?: string | null | undefined; key?: string | undefined; requestId: string },
  culture: Culture,
) {
  return once(
    ctx,
    user,
    v.key,
    `confirm:${v.id}`,
    async (tx) => {
      const d = await lockedVisible(tx, user, v.id);
      const action = v.accept ? 'confirm' : 'decline';
      if (!entitled(user, d, action)) throw refused('workflow.not_applicant');
      const ok = check(d.docType, d.status, action);
      if (!ok.ok) throw refused(ok.code, ok.params);
      if (v.accept) {
        const problem = await submitProblems(tx, d);
        if (problem) throw problem;
        await startApproval(tx, d, user.userId, user.userId, action);
      } else {
        await move(tx, d, {
          to: 'returned',
          action,
          actorId: user.userId,
          principalId: user.userId,
          comment: v.comment ?? null,
          notify: { to: d.preparerId, template: 'workflow.mail.declined' },
        });
      }
      await audit(tx, {
        companyId: d.companyId,
        actorId: user.userId,
        action,
        entity: 'document',
        entityId: d.id,
        requestId: v.requestId,
      });
      return d.id;
    },
    culture,
  );
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
    version?: number | undefined;
    key?: string | undefined;
    requestId: string;
  },
  culture: Culture,
) {
  if (!v.pass && !v.comment?.trim()) throw fieldError('Comment', 'workflow.comment_required');
  return once(
    ctx,
    user,
    v.key,
    `decide:${v.id}`,
    async (tx) => {
      const d = await lockedVisible(tx, user, v.id, docType);
      if (v.version !== undefined && v.version !== d.version) throw conflict('common.stale_version');
      const action = v.pass ? 'approve' : 'reject';
      const ok = check(d.docType, d.status, action);
      if (!ok.ok) throw conflict(ok.code, ok.params);
      const steps = await repo.stepsOf(tx, d.id, d.round);
      const current = steps.find((s) => s.status === 'pending');
      if (!current || !entitled(user, d, action, approversFor(user).includes(current.approverId)))
        throw conflict('workflow.not_current_approver');
      const now = new Date();
      const decided = await repo.moveStep(tx, current.id, 'pending', {
        status: v.pass ? 'approved' : 'rejected',
        actedBy: user.userId,
        actedAt: now,
        comment: v.comment ?? null,
      });
      if (!decided) throw conflict('workflow.not_current_approver');
      const principalId = current.approverId;
      if (!v.pass) {
        await repo.skipRest(tx, d.id, d.round);
        await move(tx, d, {
          to: 'returned',
          action,
          actorId: user.userId,
          principalId,
          comment: v.comment ?? null,
          notify: { to: d.applicantId, template: 'workflow.mail.returned' },
        });
      } else {
        await advance(tx, d, steps, current, {
          action,
          actorId: user.userId,
          principalId,
          comment: v.comment ?? null,
          now,
        });
      }
      await audit(tx, {
        companyId: d.companyId,
        actorId: user.userId,
        principalId,
        action,
        entity: 'document',
        entityId: d.id,
        detail: { step: current.seq, round: d.round },
        requestId: v.requestId,
      });
      return d.id;
    },
    culture,
  );
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

const DAY_MS = 86_400_000;

/** Days after which a pending step is overdue: the technical parameter ApprovalOverdueDays, 3 when unset. */
export async function overdueLimit(db: Db, companyId: number): Promise<number> {
  const [p] = await parameters(db, companyId, false, 'ApprovalOverdueDays');
  const n = Number(p?.value);
  return Number.isInteger(n) && n >= 0 ? n : 3;
}

/** How long a step has waited, and whether that is past the overdue limit. */
export function ageOf(pendingSince: Date | null, limitDays: number, now: Date = new Date()) {
  if (!pendingSince) return { PendingDays: null, Overdue: false, OverdueDays: 0 };
  const waited = Math.max(0, now.getTime() - pendingSince.getTime());
  const days = Math.floor(waited / DAY_MS);
  const overdue = waited > limitDays * DAY_MS;
  return { PendingDays: days, Overdue: overdue, OverdueDays: overdue ? Math.max(1, days - limitDays) : 0 };
}

/** Whom the user approves for: themself and the principals of the approval proxies in force today. */
export async function approvalPrincipals(db: Db, user: SessionUser): Promise<number[]> {
  const principals = await principalsOf(db, user.companyId, user.userId, shanghaiToday());
  return [...new Set([user.userId, ...principals.filter((p) => p.kind === 'approve').map((p) => p.principal.id)])];
}

export async function pending(
  db: Db,
  user: SessionUser,
  q: {
    DocType?: DocType | undefined;
    Keyword?: string | undefined;
    PageIndex: number;
    PageSize: number;
    SortField?: string | undefined;
    SortOrder?: 'ascend' | 'descend' | undefined;
  },
  culture: Culture,
) {
  const approverIds = await approvalPrincipals(db, user);
  const { total, rows } = await repo.pendingFor(db, user.companyId, approverIds, q);
  const limit = rows.length ? await overdueLimit(db, user.companyId) : 3;
  const batchable = await batchApprovable(
    db,
    user.companyId,
    rows.map(({ d }) => d),
  );
  const now = new Date();
  return {
    Total: total,
    Rows: rows.map(({ d, s, applicantZh, applicantEn, typeZh, typeEn, teamZh, teamEn, approverZh, approverEn }, i) => ({
      ID: d.id,
      DocNo: d.docNo,
      DocType: d.docType,
      ApplicantName: localName(culture, applicantZh, applicantEn),
      ExpenseTypeName: typeZh === null ? null : localName(culture, typeZh, typeEn),
      Currency: d.currency,
      TotalAmount: d.totalAmount,
      TotalAmountCNY: d.totalAmountCny,
      Reason: d.reason,
      StepName: localName(culture, s.nameZh, s.nameEn),
      /** Set when the step belongs to someone the user approves for as proxy. */
      ForApproverID: s.approverId === user.userId ? null : s.approverId,
      ForApproverName: s.approverId === user.userId ? null : localName(culture, approverZh, approverEn),
      PendingSince: s.pendingSince?.toISOString() ?? null,
      Version: d.version,
      BatchApprovable: batchable[i] ?? false,
      TeamName: teamZh === null ? null : localName(culture, teamZh, teamEn),
      ...ageOf(s.pendingSince, limit, now),
    })),
  };
}

/**
 * Approve-all: approves the current step of each document as the caller (or as proxy for its approver), each in
 * its own transaction, so one refusal leaves the others decided. Answers per document, refusals translated.
 */
export async function batchApprove(
  ctx: AppContext,
  user: SessionUser,
  body: BatchApproveBody,
  v: { key?: string | undefined; requestId: string },
  culture: Culture,
): Promise<BatchApproveItemResult[]> {
  const principals = new Set(await approvalPrincipals(ctx.db, user));
  const seen = new Set<number>();
  const results: BatchApproveItemResult[] = [];
  for (const item of body.Items) {
    if (seen.has(item.ID)) continue;
    seen.add(item.ID);
    let docNo: string | null = null;
    try {
      const found = await visibleToApprover(ctx.db, user, item.ID, principals);
      docNo = found.docNo;
      const [allowed] = await batchApprovable(ctx.db, user.companyId, [found]);
      if (!allowed) throw refused('workflow.batch_not_allowed', { docNo: found.docNo });
      const detail = await decide(
        ctx,
        found.as,
        found.docType,
        {
          id: item.ID,
          pass: true,
          comment: body.Comment ?? null,
          version: item.Version,
          key: v.key ? `${v.key}:${item.ID}`.slice(0, 100) : undefined,
          requestId: v.requestId,
        },
        culture,
      );
      results.push({ ID: item.ID, DocNo: detail.DocNo, Ok: true, ErrorCode: null, Message: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({
        ID: item.ID,
        DocNo: docNo,
        Ok: false,
        ErrorCode: err.code,
        Message: ctx.messages.t(`error.${err.code}`, culture, err.params),
      });
    }
  }
  return results;
}

/** The document as the batch sees it, and the user to decide as: acting for the step's approver when a proxy. */
async function visibleToApprover(db: Db, user: SessionUser, id: number, principals: Set<number>) {
  const approverId = await repo.pendingApprover(db, id);
  const as: SessionUser =
    approverId !== undefined && approverId !== user.userId && principals.has(approverId)
      ? { ...user, actingFor: { principalId: approverId, kinds: ['approve'] } }
      : user;
  const seen = await visible(db, as, id);
  return { as, docNo: seen.d.docNo, docType: seen.d.docType, expenseTypeId: seen.d.expenseTypeId };
}

export async function isCurrentApprover(db: Db, user: SessionUser, id: number) {
  const seen = await visible(db, user, id);
  if (seen.d.status !== 'approving') return false;
  const steps = await repo.stepsOf(db, id, seen.d.round);
  const current = steps.find((s) => s.status === 'pending');
  return !!current && approversFor(user).includes(current.approverId);
}

/** An administrator's state update: cancels a document at any open state, with a reason, audited. */
export async function adminCancel(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; reason: string; requestId: string },
  culture: Culture,
) {
  return once(
    ctx,
    user,
    undefined,
    `admin_cancel:${v.id}`,
    async (tx) => {
      const d = await lockedVisible(tx, user, v.id);
      if (!entitled(user, d, 'admin_cancel')) throw notFound();
      const ok = check(d.docType, d.status, 'admin_cancel');
      if (!ok.ok) throw refused(ok.code, ok.params);
      await repo.skipRest(tx, d.id, d.round);
      await move(tx, d, {
        to: 'cancelled',
        action: 'admin_cancel',
        actorId: user.userId,
        principalId: d.applicantId,
        comment: v.reason,
        notify: { to: d.applicantId, template: 'workflow.mail.cancelled' },
      });
      await audit(tx, {
        companyId: d.companyId,
        actorId: user.userId,
        principalId: d.applicantId,
        action: 'admin_cancel',
        entity: 'document',
        entityId: d.id,
        detail: { from: d.status, reason: v.reason },
        requestId: v.requestId,
      });
      return d.id;
    },
    culture,
  );
}

/** Whether anyone reports to the user (managers see their team's documents and approve). */
export function isManager(db: Db, user: SessionUser): Promise<boolean> {
  return repo.hasReports(db, user.userId);
}

/**
 * Hands the pending step of a document to another active employee (an administrator, or the line manager of the
 * current approver). The step remembers its first approver; the new one gets a notice.
 */
export async function changeApprove(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; newApproverId: number; comment?: string | null | undefined; requestId: string },
) {
  return ctx.db.transaction(async (tx) => {
    const d = await repo.lockDocument(tx, v.id);
    if (!d || d.companyId !== user.companyId) throw notFound();
    const steps = await repo.stepsOf(tx, d.id, d.round);
    const current = steps.find((s) => s.status === 'pending');
    if (!entitled(user, d, 'change_approver')) {
      // Only the manager of whoever holds the step (now, or last in this round) may see the document here.
      const holders = current ? [current.approverId] : steps.map((s) => s.approverId);
      const managers = await Promise.all(holders.map((id) => repo.managerOf(tx, id)));
      if (!managers.includes(user.userId)) throw notFound();
    }
    const ok = check(d.docType, d.status, 'change_approver');
    if (!ok.ok || !current) throw conflict('workflow.not_pending');
    if (!(await org.activeInCompany(tx, v.newApproverId, user.companyId))) {
      throw fieldError('NewApproverID', 'workflow.person_unknown');
    }
    if (v.newApproverId === d.applicantId) throw refused('workflow.self_approval');
    if (v.newApproverId === current.approverId) throw refused('workflow.same_approver');
    const now = new Date();
    if (!(await repo.reassignStep(tx, current.id, 'pending', v.newApproverId, now))) {
      throw conflict('workflow.not_pending');
    }
    await move(tx, d, {
      to: d.status,
      action: 'change_approver',
      actorId: user.userId,
      principalId: current.approverId,
      comment: v.comment ?? null,
      notify: { to: v.newApproverId, template: 'workflow.mail.reassigned' },
    });
    await audit(tx, {
      companyId: d.companyId,
      actorId: user.userId,
      principalId: current.approverId,
      action: 'change_approver',
      entity: 'document',
      entityId: d.id,
      detail: { step: current.seq, round: d.round, from: current.approverId, to: v.newApproverId },
      requestId: v.requestId,
    });
    return {
      ID: d.id,
      ApproverID: v.newApproverId,
      OriginalApproverID: current.originalApproverId ?? current.approverId,
      Version: d.version + 1,
    };
  });
}

/**
 * The rule "consecutive same approver approved once", on demand: the pending step is approved as automatic when
 * its approver already approved an earlier step of this round (say after a reassignment made it theirs).
 */
export async function autoApprove(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; key?: string | undefined; requestId: string },
  culture: Culture,
) {
  return once(
    ctx,
    user,
    v.key,
    `auto_approve:${v.id}`,
    async (tx) => {
      const d = await lockedVisible(tx, user, v.id);
      const ok = check(d.docType, d.status, 'approve');
      if (!ok.ok) throw conflict('workflow.not_pending');
      const steps = await repo.stepsOf(tx, d.id, d.round);
      const current = steps.find((s) => s.status === 'pending');
      if (!current) throw conflict('workflow.not_pending');
      const earlier = steps.find(
        (s) =>
          s.seq < current.seq &&
          s.approverId === current.approverId &&
          (s.status === 'approved' || s.status === 'auto_approved'),
      );
      if (!earlier) throw conflict('workflow.auto_approve_not_applicable');
      const now = new Date();
      const actedBy = earlier.actedBy ?? current.approverId;
      if (!(await repo.moveStep(tx, current.id, 'pending', { status: 'auto_approved', actedAt: now, actedBy }))) {
        throw conflict('workflow.not_pending');
      }
      await advance(tx, d, steps, current, {
        action: 'auto_approve',
        actorId: user.userId,
        principalId: current.approverId,
        comment: null,
        now,
      });
      await audit(tx, {
        companyId: d.companyId,
        actorId: user.userId,
        principalId: current.approverId,
        action: 'auto_approve',
        entity: 'document',
        entityId: d.id,
        detail: { step: current.seq, round: d.round, approvedAtStep: earlier.seq },
        requestId: v.requestId,
      });
      return d.id;
    },
    culture,
  );
}

/**
 * An apply blocked for overdue evidence is released by its current approver or an administrator, who records why;
 * the reason is kept in the document's history.
 */
export async function unlock(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; reason: string; requestId: string },
  culture: Culture,
) {
  const id = await ctx.db.transaction(async (tx) => {
    const d = await repo.lockDocument(tx, v.id);
    if (!d || d.companyId !== user.companyId || d.docType !== 'apply') throw notFound();
    if (!user.isAdmin) {
      const steps = d.status === 'approving' ? await repo.stepsOf(tx, d.id, d.round) : [];
      const current = steps.find((s) => s.status === 'pending');
      if (!current || !approversFor(user).includes(current.approverId)) throw notFound();
    }
    if (!d.blocked) throw conflict('workflow.not_blocked');
    await repo.setDocument(tx, d.id, { blocked: false });
    await repo.history(tx, {
      documentId: d.id,
      fromStatus: d.status,
      toStatus: d.status,
      action: 'unlock',
      actorId: user.userId,
      principalId: d.applicantId,
      comment: v.reason,
    });
    await audit(tx, {
      companyId: d.companyId,
      actorId: user.userId,
      principalId: d.applicantId,
      action: 'unlock',
      entity: 'document',
      entityId: d.id,
      detail: { reason: v.reason },
      requestId: v.requestId,
    });
    return d.id;
  });
  return toDetail(ctx.db, user, await visible(ctx.db, user, id), culture);
}
