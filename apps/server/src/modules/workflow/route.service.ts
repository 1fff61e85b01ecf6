import type { Money } from '@ems/contracts';
import type { Db } from '../../core/db';
import { refused } from '../../core/errors';
import { linesOf } from '../documents/document.repository';
import * as repo from './approval.repository';
import { type Directory, type ResolvedStep, resolveRoute } from './routing';

type Doc = NonNullable<Awaited<ReturnType<typeof repo.lockDocument>>>;

/** Everything about people the route needs, read once, then served synchronously to the resolver. */
async function directoryFor(db: Db, companyId: number, d: Doc, roleCodes: string[]): Promise<Directory> {
  const people = new Map<number, { managerId: number | null; limit: Money | null }>();
  let frontier = [d.applicantId];
  for (let depth = 0; depth < 30 && frontier.length; depth++) {
    const rows = await repo.people(db, frontier);
    frontier = [];
    for (const r of rows) {
      people.set(r.id, { managerId: r.managerId, limit: r.limit });
      if (r.managerId !== null && !people.has(r.managerId)) frontier.push(r.managerId);
    }
  }
  const heads = d.costCentreId ? await repo.headsOf(db, d.costCentreId) : [];
  const roles = new Map<string, number[]>();
  for (const code of roleCodes) roles.set(code, await repo.roleMembers(db, companyId, code));
  return {
    managerOf: (id) => people.get(id)?.managerId ?? null,
    approvalLimitOf: (id) => people.get(id)?.limit ?? null,
    costCentreHeads: (cc) => (cc === d.costCentreId ? heads : []),
    roleMembers: (code) => roles.get(code) ?? [],
    specialApprovers: () => [],
  };
}

/** The route this document would take now (the preview before submit, and the snapshot at submit). */
export async function route(db: Db, d: Doc): Promise<ResolvedStep[]> {
  const template = await repo.templateFor(db, d.companyId, d.docType, d.expenseTypeId);
  if (!template) throw refused('workflow.setting_missing');
  const lines = await linesOf(db, d.id);
  const dir = await directoryFor(
    db,
    d.companyId,
    d,
    template.details.flatMap((s) => (s.roleCode ? [s.roleCode] : [])),
  );
  return resolveRoute(
    template.details.map((s) => ({
      seq: s.seq,
      kind: s.stepKind,
      roleCode: s.roleCode,
      personId: s.personId,
      minAmount: s.minAmount,
      maxAmount: s.maxAmount,
      expenseItemIds: s.expenseItemIds,
      hcpOnly: s.hcpOnly,
      overseasOnly: s.overseasOnly,
      nameZh: s.nameZh,
      nameEn: s.nameEn,
    })),
    {
      type: d.docType,
      applicantId: d.applicantId,
      preparerId: d.preparerId,
      amountCny: d.totalAmountCny,
      costCentreId: d.costCentreId,
      expenseItemIds: lines.flatMap(({ l }) => (l.expenseItemId ? [l.expenseItemId] : [])),
      hasHcp: false,
      overseas: false,
    },
    dir,
  );
}
