import { isMaskedAccount, maskBankAccount } from '@ems/contracts';

/**
 * The one rule of bank account numbers (docs/decisions/038): every list and export masks them (`**** **** 1234`)
 * unless the caller holds a function that pays people, the remittance (`expenseRemittance`): its six steps, the
 * remittance list and its print, the bank file and the payment runs' data need the whole number. Besides that rule,
 * three places show the whole number by purpose, not by function, each calling `wholeAccount` with its reason: the
 * person's own profile and own pay detail (`own`), and the one-record edit forms of people and providers (`editing`),
 * whose saves keep the stored number when the mask comes back unchanged (`keptAccount`).
 */
/** Whoever a list or export is for: a signed-in user (the functions they hold decide). */
export type Viewer = { functions: ReadonlySet<string> } | null | undefined;

export const WHOLE_ACCOUNT_FUNCTIONS: readonly string[] = ['expenseRemittance'];

export function canSeeWholeAccount(user: Viewer): boolean {
  return !!user && WHOLE_ACCOUNT_FUNCTIONS.some((f) => user.functions.has(f));
}

/** The account as this caller may see it in a list or export: whole with the function, else masked. */
export function shownAccount(user: Viewer, account: string | null | undefined): string | null {
  return canSeeWholeAccount(user) ? (account ?? null) : maskBankAccount(account);
}

/** The whole number where a screen's purpose needs it whoever asks: the person's own data, or a one-record edit form. */
export function wholeAccount(account: string | null | undefined, _because: 'own' | 'editing'): string | null {
  return account ?? null;
}

/**
 * What an edit saves as the account: a masked value sent back unchanged (a form or an import filled from a masked
 * list or export) keeps the stored number; anything else is the new number.
 */
export function keptAccount<T extends string | null | undefined>(
  sent: T,
  stored: string | null | undefined,
): T | string | null {
  if (typeof sent === 'string' && isMaskedAccount(sent)) return stored ?? null;
  return sent;
}
