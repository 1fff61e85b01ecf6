import { z } from 'zod';

export const DOC_TYPES = ['apply', 'loan', 'deputy'] as const;
export const DocType = z.enum(DOC_TYPES);
export type DocType = z.infer<typeof DocType>;

/** Every state of the one document lifecycle (DESIGN §9). */
export const DOC_STATES = [
  'draft',
  'confirming',
  'approving',
  'returned',
  'approved',
  'received',
  'reviewing',
  'held',
  'to_post',
  'post_failed',
  'posted',
  'remitting',
  'paid',
  'closed',
  'cancelled',
] as const;
export const DocState = z.enum(DOC_STATES);
export type DocState = z.infer<typeof DocState>;

/** Every action that moves a document (or edits it in place). */
export const DOC_ACTIONS = [
  'edit',
  'delete',
  'submit',
  'submit_for_confirm',
  'confirm',
  'decline',
  'approve',
  'reject',
  'change_approver',
  'cancel',
  'receive',
  'skip_mailing',
  'start_review',
  'pass',
  'no_pass',
  'chargeback',
  'hold',
  'release',
  'post_ok',
  'post_fail',
  'resend',
  'add_to_remittance',
  'remove_from_remittance',
  'mark_paid',
  'close',
  'admin_cancel',
] as const;
export const DocAction = z.enum(DOC_ACTIONS);
export type DocAction = z.infer<typeof DocAction>;
