import type { DocAction, DocState, DocType } from '@ems/contracts';
import type { SessionUser } from '../../../core/http';
import { possibleActions } from './document.state';

export interface DocFacts {
  docType: DocType;
  status: DocState;
  applicantId: number;
  preparerId: number;
}

/** People the user may act as on documents: themself, and whom they prepare documents for as fill-in proxy today. */
export function actingPeople(user: SessionUser): number[] {
  return user.actingFor?.kinds.includes('fill_in') ? [user.userId, user.actingFor.principalId] : [user.userId];
}

/** Whom the user approves for now: themself, and the principal of an approval proxy they act through today. */
export function approversFor(user: SessionUser): number[] {
  return user.actingFor?.kinds.includes('approve') ? [user.userId, user.actingFor.principalId] : [user.userId];
}

/** The applicant, the preparer, or someone acting for the applicant as fill-in proxy. */
export function isOwner(user: SessionUser, d: DocFacts): boolean {
  return d.applicantId === user.userId || d.preparerId === user.userId || actingPeople(user).includes(d.applicantId);
}

const OWNER_ACTIONS: readonly DocAction[] = ['edit', 'delete', 'submit', 'cancel'];

/**
 * What this user may do with the document now: the lifecycle's possible actions, kept to those the user is
 * entitled to. `currentApprover` says whether the user (or whom they act for) holds the pending approval step.
 */
export function allowedActions(user: SessionUser, d: DocFacts, currentApprover: boolean): DocAction[] {
  return possibleActions(d.docType, d.status).filter((a) => {
    if (OWNER_ACTIONS.includes(a)) return isOwner(user, d);
    if (a === 'confirm' || a === 'decline') return d.applicantId === user.userId;
    if (a === 'approve' || a === 'reject') return currentApprover;
    if (a === 'change_approver' || a === 'admin_cancel') return user.isAdmin;
    // Finance actions belong to the finance centre's screens.
    return false;
  });
}

/** Every screen from which a document can be opened; what the user may see of it is `visible()`'s concern. */
export const DOCUMENT_READERS = [
  'personalExpense',
  'approveCenter',
  'personalApproveHistory',
  'documentViewCenter',
  'documentViewCompliance',
  'documentViewAudit',
  'documentViewCenterAll',
  'documentPostCenter',
] as const;
