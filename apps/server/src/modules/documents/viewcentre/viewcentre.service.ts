import type { Culture, DocState, ViewCenterQuery, ViewCenterRow } from '@ems/contracts';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { audit } from '../../audit/audit.service';
import { authorityTeams } from '../../org/teams/team.service';
import { load } from '../document.service';
import { statusHistory } from '../document.table';
import { actingPeople, approversFor, isOwner } from '../lifecycle/document.policy';
import { AT_FINANCE } from '../lifecycle/document.state';
import * as repo from './viewcentre.repository';

/** The lists of the view centres. */
export const VIEW_LISTS = ['personal', 'all', 'compliance', 'audit', 'follow', 'long_term'] as const;
export type ViewList = (typeof VIEW_LISTS)[number];

const SUBMITTED: readonly DocState[] = ['confirming', 'approving', 'returned', ...AT_FINANCE, 'cancelled'];

/** The scope of a list for this user; a list their functions do not reach is refused. */
export async function scopeOf(db: Db, user: SessionUser, list: ViewList): Promise<repo.ViewScope> {
  const people = actingPeople(user);
  const approvers = approversFor(user);
  const has = (f: string) => user.isAdmin || user.functions.has(f);
  switch (list) {
    case 'personal': {
      // Team authority over named teams widens the personal list; the company-wide lists are the other ones.
      const { whole, teams } = await authorityTeams(db, user);
      return { kind: 'personal', people, approvers, teams: whole ? [] : [...teams] };
    }
    case 'all':
      if (!has('documentViewCenterAll')) throw refused('viewcentre.list_refused');
      // Finance sees the company's documents once approved; an administrator every submitted one.
      return { kind: 'company', states: user.isAdmin ? SUBMITTED : AT_FINANCE };
    case 'compliance':
      if (!has('documentViewCompliance')) throw refused('viewcentre.list_refused');
      return { kind: 'hcp' };
    case 'audit':
      if (!has('documentViewAudit')) throw refused('viewcentre.list_refused');
      return { kind: 'company', states: SUBMITTED };
    case 'follow':
      return { kind: 'follow', people, approvers };
    case 'long_term':
      return { kind: 'long_term', people: has('documentViewCenterAll') ? 'all' : people };
  }
}

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
  const scope = await scopeOf(db, user, q.All && list === 'personal' ? 'all' : list);
  const { total, rows } = await repo.search(db, user.companyId, scope, q);
  return { Total: total, Rows: rows.map((r) => toRow(r, culture)) };
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
  await ctx.db.transaction(async (tx) => {
    const d = await repo.lockApply(tx, body.ID);
    if (!d || d.companyId !== user.companyId || d.docType !== 'apply') throw notFound();
    if (!isOwner(user, d) && !user.isAdmin) throw notFound();
    if (!d.longTerm || d.status !== 'approved') throw refused('viewcentre.not_long_term');
    if (d.applyStopped === stop) throw refused(stop ? 'viewcentre.already_stopped' : 'viewcentre.already_started');
    const row = await repo.setApplyStopped(tx, d.id, body.Version, stop);
    if (!row) throw conflict('common.stale_version');
    const action = stop ? 'stop_apply' : 'start_apply';
    await tx.insert(statusHistory).values({
      documentId: d.id,
      fromStatus: d.status,
      toStatus: d.status,
      action,
      actorId: user.userId,
      principalId: d.applicantId,
    });
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      principalId: d.applicantId,
      action,
      entity: 'document',
      entityId: d.id,
      detail: { docNo: d.docNo },
      requestId,
    });
  });
  return load(ctx.db, user, body.ID, 'apply', culture);
}
