import { DOC_ACTIONS, DOC_STATES, type DocAction, type DocState, type DocType } from '@ems/contracts';

/**
 * The one lifecycle of apply, loan and deputy documents (DESIGN §9), written once. Who may take an action on a
 * given document (applicant, proxy, approver, SSC, administrator) is the policy's concern; this table says
 * which actions a state allows for a document type and where each leads.
 */
interface Transition {
  from: readonly DocState[];
  /** Possible next states; approve leads on to the next step or, after the last one, to approved. */
  to: readonly DocState[];
  types: readonly DocType[];
}

const ALL: readonly DocType[] = ['apply', 'loan', 'deputy'];
/** Only money that is paid goes through the shared-service centre. */
const PAID: readonly DocType[] = ['loan', 'deputy'];
const AT_SSC: readonly DocState[] = ['received', 'reviewing'];

export const TRANSITIONS: Record<DocAction, Transition> = {
  edit: { from: ['draft', 'returned'], to: ['draft', 'returned'], types: ALL },
  delete: { from: ['draft'], to: [], types: ALL },
  submit: { from: ['draft', 'returned'], to: ['approving'], types: ALL },
  submit_for_confirm: { from: ['draft', 'returned'], to: ['confirming'], types: ALL },
  confirm: { from: ['confirming'], to: ['approving'], types: ALL },
  decline: { from: ['confirming'], to: ['returned'], types: ALL },
  approve: { from: ['approving'], to: ['approving', 'approved'], types: ALL },
  reject: { from: ['approving'], to: ['returned'], types: ALL },
  change_approver: { from: ['approving'], to: ['approving'], types: ALL },
  cancel: { from: ['draft', 'returned'], to: ['cancelled'], types: ALL },
  receive: { from: ['approved'], to: ['received'], types: PAID },
  skip_mailing: { from: ['approved'], to: ['reviewing'], types: PAID },
  // The post centre undoes a scan made by mistake (delete all) or sends the paper back to its owner (return all).
  unreceive: { from: ['received'], to: ['approved'], types: PAID },
  return_mail: { from: ['received'], to: ['returned'], types: PAID },
  start_review: { from: ['received'], to: ['reviewing'], types: PAID },
  pass: { from: AT_SSC, to: ['to_post'], types: PAID },
  no_pass: { from: AT_SSC, to: ['returned'], types: PAID },
  // A document passed but whose voucher was not yet sent may still be charged back (its voucher is withdrawn).
  chargeback: { from: [...AT_SSC, 'held', 'to_post'], to: ['returned'], types: PAID },
  hold: { from: AT_SSC, to: ['held'], types: PAID },
  release: { from: ['held'], to: ['reviewing'], types: PAID },
  // Write-off cancel: back to review before the voucher is sent; the returns centre receives unchanged paper again.
  writeoff_cancel: { from: ['to_post'], to: ['reviewing'], types: PAID },
  re_receive: { from: ['returned'], to: ['received'], types: PAID },
  post_ok: { from: ['to_post'], to: ['posted'], types: PAID },
  post_fail: { from: ['to_post'], to: ['post_failed'], types: PAID },
  resend: { from: ['post_failed'], to: ['to_post'], types: PAID },
  add_to_remittance: { from: ['posted'], to: ['remitting'], types: PAID },
  remove_from_remittance: { from: ['remitting'], to: ['posted'], types: PAID },
  mark_paid: { from: ['posted', 'remitting'], to: ['paid'], types: PAID },
  // The bank answered that a remitted payment failed: the document waits for remittance again (docs/decisions/048).
  payment_failed: { from: ['paid'], to: ['posted'], types: PAID },
  // A posted deputy with nothing to pay (air tickets the company paid, or fully offset against loans) closes unpaid.
  complete_unpaid: { from: ['posted'], to: ['closed'], types: ['deputy'] },
  // Account completion; an apply closes when it is used up or withdrawn after approval.
  close: { from: ['approved', 'posted', 'paid'], to: ['closed'], types: ALL },
  admin_cancel: {
    from: DOC_STATES.filter((s) => s !== 'closed' && s !== 'cancelled'),
    to: ['cancelled'],
    types: ALL,
  },
};

export type Check = { ok: true; to: readonly DocState[] } | { ok: false; code: string; params: Record<string, string> };

/** Whether `action` may be taken on a document of `type` in `state`, and where it leads; otherwise a coded refusal. */
export function check(type: DocType, state: DocState, action: DocAction): Check {
  const t = TRANSITIONS[action];
  if (!t.types.includes(type)) return { ok: false, code: 'document.action_not_for_type', params: { action, type } };
  if (!t.from.includes(state)) return { ok: false, code: 'document.action_not_allowed', params: { action, state } };
  // close is only for an apply that is approved, and only for paid money once posted or paid.
  if (action === 'close' && (type === 'apply') !== (state === 'approved')) {
    return { ok: false, code: 'document.action_not_allowed', params: { action, state } };
  }
  return { ok: true, to: t.to };
}

/** Every action the lifecycle allows now, before who-may-act is applied. */
export function possibleActions(type: DocType, state: DocState): DocAction[] {
  return DOC_ACTIONS.filter((a) => check(type, state, a).ok);
}

export const TERMINAL: readonly DocState[] = ['closed', 'cancelled'];
/** Approved and on the way through finance (or done): where finance and the all-documents view see a document (DOC_STATES runs in lifecycle order). */
export const AT_FINANCE: readonly DocState[] = DOC_STATES.slice(
  DOC_STATES.indexOf('approved'),
  DOC_STATES.indexOf('closed') + 1,
);
/** States in which the document's content may still change. */
export const EDITABLE: readonly DocState[] = ['draft', 'returned'];

/**
 * History comments the system writes as codes rather than words, per action (no person comments these actions): a
 * reader shows the label `history.note.<code>` in the reader's language instead of the code.
 */
const SYSTEM_NOTES: Partial<Record<DocAction, readonly string[]>> = {
  skip_mailing: ['no_mailing', 'not_received_confirmed'],
};

/** A history row's comment as shown: a person's words as written, the system's code by its label. */
export function historyComment(
  h: { action: string; comment: string | null },
  label: (key: string) => string,
): string | null {
  if (h.comment !== null && SYSTEM_NOTES[h.action as DocAction]?.includes(h.comment))
    return label(`history.note.${h.comment}`);
  return h.comment;
}
