import type { Culture, ViewCenterQuery, ViewCenterRow } from '@ems/contracts';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { cappedTotal } from '../../../core/list';
import { load } from '../document.service';
import { isOwner } from '../lifecycle/document.policy';
import { transition } from '../lifecycle/transition';
import { scopeOf, type ViewList } from '../scope/scope.service';
import * as repo from './viewcentre.repository';

export { scopeOf, VIEW_LISTS, type ViewList } from '../scope/scope.service';

export function toRow(r: repo.ViewRow, culture: Culture): ViewCenterRow {
  const d = r.d;
  return {
    ID: d.id,
    DocNo: d.docNo,
    DocType: d.docType,
    Status: d.status,
    ApplicantCode: r.applicantCode,
    ApplicantName: localName(culture, r.applicantZh, r.applicantEn),
    PreparerName: localName(culture, r.preparerZh, r.preparerEn),
    ExpenseTypeName: r.typeZh === null ? null : localName(culture, r.typeZh, r.typeEn),
    CostCenterCode: r.ccCode,
    TeamName: r.teamZh === null ? null : localName(culture, r.teamZh, r.teamEn),
    Currency: d.currency,
    TotalAmount: d.totalAmount,
    TotalAmountCNY: d.totalAmountCny,
    Reason: d.reason,
    CreatedAt: d.createdAt.toISOString(),
    SubmittedAt: d.submittedAt?.toISOString() ?? null,
    ApprovedAt: d.approvedAt?.toISOString() ?? null,
    CurrentApproverName: r.currentZh === null ? null : localName(culture, r.currentZh, r.currentEn),
    LongTerm: d.longTerm,
    ApplyStopped: d.applyStopped,
    Version: d.version,
  };
}

export async function search(db: Db, user: SessionUser, list: ViewList, q: ViewCenterQuery, culture: Culture) {
  const scope = await scopeOf(
    db,
    user,
    q.All && list === 'personal' ? 'all' : list,
    repo.readsByParts(q) ? 'parts' : 'list',
  );
  const { counted, limit, atLeast, rows } = await repo.search(db, user.companyId, scope, q);
  return { ...cappedTotal(counted, limit, atLeast), Rows: rows.map((r) => toRow(r, culture)) };
}

/** A long-term apply stops taking new claims (stop) or takes them again (start): its owner or an administrator. */
export async function startStopApply(
  ctx: AppContext,
  user: SessionUser,
  body: { ID: number; Version: number },
  stop: boolean,
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
      action: stop ? 'stop_apply' : 'start_apply',
      requestId,
      reach: async (_tx, d) => isOwner(user, d) || user.isAdmin,
    },
    async (_tx, d) => {
      if (!d.longTerm || d.status !== 'approved') throw refused('viewcentre.not_long_term');
      if (d.applyStopped === stop) throw refused(stop ? 'viewcentre.already_stopped' : 'viewcentre.already_started');
      return { to: d.status, set: { applyStopped: stop }, detail: { docNo: d.docNo } };
    },
  );
  return load(ctx.db, user, body.ID, 'apply', culture);
}
