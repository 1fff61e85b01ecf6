import { compareMoney, type DocType, type Money } from '@ems/contracts';
import { refused } from '../../../core/errors';

/**
 * Route resolution (DESIGN §10): the route template's steps, filtered by their conditions and turned into
 * concrete approvers for one document. Pure: everything it needs about people comes through `Directory`,
 * so the rules are tested without a database and the result is the snapshot stored at submit.
 */

export type StepKind =
  | 'responsible_confirm'
  | 'line_manager'
  | 'cost_centre_head'
  | 'approval_limit_chain'
  | 'role'
  | 'person'
  | 'special_approver';

export interface RouteTemplateStep {
  seq: number;
  kind: StepKind;
  roleCode?: string | null;
  personId?: number | null;
  minAmount?: Money | null;
  maxAmount?: Money | null;
  expenseItemIds?: number[] | null;
  hcpOnly?: boolean;
  overseasOnly?: boolean;
  nameZh: string;
  nameEn: string;
}

export interface RouteDocument {
  type: DocType;
  applicantId: number;
  preparerId: number;
  amountCny: Money;
  costCentreId: number | null;
  expenseItemIds: number[];
  hasHcp: boolean;
  overseas: boolean;
}

export interface Directory {
  managerOf(employeeId: number): number | null;
  /** null: no limit recorded (cannot cover any amount by limit). */
  approvalLimitOf(employeeId: number): Money | null;
  /** Heads in approval order; amountLimit null means their approval suffices for any amount. */
  costCentreHeads(costCentreId: number): { employeeId: number; amountLimit: Money | null }[];
  roleMembers(roleCode: string): number[];
  /** Whether a person named by a step can still approve (not left, not frozen for resignation). */
  canApprove(employeeId: number): boolean;
  /** The special approvers set on these expense items, once each, in the items' order. */
  specialApprovers(expenseItemIds: number[]): number[];
}

export interface ResolvedStep {
  seq: number;
  kind: StepKind;
  approverId: number;
  /** Language key (workflow.reason.*) saying why this person, with parameters. */
  reasonKey: string;
  /** Approved at once: the same person approved the step just before. */
  auto: boolean;
  nameZh: string;
  nameEn: string;
}

function applies(step: RouteTemplateStep, doc: RouteDocument): boolean {
  if (step.minAmount && compareMoney(doc.amountCny, step.minAmount) < 0) return false;
  if (step.maxAmount && compareMoney(doc.amountCny, step.maxAmount) > 0) return false;
  if (step.expenseItemIds?.length && !doc.expenseItemIds.some((id) => step.expenseItemIds!.includes(id))) return false;
  if (step.hcpOnly && !doc.hasHcp) return false;
  if (step.overseasOnly && !doc.overseas) return false;
  return true;
}

function covers(limit: Money | null, amount: Money): boolean {
  return limit !== null && compareMoney(limit, amount) >= 0;
}

/** Line managers from the applicant's manager upwards until one whose limit covers the amount. */
function limitChain(doc: RouteDocument, dir: Directory): number[] {
  const chain: number[] = [];
  const seen = new Set<number>([doc.applicantId]);
  let current = dir.managerOf(doc.applicantId);
  while (current !== null && !seen.has(current)) {
    chain.push(current);
    seen.add(current);
    if (covers(dir.approvalLimitOf(current), doc.amountCny)) return chain;
    current = dir.managerOf(current);
  }
  // The top of the line approves whatever no limit covers.
  return chain;
}

function approversOf(
  step: RouteTemplateStep,
  doc: RouteDocument,
  dir: Directory,
): { ids: number[]; reasonKey: string } {
  switch (step.kind) {
    case 'responsible_confirm':
      // The applicant's confirmation of a proxy's preparation happens before the route (state confirming).
      return { ids: [], reasonKey: 'workflow.reason.responsible_confirm' };
    case 'line_manager': {
      const m = dir.managerOf(doc.applicantId);
      return { ids: m === null ? [] : [m], reasonKey: 'workflow.reason.line_manager' };
    }
    case 'cost_centre_head': {
      if (doc.costCentreId === null) return { ids: [], reasonKey: 'workflow.reason.cost_centre_head' };
      const ids: number[] = [];
      for (const head of dir.costCentreHeads(doc.costCentreId)) {
        ids.push(head.employeeId);
        if (head.amountLimit === null || covers(head.amountLimit, doc.amountCny)) break;
      }
      return { ids, reasonKey: 'workflow.reason.cost_centre_head' };
    }
    case 'approval_limit_chain':
      return { ids: limitChain(doc, dir), reasonKey: 'workflow.reason.approval_limit' };
    case 'role':
      return { ids: dir.roleMembers(step.roleCode ?? '').slice(0, 1), reasonKey: 'workflow.reason.role' };
    case 'person':
      return {
        ids: step.personId && dir.canApprove(step.personId) ? [step.personId] : [],
        reasonKey: 'workflow.reason.person',
      };
    case 'special_approver': {
      // A step limited to some items asks only their special approvers.
      const items = step.expenseItemIds?.length
        ? doc.expenseItemIds.filter((id) => step.expenseItemIds!.includes(id))
        : doc.expenseItemIds;
      return { ids: dir.specialApprovers(items), reasonKey: 'workflow.reason.special_approver' };
    }
  }
}

/** Steps whose kind must find someone: a route with nobody there cannot be submitted. */
const REQUIRED: readonly StepKind[] = [
  'line_manager',
  'approval_limit_chain',
  'cost_centre_head',
  'role',
  'person',
  'special_approver',
];

export function resolveRoute(template: RouteTemplateStep[], doc: RouteDocument, dir: Directory): ResolvedStep[] {
  const steps: ResolvedStep[] = [];
  for (const step of [...template].sort((a, b) => a.seq - b.seq)) {
    if (!applies(step, doc)) continue;
    const { ids, reasonKey } = approversOf(step, doc, dir);
    if (
      ids.length === 0 &&
      REQUIRED.includes(step.kind) &&
      !(step.kind === 'cost_centre_head' && doc.costCentreId === null)
    ) {
      throw refused(
        step.kind === 'special_approver' ? 'workflow.special_approver_missing' : 'workflow.approver_missing',
        {
          step: step.nameZh,
          stepEn: step.nameEn,
        },
      );
    }
    for (const id of ids) {
      // Nobody approves their own document: their manager does.
      let approverId = id;
      let key = reasonKey;
      if (approverId === doc.applicantId) {
        const m = dir.managerOf(doc.applicantId);
        if (m === null) throw refused('workflow.approver_missing', { step: step.nameZh, stepEn: step.nameEn });
        approverId = m;
        key = 'workflow.reason.self_replaced';
      }
      const previous = steps.at(-1);
      steps.push({
        seq: steps.length + 1,
        kind: step.kind,
        approverId,
        reasonKey: key,
        auto: previous !== undefined && previous.approverId === approverId,
        nameZh: step.nameZh,
        nameEn: step.nameEn,
      });
    }
  }
  if (steps.length === 0) throw refused('workflow.route_empty');
  return steps;
}
