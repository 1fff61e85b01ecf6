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

type PerType = Readonly<Record<DocType, string>>;
const perType = (prefix: string, [apply, loan, deputy]: readonly [string, string, string], suffix = ''): PerType => ({
  apply: `${prefix}${apply}${suffix}`,
  loan: `${prefix}${loan}${suffix}`,
  deputy: `${prefix}${deputy}${suffix}`,
});
const same = (path: string): PerType => ({ apply: path, loan: path, deputy: path });
const SAVE = perType('/api/document/Save', ['Plan', 'Loan', 'Deputy'], 'Detail');
const SUBMIT = perType('/api/DocumentSubmit/Submit', ['Apply', 'Loan', 'Deputy']);
const DECIDE = perType('/api/DocumentApprove/Approve', ['Apply', 'Loan', 'Deputy']);
const CONFIRM = same('/api/DocumentApprove/ResponsibleConfirm');

/**
 * The call that takes each action a document may offer (per document type), with the function that call requires.
 * An action not listed has no endpoint yet and is never offered (finance actions arrive with their screens).
 */
export const ACTION_ROUTES = {
  edit: { paths: SAVE, permission: 'personalExpense' },
  delete: { paths: same('/api/document/DeleteDocument'), permission: 'personalExpense' },
  submit: { paths: SUBMIT, permission: 'personalExpense' },
  confirm: { paths: CONFIRM, permission: 'personalExpense' },
  decline: { paths: CONFIRM, permission: 'personalExpense' },
  approve: { paths: DECIDE, permission: 'approveCenter' },
  reject: { paths: DECIDE, permission: 'approveCenter' },
  change_approver: { paths: same('/api/document/ChangeApprove'), permission: 'authenticated' },
  admin_cancel: { paths: same('/api/system/UpateDocumentState'), permission: 'workflow' },
  // The shared-service centre's review (finance/review): any holder of the screen's function acts company-wide.
  pass: { paths: same('/api/CheckDocument/NormalCheck'), permission: 'expensewriteoff' },
  no_pass: { paths: same('/api/CheckDocument/BackOrder'), permission: 'expensewriteoff' },
  writeoff_cancel: { paths: same('/api/CheckDocument/CancelWriteOff'), permission: 'expensewriteoff' },
  chargeback: { paths: same('/api/Chargeback/ChargebackNewOrder'), permission: 'chargeBack' },
  hold: { paths: same('/api/Chargeback/SaveSTOrder'), permission: 'chargeBack' },
  release: { paths: same('/api/Chargeback/SaveSTOrder'), permission: 'chargeBack' },
  re_receive: { paths: same('/api/ReturnDocumentsCenter/ReReceive'), permission: 'ChargebackProcessingCenter' },
  mark_paid: { paths: perType('/api/document/PayedFor', ['Deputy', 'Loan', 'Deputy']), permission: 'PaymentManage' },
  complete_unpaid: { paths: same('/api/document/OnlyAirTicketCompleted'), permission: 'PaymentManage' },
} as const satisfies Partial<Record<DocAction, { paths: PerType; permission: string }>>;
export type OfferedAction = keyof typeof ACTION_ROUTES;
const OFFERED = Object.keys(ACTION_ROUTES) as OfferedAction[];

/**
 * Whether the user is entitled to take `action` on the document (the lifecycle says when; this says who). The one
 * rule both `allowedActions` and each endpoint apply, so the screen never offers what the call refuses.
 * `currentApprover` says whether the user (or whom they act for) holds the pending approval step.
 */
export function entitled(user: SessionUser, d: DocFacts, action: OfferedAction, currentApprover = false): boolean {
  const { permission } = ACTION_ROUTES[action];
  if (permission !== 'authenticated' && !user.functions.has(permission)) return false;
  switch (action) {
    case 'edit':
    case 'delete':
    case 'submit':
      return isOwner(user, d);
    case 'confirm':
    case 'decline':
      return d.applicantId === user.userId;
    case 'approve':
    case 'reject':
      return currentApprover;
    case 'change_approver':
    case 'admin_cancel':
      return user.isAdmin;
    case 'pass':
    case 'no_pass':
    case 'writeoff_cancel':
    case 'chargeback':
    case 'hold':
    case 'release':
    case 're_receive':
    // Finance marks paid and completes any document of the company it can read.
    case 'mark_paid':
    case 'complete_unpaid':
      return true;
  }
}

/** What this user may do with the document now: the lifecycle's possible actions the user is entitled to. */
export function allowedActions(user: SessionUser, d: DocFacts, currentApprover: boolean): DocAction[] {
  const possible = possibleActions(d.docType, d.status);
  return OFFERED.filter((a) => possible.includes(a) && entitled(user, d, a, currentApprover));
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
