import type { Db } from '../../../core/db';
import { parameter } from '../../system/system.service';

/** The GL accounts every voucher uses beside the expense accounts, each a technical parameter with a default. */
const ACCOUNTS = {
  payable: ['GLEmployeePayable', '224101'],
  advance: ['GLEmployeeAdvance', '122101'],
  inputVat: ['GLInputVAT', '22210101'],
  bank: ['GLBank', '100201'],
} as const;
export type AccountRole = keyof typeof ACCOUNTS;

export async function glAccount(db: Db, companyId: number, role: AccountRole): Promise<string> {
  const [key, fallback] = ACCOUNTS[role];
  return (await parameter(db, companyId, key))?.value?.trim() || fallback;
}
