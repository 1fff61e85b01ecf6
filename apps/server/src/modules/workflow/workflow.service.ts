import { type Culture, compareMoney, type SaveWorkflowBody, type WorkflowDetail } from '@ems/contracts';
import type { z } from 'zod';
import type { DbContext } from '../../core/context';
import type { Db } from '../../core/db';
import { AppError, conflict, notFound } from '../../core/errors';
import type { SessionUser } from '../../core/http';
import { localName } from '../../core/i18n';
import { audit } from '../audit/audit.service';
import { activeInCompany } from '../org/org.service';
import * as repo from './workflow.repository';

type Found = NonNullable<Awaited<ReturnType<typeof repo.findById>>>;

function toRow(r: Found, culture: Culture) {
  return {
    ID: r.w.id,
    Code: r.w.code,
    DocType: r.w.docType,
    ExpenseTypeID: r.w.expenseTypeId,
    ExpenseTypeName: r.typeZh === null ? null : localName(culture, r.typeZh, r.typeEn),
    Name: localName(culture, r.w.nameZh, r.w.nameEn),
    NameZH: r.w.nameZh,
    NameEN: r.w.nameEn,
    Active: r.w.active,
    AllowBatchApprove: r.w.allowBatchApprove,
    StepCount: r.steps,
    Version: r.w.version,
  };
}

export async function search(db: Db, user: SessionUser, q: Parameters<typeof repo.search>[2], culture: Culture) {
  const { total, rows } = await repo.search(db, user.companyId, q);
  return { Total: total, Rows: rows.map((r) => toRow(r, culture)) };
}

export async function load(db: Db, user: SessionUser, id: number, culture: Culture) {
  const found = await repo.findById(db, user.companyId, id);
  if (!found) throw notFound();
  const details = await repo.details(db, id);
  return {
    Workflow: toRow(found, culture),
    Details: details.map(
      ({ d, personZh, personEn }): WorkflowDetail => ({
        ID: d.id,
        Seq: d.seq,
        StepKind: d.stepKind,
        RoleCode: d.roleCode,
        PersonID: d.personId,
        PersonName: personZh === null ? null : localName(culture, personZh, personEn),
        MinAmount: d.minAmount,
        MaxAmount: d.maxAmount,
        ExpenseItemIDs: d.expenseItemIds,
        HcpOnly: d.hcpOnly,
        OverseasOnly: d.overseasOnly,
        NameZH: d.nameZh,
        NameEN: d.nameEn,
      }),
    ),
  };
}

/**
 * Each step's own fields must make sense, and a step must be able to find someone: a role with a member who can
 * approve, an active person, special approvers set on every expense item the step is limited to. A route that
 * would find nobody is refused here rather than at every submit.
 */
async function checkDetails(db: Db, user: SessionUser, details: WorkflowDetail[]) {
  const errors: { field: string; code: string; params?: Record<string, string> }[] = [];
  const roles = await repo.roleCodesOf(db, user.companyId);
  const staffed = await repo.staffedRoleCodes(db, user.companyId);
  const special = await repo.itemsWithSpecialApprover(
    db,
    user.companyId,
    details.flatMap((s) => (s.StepKind === 'special_approver' ? (s.ExpenseItemIDs ?? []) : [])),
  );
  for (const [i, s] of details.entries()) {
    const at = (f: string) => `Details.${i}.${f}`;
    if (s.StepKind === 'role' && (!s.RoleCode || !roles.has(s.RoleCode)))
      errors.push({ field: at('RoleCode'), code: 'workflow.role_unknown' });
    else if (s.StepKind === 'role' && !staffed.has(s.RoleCode ?? ''))
      errors.push({ field: at('RoleCode'), code: 'workflow.role_empty', params: { role: s.RoleCode ?? '' } });
    if (s.StepKind === 'person' && (!s.PersonID || !(await activeInCompany(db, s.PersonID, user.companyId)))) {
      errors.push({ field: at('PersonID'), code: 'workflow.person_unknown' });
    }
    if (s.StepKind === 'special_approver') {
      // Unlimited, the step would meet items nobody is set for; so it names the items whose approvers it asks.
      if (!s.ExpenseItemIDs?.length) {
        errors.push({ field: at('ExpenseItemIDs'), code: 'workflow.special_items_required' });
      } else if (s.ExpenseItemIDs.some((id) => !special.has(id))) {
        errors.push({ field: at('ExpenseItemIDs'), code: 'workflow.special_approver_unset' });
      }
    }
    if (s.MinAmount && s.MaxAmount && compareMoney(s.MinAmount, s.MaxAmount) > 0) {
      errors.push({ field: at('MaxAmount'), code: 'workflow.amount_range' });
    }
  }
  if (errors.length) throw new AppError(400, 'validation.failed', undefined, errors);
}

export async function save(
  ctx: DbContext,
  user: SessionUser,
  body: z.infer<typeof SaveWorkflowBody>,
  culture: Culture,
  requestId: string,
) {
  const h = body.Workflow;
  if (h.ExpenseTypeID) {
    const type = await repo.expenseTypeOf(ctx.db, h.ExpenseTypeID);
    if (!type || type.companyId !== user.companyId || type.docType !== h.DocType) {
      throw new AppError(400, 'validation.failed', undefined, [
        { field: 'Workflow.ExpenseTypeID', code: 'workflow.expense_type_mismatch' },
      ]);
    }
  }
  await checkDetails(ctx.db, user, body.Details);
  const id = await ctx.db.transaction(async (tx) => {
    const same = await repo.findByCode(tx, user.companyId, h.Code);
    if (same && same.id !== h.ID) throw conflict('workflow.code_duplicate', { code: h.Code });
    const values = {
      code: h.Code,
      docType: h.DocType,
      expenseTypeId: h.ExpenseTypeID ?? null,
      nameZh: h.NameZH,
      nameEn: h.NameEN,
      active: h.Active,
      allowBatchApprove: h.AllowBatchApprove,
    };
    let workflowId: number;
    if (h.ID) {
      if (!(await repo.findById(tx, user.companyId, h.ID))) throw notFound();
      const row = await repo.updateWorkflow(tx, h.ID, h.Version ?? -1, values);
      if (!row) throw conflict('common.stale_version');
      workflowId = row.id;
    } else {
      workflowId = (await repo.insertWorkflow(tx, { companyId: user.companyId, ...values })).id;
    }
    await repo.replaceDetails(
      tx,
      workflowId,
      [...body.Details]
        .sort((a, b) => a.Seq - b.Seq)
        .map((s, i) => ({
          seq: i + 1,
          stepKind: s.StepKind,
          roleCode: s.StepKind === 'role' ? (s.RoleCode ?? null) : null,
          personId: s.StepKind === 'person' ? (s.PersonID ?? null) : null,
          minAmount: s.MinAmount ?? null,
          maxAmount: s.MaxAmount ?? null,
          expenseItemIds: s.ExpenseItemIDs?.length ? s.ExpenseItemIDs : null,
          hcpOnly: s.HcpOnly,
          overseasOnly: s.OverseasOnly,
          nameZh: s.NameZH,
          nameEn: s.NameEN,
        })),
    );
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      action: h.ID ? 'update' : 'create',
      entity: 'workflow_setting',
      entityId: workflowId,
      detail: { code: h.Code, steps: body.Details.map((s) => s.StepKind) },
      requestId,
    });
    return workflowId;
  });
  return load(ctx.db, user, id, culture);
}

export async function deleteDetail(ctx: DbContext, user: SessionUser, detailId: number, requestId: string) {
  await ctx.db.transaction(async (tx) => {
    const found = await repo.findDetail(tx, detailId);
    if (!found || found.companyId !== user.companyId) throw notFound();
    await repo.deleteDetail(tx, detailId, found.d.workflowId, found.d.seq);
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      action: 'delete_step',
      entity: 'workflow_setting',
      entityId: found.d.workflowId,
      detail: { seq: found.d.seq, kind: found.d.stepKind },
      requestId,
    });
  });
}

/** Roles a route step may name. */
export async function roleChoices(db: Db, user: SessionUser, culture: Culture) {
  const rows = await repo.activeRoles(db, user.companyId);
  return rows.map((r) => ({ Code: r.code, Name: localName(culture, r.nameZh, r.nameEn) }));
}
