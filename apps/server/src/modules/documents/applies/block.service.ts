import { type ApplyUnblockBody, type Culture, EVIDENCE_KINDS } from '@ems/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, conflict, fieldError, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import type { ScheduledJob } from '../../../core/jobs';
import { addDays, shanghaiToday } from '../../../core/time';
import { findEmployee } from '../../org/org.service';
import { removeFile } from '../attachments/attachment.service';
import { load } from '../document.service';
import { isOwner } from '../lifecycle/document.policy';
import { type LockedDocument, systemUser, transition } from '../lifecycle/transition';
import { evidenceDueDays, mayAccept, missingKinds } from './block.info';
import * as repo from './block.repository';

const EVIDENCE = new Set<string>(EVIDENCE_KINDS);

/** The nightly apply block, after midnight in Shanghai, on the job queue. */
export function applyBlockJob(ctx: DbContext, log: FastifyBaseLogger): ScheduledJob {
  return {
    queue: 'apply-block',
    cron: '15 0 * * *',
    run: async () => {
      const result = await blockOverdueApplies(ctx, { log });
      log.info(result, 'nightly apply block done');
    },
  };
}

/**
 * The nightly job (DESIGN §11): blocks each approved apply for an HCP activity whose evidence is still incomplete
 * `EvidenceDueDays` after its event. Each block is its own transition under the document's lock, checked again there;
 * an apply is blocked at most once, so running the job again (or on two instances) blocks nothing twice.
 */
export async function blockOverdueApplies(
  ctx: DbContext,
  opts: { today?: string; log?: FastifyBaseLogger } = {},
): Promise<{ blocked: number; failed: number }> {
  const today = opts.today ?? shanghaiToday();
  let blocked = 0;
  let failed = 0;
  for (const companyId of await repo.companiesWithHcpApplies(ctx.db)) {
    const days = await evidenceDueDays(ctx.db, companyId);
    const eventBefore = addDays(today, -days);
    for (const a of await repo.overdueApplies(ctx.db, companyId, eventBefore)) {
      try {
        await transition(
          ctx,
          systemUser(companyId),
          {
            id: a.id,
            docType: 'apply',
            version: null,
            action: 'block',
            requestId: `job:apply-block:${today}`,
            reach: async () => true,
          },
          async (tx, d) => blockWork(tx, d, today, days),
        );
        blocked += 1;
      } catch (err) {
        // Changed since the list was read (evidence uploaded, blocked by another instance): nothing to do for it.
        if (err instanceof AppError && err.code === 'apply.block_not_due') continue;
        failed += 1;
        opts.log?.error({ err, documentId: a.id }, 'blocking an apply for overdue evidence failed');
      }
    }
  }
  return { blocked, failed };
}

async function blockWork(tx: Db, d: LockedDocument, today: string, days: number) {
  const eventDate = await repo.eventDate(tx, d.id);
  const dueDate = eventDate && addDays(eventDate, days);
  if (
    d.status !== 'approved' ||
    d.blocked ||
    !dueDate ||
    dueDate >= today ||
    (await repo.blockOf(tx, d.id)) ||
    (await missingKinds(tx, d.id)).length === 0
  )
    throw refused('apply.block_not_due');
  await repo.insertBlock(tx, { documentId: d.id, eventDate: eventDate!, dueDate });
  return {
    to: d.status,
    set: { blocked: true },
    notify: { to: d.applicantId, template: 'apply.mail.blocked' },
    detail: { eventDate, dueDate },
  };
}

/**
 * UpdateApplyUnblock: the applicant asks to release their blocked apply. With complete evidence it is released at
 * once; otherwise their unlock reason waits for their line manager (UpdateUnlockReason), who is told by mail.
 */
export async function requestUnblock(
  ctx: DbContext,
  user: SessionUser,
  body: ApplyUnblockBody,
  culture: Culture,
  requestId: string,
) {
  await transition(
    ctx,
    user,
    {
      id: body.ID,
      docType: 'apply',
      version: body.Version,
      action: 'request_unlock',
      requestId,
    },
    async (tx, d) => {
      if (!isOwner(user, d)) throw refused('apply.not_owner');
      const b = d.blocked ? await repo.blockOf(tx, d.id) : undefined;
      if (!b || b.resolvedAt) throw conflict('workflow.not_blocked');
      const now = new Date();
      if ((await missingKinds(tx, d.id)).length === 0) {
        await repo.updateBlock(tx, b.id, { resolution: 'evidence', resolvedBy: user.userId, resolvedAt: now });
        return { to: d.status, set: { blocked: false }, detail: { resolution: 'evidence' } };
      }
      if (!body.Reason) throw fieldError('Reason', 'apply.unlock_reason_required');
      await repo.updateBlock(tx, b.id, { unlockReason: body.Reason, reasonBy: user.userId, reasonAt: now });
      const manager = (await findEmployee(tx, d.applicantId))?.lineManagerId;
      return {
        to: d.status,
        comment: body.Reason,
        detail: { reason: body.Reason },
        ...(manager ? { notify: { to: manager, template: 'apply.mail.unlock_requested' } } : {}),
      };
    },
  );
  return load(ctx.db, user, body.ID, 'apply', culture);
}

/**
 * The manager accepts the applicant's unlock reason (UpdateUnlockReason in the approve centre): the apply is released
 * and the manager's words are kept with the block and in the document's history. An administrator may release a
 * blocked apply without a reason from the applicant.
 */
export async function acceptUnlock(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; version: number; reason: string; requestId: string },
): Promise<number> {
  return transition(
    ctx,
    user,
    {
      id: v.id,
      docType: 'apply',
      version: v.version,
      action: 'unlock',
      requestId: v.requestId,
      reach: async (tx, d) => mayAccept(tx, user, d.applicantId),
      lostRaceIsConflict: 'workflow.not_blocked',
    },
    async (tx, d) => {
      const b = d.blocked ? await repo.blockOf(tx, d.id) : undefined;
      if (!b || b.resolvedAt) throw conflict('workflow.not_blocked');
      if (b.unlockReason === null && !user.isAdmin) throw refused('apply.unlock_reason_missing');
      await repo.updateBlock(tx, b.id, {
        resolution: 'accepted',
        resolvedBy: user.userId,
        resolvedAt: new Date(),
        comment: v.reason,
      });
      return {
        to: d.status,
        set: { blocked: false },
        comment: v.reason,
        detail: { reason: v.reason, unlockReason: b.unlockReason },
        notify: { to: d.applicantId, template: 'apply.mail.unlocked' },
      };
    },
  );
}

/**
 * RemoveApplyBlockFile: the applicant takes back an evidence file of their approved apply, until the block it
 * answers is resolved (then the evidence stays as it was accepted).
 */
export function removeEvidence(ctx: AppContext, user: SessionUser, id: number, requestId: string) {
  return removeFile(ctx, user, id, requestId, {
    owns: (file, d) => file.goodsReceiptId === null && d.docType === 'apply',
    check: async (tx, file, d) => {
      if (!isOwner(user, d)) throw refused('apply.not_owner');
      if (d.status !== 'approved') throw refused('apply.evidence_not_open');
      if (!EVIDENCE.has(file.kind)) throw refused('apply.not_evidence');
      if ((await repo.blockOf(tx, file.documentId))?.resolvedAt) throw refused('apply.evidence_accepted');
    },
  });
}
