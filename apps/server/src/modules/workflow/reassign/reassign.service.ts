import type {
  ChangeApproversResult,
  ChangeProgramManagerResult,
  Culture,
  HeadOfRow,
  HeldStepRow,
  SkippedDocument,
} from '@ems/contracts';
import type { AppContext, DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, conflict, fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { transition } from '../../documents/lifecycle/transition';
import { isReadable } from '../../documents/scope/scope.service';
import { lockCostCentre, touchCostCentre } from '../../masterdata/costcentre/costcentre.service';
import * as ccHistory from '../../masterdata/costcentre/history';
import { changeHead, employeesInCompany, headsOf } from '../../masterdata/costcentre/parts.service';
import { activeInCompany } from '../../org/org.service';
import * as approvals from '../approval/approval.repository';
import * as repo from './reassign.repository';

/** The person being replaced: anyone of the company, whatever their status (a leaver most of all). */
async function personOfCompany(db: Db, companyId: number, id: number) {
  const [row] = await employeesInCompany(db, companyId, [id]);
  if (!row) throw notFound();
  return row;
}

async function replacement(db: Db, companyId: number, id: number, field: string) {
  if (!(await activeInCompany(db, id, companyId))) throw fieldError(field, 'workflow.person_unknown');
}

export async function searchHeldSteps(
  db: Db,
  user: SessionUser,
  q: { ApproverID: number; PageIndex: number; PageSize: number },
  culture: Culture,
) {
  await personOfCompany(db, user.companyId, q.ApproverID);
  const { total, rows } = await repo.heldSteps(db, user.companyId, q.ApproverID, q);
  return {
    Total: total,
    Rows: rows.map(
      ({ s, d, applicantZh, applicantEn }): HeldStepRow => ({
        StepID: s.id,
        DocumentID: d.id,
        DocNo: d.docNo,
        DocType: d.docType,
        DocStatus: d.status,
        ApplicantID: d.applicantId,
        ApplicantName: localName(culture, applicantZh, applicantEn),
        TotalAmountCNY: d.totalAmountCny,
        StepName: localName(culture, s.nameZh, s.nameEn),
        StepStatus: s.status as 'pending' | 'waiting',
        PendingSince: s.pendingSince?.toISOString() ?? null,
      }),
    ),
  };
}

/**
 * Hands `from`'s open steps of each document to `to`, one document at a time under its lock: a history row, an
 * audit row and, when the document now waits for `to`, a notice. A document whose applicant is `to` is skipped.
 */
async function reassignDocuments(
  tx: Db,
  user: SessionUser,
  documentIds: number[],
  v: { from: number; to: number; stepKind?: 'cost_centre_head'; requestId: string; action: string },
) {
  let changed = 0;
  const skipped: SkippedDocument[] = [];
  for (const id of documentIds) {
    try {
      // Each document is its own transition (a savepoint of the whole change), so one left alone undoes nothing.
      await transition(
        { db: tx },
        user,
        { id, version: null, action: 'change_approver', requestId: v.requestId, reach: async () => true },
        async (t, d) => {
          const steps = await repo.openStepsOf(t, d.id, d.round, v.from, v.stepKind);
          if (steps.length === 0) throw new Skip();
          if (d.applicantId === v.to)
            throw new Skip({ ID: d.id, DocNo: d.docNo, ReasonKey: 'workflow.skip.self_approval' });
          const now = new Date();
          let pending = false;
          for (const s of steps) {
            const isPending = s.status === 'pending';
            if (await approvals.reassignStep(t, s.id, s.status, v.to, isPending ? now : undefined)) {
              pending ||= isPending;
            }
          }
          return {
            to: d.status,
            principalId: v.from,
            ...(pending ? { notify: { to: v.to, template: 'workflow.mail.reassigned' } } : {}),
            auditAction: v.action,
            detail: { from: v.from, to: v.to, steps: steps.map((s) => s.seq), round: d.round },
          };
        },
      );
      changed++;
    } catch (err) {
      if (err instanceof Skip) {
        if (err.reported) skipped.push(err.reported);
        continue;
      }
      // Another company's document, or one no longer in approval: not this change's to make.
      if (err instanceof AppError && (err.status === 404 || err.status === 422)) continue;
      throw err;
    }
  }
  return { changed, skipped };
}

/** A document the change leaves alone, reported when the caller should know why. */
class Skip extends Error {
  constructor(readonly reported?: SkippedDocument) {
    super('skipped');
  }
}

/** Replaces a person (say a leaver) in every pending and waiting step of in-flight documents, or of those chosen. */
export async function changeApprovers(
  ctx: AppContext,
  user: SessionUser,
  body: { FromApproverID: number; ToApproverID: number; DocumentIDs?: number[] | undefined },
  requestId: string,
): Promise<ChangeApproversResult> {
  await personOfCompany(ctx.db, user.companyId, body.FromApproverID);
  await replacement(ctx.db, user.companyId, body.ToApproverID, 'ToApproverID');
  return ctx.db.transaction(async (tx) => {
    const ids = await repo.documentsHeldBy(tx, user.companyId, body.FromApproverID, body.DocumentIDs);
    const { changed, skipped } = await reassignDocuments(tx, user, ids, {
      from: body.FromApproverID,
      to: body.ToApproverID,
      requestId,
      action: 'change_approvers',
    });
    return { Changed: changed, Skipped: skipped };
  });
}

export async function searchHeads(
  db: Db,
  user: SessionUser,
  q: { EmployeeID: number; PageIndex: number; PageSize: number },
  culture: Culture,
) {
  await personOfCompany(db, user.companyId, q.EmployeeID);
  const { total, rows } = await repo.headedBy(db, user.companyId, q.EmployeeID, q);
  return {
    Total: total,
    Rows: rows.map(
      (r): HeadOfRow => ({
        CostCenterID: r.cc.id,
        CostCenterCode: r.cc.code,
        CostCenterName: localName(culture, r.cc.nameZh, r.cc.nameEn),
        Status: r.cc.status,
        Seq: r.head.seq,
        HeadCount: r.headCount,
        AmountLimit: r.head.amountLimit,
        OpenSteps: r.openSteps,
      }),
    ),
  };
}

/**
 * Puts `to` in `from`'s place as head of the cost centres (same order and limit, and in the form orders), each
 * with the cost centre's history snapshot; optionally hands over `from`'s open cost-centre-head steps too.
 */
export async function changeProgramManager(
  ctx: AppContext,
  user: SessionUser,
  body: {
    FromEmployeeID: number;
    ToEmployeeID: number;
    CostCenterIDs?: number[] | undefined;
    AlsoPendingSteps: boolean;
  },
  requestId: string,
): Promise<ChangeProgramManagerResult> {
  await personOfCompany(ctx.db, user.companyId, body.FromEmployeeID);
  await replacement(ctx.db, user.companyId, body.ToEmployeeID, 'ToEmployeeID');
  const from = body.FromEmployeeID;
  const to = body.ToEmployeeID;
  const actor = { userId: user.userId, companyId: user.companyId, requestId };
  return ctx.db.transaction(async (tx) => {
    const { rows } = await repo.headedBy(
      tx,
      user.companyId,
      from,
      { PageIndex: 1, PageSize: 100000 },
      body.CostCenterIDs,
    );
    const changedIds: number[] = [];
    const skipped: ChangeProgramManagerResult['Skipped'] = [];
    for (const { cc: found } of [...rows].sort((a, b) => a.cc.id - b.cc.id)) {
      const row = await lockCostCentre(tx, user.companyId, found.id);
      if (!row) continue;
      const heads = await headsOf(tx, row.id);
      const mine = heads.find((h) => h.employeeId === from);
      if (!mine) continue;
      if (heads.some((h) => h.employeeId === to)) {
        skipped.push({ ID: row.id, CostCenterCode: row.code, ReasonKey: 'workflow.skip.already_head' });
        continue;
      }
      await changeHead(tx, mine.id, { employeeId: to, amountLimit: mine.amountLimit });
      await repo.replaceInFormOrders(tx, row.id, from, to);
      await touchCostCentre(tx, row.id, row.version);
      await ccHistory.record(tx, actor, row.id, 'head_change', { from, to });
      changedIds.push(row.id);
    }
    let documents = { changed: 0, skipped: [] as SkippedDocument[] };
    if (body.AlsoPendingSteps && changedIds.length) {
      const inFlight = await repo.inFlightOfCostCentres(tx, user.companyId, changedIds);
      const ids = await repo.documentsHeldBy(tx, user.companyId, from, inFlight, 'cost_centre_head');
      documents = await reassignDocuments(tx, user, ids, {
        from,
        to,
        stepKind: 'cost_centre_head',
        requestId,
        action: 'change_program_manager',
      });
    }
    return {
      Changed: changedIds.length,
      Skipped: skipped,
      DocumentsChanged: documents.changed,
      DocumentsSkipped: documents.skipped,
    };
  });
}

/**
 * Hands the pending step of a document to another active employee (an administrator, or the line manager of the
 * current approver). The step remembers its first approver; the new one gets a notice.
 */
export async function changeApprove(
  ctx: DbContext,
  user: SessionUser,
  v: { id: number; version: number; newApproverId: number; comment?: string | null | undefined; requestId: string },
) {
  let result = { ID: v.id, ApproverID: v.newApproverId, OriginalApproverID: 0, Version: 0 };
  await transition(
    ctx,
    user,
    {
      id: v.id,
      version: v.version,
      action: 'change_approver',
      requestId: v.requestId,
      lostRaceIsConflict: 'workflow.not_pending',
      // Only an administrator, or the manager of whoever holds the step (now, or last in this round), reaches it here.
      reach: async (tx, d) => {
        if (user.isAdmin) return isReadable(tx, user, d.id);
        const steps = await approvals.stepsOf(tx, d.id, d.round);
        const current = steps.find((s) => s.status === 'pending');
        const holders = current ? [current.approverId] : steps.map((s) => s.approverId);
        const managers = await Promise.all(holders.map((id) => approvals.managerOf(tx, id)));
        return managers.includes(user.userId);
      },
    },
    async (tx, d) => {
      const steps = await approvals.stepsOf(tx, d.id, d.round);
      const current = steps.find((s) => s.status === 'pending');
      if (!current) throw conflict('workflow.not_pending');
      if (!(await activeInCompany(tx, v.newApproverId, user.companyId))) {
        throw fieldError('NewApproverID', 'workflow.person_unknown');
      }
      if (v.newApproverId === d.applicantId) throw refused('workflow.self_approval');
      if (v.newApproverId === current.approverId) throw refused('workflow.same_approver');
      if (!(await approvals.reassignStep(tx, current.id, 'pending', v.newApproverId, new Date()))) {
        throw conflict('workflow.not_pending');
      }
      result = {
        ID: d.id,
        ApproverID: v.newApproverId,
        OriginalApproverID: current.originalApproverId ?? current.approverId,
        Version: d.version + 1,
      };
      return {
        to: d.status,
        principalId: current.approverId,
        comment: v.comment ?? null,
        notify: { to: v.newApproverId, template: 'workflow.mail.reassigned' },
        detail: { step: current.seq, round: d.round, from: current.approverId, to: v.newApproverId },
      };
    },
  );
  return result;
}
