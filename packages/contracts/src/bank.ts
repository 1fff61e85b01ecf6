import { z } from 'zod';

/**
 * The account holder's name as registered with the bank account (户名). The bank checks it against the account, so
 * the bank file names the payee by it, whatever the language of the clerk who remits. Blank means "the Chinese
 * name", the usual registration of a mainland account.
 */
export const BankAccountName = z.string().trim().max(200);

/** The payee name the bank file, the remittance list and its PDF use: the registered holder, else the Chinese name. */
export function bankAccountHolder(registered: string | null | undefined, nameZh: string): string {
  return registered?.trim() || nameZh;
}
