import type {
  ApproveHistoryExportBody,
  ApproveHistoryQuery,
  ApproveHistoryRow,
  ComingQuery,
  ComingRow,
  Culture,
} from '@ems/contracts';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { type ExportColumn, sendXlsx } from '../../../core/export';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { cappedTotal } from '../../../core/list';
import { approvalPrincipals } from '../approval/pending.service';
import * as repo from './approve-history.repository';

const EXPORT_LIMIT = 100_000;

/** The step and document fields both history lists start with. */
function stepOfDocument(
  r: Pick<repo.DecidedRow, 's' | 'd' | 'applicantZh' | 'applicantEn' | 'typeZh' | 'typeEn'>,
  culture: Culture,
) {
  const { s, d } = r;
  return {
    StepID: s.id,
    ID: d.id,
    DocNo: d.docNo,
    DocType: d.docType,
    ApplicantName: localName(culture, r.applicantZh, r.applicantEn),
    ExpenseTypeName: r.typeZh === null ? null : localName(culture, r.typeZh, r.typeEn),
    Currency: d.currency,
    TotalAmount: d.totalAmount,
  };
}

function toRow(r: repo.DecidedRow, culture: Culture): ApproveHistoryRow {
  const { s, d } = r;
  const byOther = s.actedBy !== null && s.actedBy !== s.approverId;
  return {
    ...stepOfDocument(r, culture),
    Round: s.round,
    StepName: localName(culture, s.nameZh, s.nameEn),
    Decision: s.status as ApproveHistoryRow['Decision'],
    Comment: s.comment,
    ActedAt: s.actedAt?.toISOString() ?? null,
    ActedByID: s.actedBy,
    ActedByName: r.actorZh === null ? null : localName(culture, r.actorZh, r.actorEn),
    ForApproverID: byOther ? s.approverId : null,
    ForApproverName: byOther ? localName(culture, r.approverZh, r.approverEn) : null,
    Status: d.status,
  };
}

/** Search_Requisition_List: the steps the user decided (also as proxy), or that a proxy decided for them. */
export async function decidedList(db: Db, user: SessionUser, q: ApproveHistoryQuery, culture: Culture) {
  const { total, limit, rows } = await repo.decided(db, user.companyId, user.userId, q, q);
  return { ...cappedTotal(total ?? 0, limit), Rows: rows.map((r) => toRow(r, culture)) };
}

/** The decided list with the same filters and sort, as an Excel file in the caller's language. */
export async function exportDecided(
  ctx: AppContext,
  reply: FastifyReply,
  user: SessionUser,
  q: ApproveHistoryExportBody,
  culture: Culture,
) {
  const t = (k: string) => ctx.messages.t(k, culture);
  const F = 'approval.field.';
  // Up to the export limit of rows, for a file: the replica's work. The on-screen list stays on the primary, where
  // a decision just taken is always shown.
  const { rows } = await repo.decided(ctx.reportDb, user.companyId, user.userId, q, { limit: EXPORT_LIMIT });
  const columns: ExportColumn<ApproveHistoryRow>[] = [
    { header: t(`${F}docNo`), value: (r) => r.DocNo },
    { header: t(`${F}docType`), value: (r) => t(`doc.type.${r.DocType}`), width: 12 },
    { header: t(`${F}applicant`), value: (r) => r.ApplicantName },
    { header: t(`${F}expenseType`), value: (r) => r.ExpenseTypeName },
    { header: t(`${F}currency`), value: (r) => r.Currency, width: 10 },
    { header: t(`${F}amount`), value: (r) => Number(r.TotalAmount), width: 16 },
    { header: t(`${F}step`), value: (r) => r.StepName },
    { header: t(`${F}decision`), value: (r) => t(`approval.decision.${r.Decision}`), width: 14 },
    { header: t(`${F}comment`), value: (r) => r.Comment, width: 40 },
    { header: t(`${F}actedAt`), value: (r) => (r.ActedAt ? shanghaiDateTime(r.ActedAt) : ''), width: 20 },
    { header: t(`${F}actedBy`), value: (r) => r.ActedByName },
    { header: t(`${F}forApprover`), value: (r) => r.ForApproverName },
    { header: t(`${F}status`), value: (r) => t(`doc.status.${r.Status}`), width: 14 },
  ];
  return sendXlsx(
    reply,
    `${t('approval.history.exportFile')}.xlsx`,
    t('approval.history.sheet'),
    columns,
    rows.map((r) => toRow(r, culture)),
  );
}

/** yyyy-MM-dd HH:mm:ss in Asia/Shanghai. */
function shanghaiDateTime(iso: string): string {
  return new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Search_Requisition_Pending: documents in approval still to reach the user, with their place in the route. */
export async function comingList(db: Db, user: SessionUser, q: ComingQuery, culture: Culture) {
  const approverIds = await approvalPrincipals(db, user);
  const { total, rows } = await repo.coming(db, user.companyId, approverIds, q);
  const steps = await repo.currentRounds(
    db,
    rows.map((r) => r.d.id),
  );
  const byDoc = new Map<number, typeof steps>();
  for (const st of steps) {
    const list = byDoc.get(st.s.documentId) ?? [];
    list.push(st);
    byDoc.set(st.s.documentId, list);
  }
  return {
    Total: total,
    Rows: rows.map((r): ComingRow => {
      const { s, d } = r;
      const route = byDoc.get(d.id) ?? [];
      const current = route.find((x) => x.s.status === 'pending');
      return {
        ...stepOfDocument(r, culture),
        SubmittedAt: d.submittedAt?.toISOString() ?? null,
        StepName: localName(culture, s.nameZh, s.nameEn),
        MyStepStatus: s.status === 'pending' ? 'pending' : 'waiting',
        Position: route.findIndex((x) => x.s.id === s.id) + 1,
        StepCount: route.length,
        CurrentStepName: current ? localName(culture, current.s.nameZh, current.s.nameEn) : null,
        CurrentApproverName: current ? localName(culture, current.approverZh, current.approverEn) : null,
        ForApproverID: s.approverId === user.userId ? null : s.approverId,
        ForApproverName: s.approverId === user.userId ? null : localName(culture, r.approverZh, r.approverEn),
        Version: d.version,
      };
    }),
  };
}
