import type { Culture } from '@ems/contracts';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, notFound } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName, type Messages } from '../../../core/i18n';
import { acceptUnlock } from '../../documents/applies/block.service';
import { transition } from '../../documents/lifecycle/transition';
import { findCompany } from '../../system/system.service';
import * as approvals from '../approval/approval.repository';
import { advance, detailOf } from '../approval/approval.service';
import { approvalPrincipals, approvalSettings } from '../approval/pending.service';
import * as repo from './approvecentre.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Steps of `accountId` (the user, or someone they approve for) pending longer than the overdue days. */
export async function overApproval(
  db: Db,
  user: SessionUser,
  q: { accountId: number; typeFlag: 'apply' | 'loan' | 'deputy' | 'all' },
  now = new Date(),
) {
  if (!(await approvalPrincipals(db, user)).includes(q.accountId)) throw notFound();
  const days = (await approvalSettings(db, user.companyId)).overdueDays;
  const rows = await repo.overdueSteps(
    db,
    user.companyId,
    q.accountId,
    q.typeFlag === 'all' ? undefined : q.typeFlag,
    new Date(now.getTime() - days * DAY_MS),
  );
  return {
    IsOver: rows.length > 0,
    Count: rows.length,
    OverdueDays: days,
    Rows: rows.map((r) => ({
      ID: r.id,
      DocNo: r.docNo,
      DocType: r.docType,
      PendingSince: r.pendingSince!.toISOString(),
      Days: Math.floor((now.getTime() - r.pendingSince!.getTime()) / DAY_MS),
    })),
  };
}

/** Whether the user is a special approver: by role, or named (in person or by role) in a special-approver step. */
export async function isSpecialApprover(db: Db, user: SessionUser): Promise<boolean> {
  const codes = await repo.roleCodesHeld(db, user.companyId, user.userId);
  if (codes.includes(repo.SPECIAL_APPROVER_ROLE)) return true;
  return repo.namedAsSpecialApprover(db, user.companyId, user.userId, codes);
}

export async function companyFlag(db: Db, user: SessionUser) {
  const company = await findCompany(db, user.companyId);
  if (!company) throw notFound();
  const settings = await approvalSettings(db, user.companyId);
  return {
    CompanyID: company.id,
    CompanyCode: company.code,
    ApprovalOverdueDays: settings.overdueDays,
    AllowBatchApprove: settings.allowBatchApprove,
    RequireRejectComment: true,
  };
}

/** Teams of the documents waiting for the user (or whom they approve for), for the approve centre's filter. */
export async function pendingTeams(db: Db, messages: Messages, user: SessionUser, culture: Culture) {
  const rows = await repo.pendingTeams(db, user.companyId, await approvalPrincipals(db, user));
  return {
    Rows: rows.map((r) => ({
      TeamID: r.teamId,
      TeamName:
        r.nameZh === null || r.nameEn === null
          ? messages.t('workflow.team.none', culture)
          : localName(culture, r.nameZh, r.nameEn),
      Count: r.n,
    })),
  };
}

/**
 * The rule "consecutive same approver approved once", on demand: the pending step is approved as automatic when
 * its approver already approved an earlier step of this round (say after a reassignment made it theirs).
 */
export async function autoApprove(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; version: number; key?: string | undefined; requestId: string },
  culture: Culture,
) {
  const id = await transition(
    ctx,
    user,
    {
      id: v.id,
      version: v.version,
      action: 'auto_approve',
      key: v.key,
      requestId: v.requestId,
      lostRaceIsConflict: 'workflow.not_pending',
    },
    async (tx, d) => {
      const steps = await approvals.stepsOf(tx, d.id, d.round);
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
      if (!(await approvals.moveStep(tx, current.id, 'pending', { status: 'auto_approved', actedAt: now, actedBy }))) {
        throw conflict('workflow.not_pending');
      }
      return {
        ...(await advance(tx, d, steps, current, { actorId: user.userId, now })),
        principalId: current.approverId,
        detail: { step: current.seq, round: d.round, approvedAtStep: earlier.seq },
      };
    },
  );
  return detailOf(ctx, user, id, culture);
}

/**
 * An apply blocked for overdue evidence is released when the applicant's line manager (or an administrator) accepts
 * the applicant's unlock reason; the manager's words are kept in the document's history (DESIGN §11).
 */
export async function unlock(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; version: number; reason: string; requestId: string },
  culture: Culture,
) {
  const id = await acceptUnlock(ctx, user, v);
  return detailOf(ctx, user, id, culture);
}
