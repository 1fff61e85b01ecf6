import type { DocType, Money } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { refused } from '../../../core/errors';
import { hcpSpendOf } from '../../documents/customers/customer.service';
import { type LineFacts, lineFacts } from '../../documents/document.service';
import * as repo from '../approval/approval.repository';
import { type Directory, type ResolvedStep, resolveRoute } from './routing';

/** What routing needs of a document. */
export interface RoutedDocument {
  id: number;
  companyId: number;
  docType: DocType;
  expenseTypeId: number | null;
  applicantId: number;
  preparerId: number;
  totalAmountCny: Money;
  costCentreId: number | null;
}

/** Statuses in which a person can still act on an approval step. */
const CAN_APPROVE = new Set(['active', 'overdue_frozen']);

/**
 * Whether the document has HCP/HCO spend and overseas spend, the facts "HCP spend only" and "overseas only" steps
 * depend on: HCP spend from its lines' expense items, its HCP/HCO attendees and its lecturer fees.
 */
export function spendFacts(
  lines: readonly Pick<LineFacts, 'involvesHcp' | 'overseas'>[],
  customers: { attendees: number; lecturers: number } = { attendees: 0, lecturers: 0 },
) {
  return {
    hasHcp: lines.some((l) => l.involvesHcp === true) || customers.attendees > 0 || customers.lecturers > 0,
    overseas: lines.some((l) => l.overseas === true),
  };
}

/** Special approvers by expense item, as set on the item, keeping only people who can still approve. */
function specialApproversByItem(lines: readonly LineFacts[]): Map<number, number> {
  const byItem = new Map<number, number>();
  for (const l of lines) {
    if (l.expenseItemId === null || l.specialApproverId === null) continue;
    if (l.specialApproverStatus !== null && CAN_APPROVE.has(l.specialApproverStatus)) {
      byItem.set(l.expenseItemId, l.specialApproverId);
    }
  }
  return byItem;
}

/** Everything about people the route needs, read once, then served synchronously to the resolver. */
async function directoryFor(
  db: Db,
  companyId: number,
  d: RoutedDocument,
  roleCodes: string[],
  personIds: number[],
  lines: readonly LineFacts[],
): Promise<Directory> {
  const people = new Map<number, { managerId: number | null; limit: Money | null }>();
  for (const r of await repo.managerChain(db, d.applicantId, 30))
    people.set(r.id, { managerId: r.managerId, limit: r.limit as Money | null });
  const heads = d.costCentreId ? await repo.headsOf(db, d.costCentreId) : [];
  const roles = new Map<string, number[]>();
  for (const code of roleCodes) roles.set(code, await repo.roleMembers(db, companyId, code));
  const able = new Set((await repo.people(db, personIds)).filter((p) => CAN_APPROVE.has(p.status)).map((p) => p.id));
  const special = specialApproversByItem(lines);
  return {
    managerOf: (id) => people.get(id)?.managerId ?? null,
    approvalLimitOf: (id) => people.get(id)?.limit ?? null,
    costCentreHeads: (cc) => (cc === d.costCentreId ? heads : []),
    roleMembers: (code) => roles.get(code) ?? [],
    canApprove: (id) => able.has(id),
    specialApprovers: (itemIds) => [...new Set(itemIds.flatMap((id) => (special.has(id) ? [special.get(id)!] : [])))],
  };
}

/**
 * The route this document would take now (the preview before submit, and the snapshot at submit). `known`: its
 * lines' facts as submit's checks just read them in this transaction, not read again.
 */
export async function route(db: Db, d: RoutedDocument, known?: readonly LineFacts[]): Promise<ResolvedStep[]> {
  const template = await repo.templateFor(db, d.companyId, d.docType, d.expenseTypeId);
  if (!template) throw refused('workflow.setting_missing');
  const [lines, customers] = await Promise.all([known ?? lineFacts(db, d.id), hcpSpendOf(db, d.id)]);
  const dir = await directoryFor(
    db,
    d.companyId,
    d,
    template.details.flatMap((s) => (s.stepKind === 'role' && s.roleCode ? [s.roleCode] : [])),
    template.details.flatMap((s) => (s.stepKind === 'person' && s.personId ? [s.personId] : [])),
    lines,
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
      expenseItemIds: lines.flatMap((l) => (l.expenseItemId ? [l.expenseItemId] : [])),
      ...spendFacts(lines, customers),
    },
    dir,
  );
}

/**
 * Whether approve-all may take each document: the company's technical parameter AllowBatchApprove and the
 * AllowBatchApprove of the route template the document's type uses now (a setting about how to approve, not who,
 * so it applies to documents already in approval).
 */
export async function batchApprovable(
  db: Db,
  companyId: number,
  docs: readonly { docType: DocType; expenseTypeId: number | null }[],
  /** The company's technical parameter AllowBatchApprove: when it is false, no document is. */
  companyAllows: boolean,
): Promise<boolean[]> {
  if (docs.length === 0) return [];
  if (!companyAllows) return docs.map(() => false);
  // One read of the company's routes for the whole page, chosen as `templateFor` chooses: the expense type's own
  // route first, else the document type's general one, the lowest code among equals.
  const routes = await repo.activeRoutes(db, companyId);
  return docs.map((d) => {
    const of = (expenseTypeId: number | null) =>
      routes.find((r) => r.docType === d.docType && r.expenseTypeId === expenseTypeId);
    const route = (d.expenseTypeId === null ? undefined : of(d.expenseTypeId)) ?? of(null);
    return route?.allowBatchApprove ?? true;
  });
}
