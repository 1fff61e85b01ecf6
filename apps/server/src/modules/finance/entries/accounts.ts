import type { Db } from '../../../core/db';
import { parameter } from '../../system/system.service';

/** The GL accounts every voucher uses beside the expense accounts, each a technical parameter with a default. */
const ACCOUNTS = {
  payable: ['GLEmployeePayable', '224101'],
  advance: ['GLEmployeeAdvance', '122101'],
  inputVat: ['GLInputVAT', '22210101'],
  bank: ['GLBank', '100201'],
  fixedAsset: ['GLFixedAsset', '160101'],
  /** What the company owes its travel-management company for the air tickets its TMC account paid. */
  tmcPayable: ['GLTMCPayable', '220203'],
  /** The employees' private business-card spend the company paid the issuer, cleared by a payment's deduction. */
  cardClearing: ['GLBusinessCardClearing', '224102'],
  /** 应交税费—应交个人所得税: the individual income tax withheld on lecture fees (docs/decisions/050). */
  iitPayable: ['GLIITPayable', '222106'],
} as const;
export type AccountRole = keyof typeof ACCOUNTS;

export async function glAccount(db: Db, companyId: number, role: AccountRole): Promise<string> {
  const [key, fallback] = ACCOUNTS[role];
  return (await parameter(db, companyId, key))?.value?.trim() || fallback;
}

/** Every such account with the parameter that sets it, as in force for the company. */
export async function glAccountSettings(db: Db, companyId: number): Promise<{ key: string; value: string }[]> {
  const roles = Object.keys(ACCOUNTS) as AccountRole[];
  return Promise.all(roles.map(async (r) => ({ key: ACCOUNTS[r][0], value: await glAccount(db, companyId, r) })));
}

/**
 * How fixed assets are recognised (docs/decisions): the expense items kept as assets are listed by code in the
 * `FixedAssetItems` parameter (comma separated), and a line of one of them is an asset above `FixedAssetThreshold`
 * CNY (net of deductible VAT).
 */
export async function fixedAssetRule(db: Db, companyId: number) {
  const items = (await parameter(db, companyId, 'FixedAssetItems'))?.value ?? '';
  const threshold = (await parameter(db, companyId, 'FixedAssetThreshold'))?.value?.trim() ?? '';
  return {
    itemCodes: new Set(
      items
        .split(/[,，;\s]+/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
    threshold: /^\d+(\.\d{1,2})?$/.test(threshold) ? threshold : '5000.00',
  };
}
