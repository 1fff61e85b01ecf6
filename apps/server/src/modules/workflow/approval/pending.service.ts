import type { BatchApproveBody, BatchApproveItemResult, Culture, DocType } from '@ems/contracts';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { cappedTotal } from '../../../core/list';
import { shanghaiToday } from '../../../core/time';
import { visible } from '../../documents/document.service';
import { approversFor } from '../../documents/lifecycle/document.policy';
import { parameterValues } from '../../system/system.service';
import { approvalPrincipalIds } from '../proxy/proxy.repository';
import { batchApprovable } from '../routing/route.service';
import * as repo from './approval.repository';
import { decide } from './approval.service';

const DAY_MS = 86_400_000;

/**
 * The company's approval settings, read in one statement: the days after which a pending step is overdue (the
 * technical parameter ApprovalOverdueDays, 3 when unset or not a whole number) and whether approve-all is allowed at
 * all (AllowBatchApprove, allowed unless it says false).
 */
export async function approvalSettings(db: Db, companyId: number) {
  const values = await parameterValues(db, companyId, ['ApprovalOverdueDays', 'AllowBatchApprove']);
  const days = Number(values.get('ApprovalOverdueDays')?.trim() || Number.NaN);
  return {
    overdueDays: Number.isInteger(days) && days >= 0 ? days : 3,
    allowBatchApprove: values.get('AllowBatchApprove')?.trim().toLowerCase() !== 'false',
  };
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
  const principals = await approvalPrincipalIds(db, user.companyId, user.userId, shanghaiToday());
  return [...new Set([user.userId, ...principals])];
}

/**
 * How many documents wait for the user (and whom they approve for as proxy), and how many of those have waited past
 * the company's `ApprovalOverdueDays`.
 */
export async function pendingCount(db: Db, user: SessionUser): Promise<{ Count: number; Overdue: number }> {
  const [approvers, { overdueDays }] = await Promise.all([
    approvalPrincipals(db, user),
    approvalSettings(db, user.companyId),
  ]);
  const r = await repo.pendingCount(db, user.companyId, approvers, new Date(Date.now() - overdueDays * DAY_MS));
  return { Count: r.count, Overdue: r.overdue };
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
  const { counted, limit: countedTo, rows } = await repo.pendingFor(db, user.companyId, approverIds, q);
  const settings = rows.length ? await approvalSettings(db, user.companyId) : undefined;
  const batchable = settings
    ? await batchApprovable(
        db,
        user.companyId,
        rows.map(({ d }) => d),
        settings.allowBatchApprove,
      )
    : [];
  const now = new Date();
  return {
    ...cappedTotal(counted, countedTo),
    Rows: rows.map((r, i) => {
      const { d, s, applicantZh, applicantEn, typeZh, typeEn, teamZh, teamEn, approverZh, approverEn } = r;
      return {
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
        Attachments: Number(r.attachments),
        Fapiao: Number(r.fapiao),
        ...ageOf(s.pendingSince, settings?.overdueDays ?? 3, now),
      };
    }),
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
  const { allowBatchApprove } = await approvalSettings(ctx.db, user.companyId);
  const seen = new Set<number>();
  const results: BatchApproveItemResult[] = [];
  for (const item of body.Items) {
    if (seen.has(item.ID)) continue;
    seen.add(item.ID);
    let docNo: string | null = null;
    try {
      const found = await visibleToApprover(ctx.db, user, item.ID, principals);
      docNo = found.docNo;
      const [allowed] = await batchApprovable(ctx.db, user.companyId, [found], allowBatchApprove);
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
