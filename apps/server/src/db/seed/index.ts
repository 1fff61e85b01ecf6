import { randomBytes } from 'node:crypto';
import type { Config } from '../../core/config';
import type { Db } from '../../core/db';
import { registerDocumentFollowers } from '../../modules/followers';
import { seedBase } from './base';
import { seedDemoBanks } from './demo-banks';
import { seedDemoBudgets } from './demo-budgets';
import { seedDemoCards } from './demo-cards';
import { type DemoClock, type DemoRun, demoClock } from './demo-clock';
import { seedDemoCompliance, seedDemoMeetings } from './demo-compliance';
import { seedDemoCustomers } from './demo-customers';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoExpenseMaster } from './demo-expmd';
import { seedDemoFinanceStates } from './demo-finance';
import { seedDemoFinance, seedDemoPeriods } from './demo-finmd';
import { seedDemoFreezes } from './demo-freezes';
import { bootstrapAdmin, hasAnyCompany, seedDemoOrg } from './demo-org';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-org.data';
import { seedDemoOrgStructure } from './demo-org-structure';
import { seedDemoSales } from './demo-sales';
import { seedDemoTmc } from './demo-tmc';

/**
 * The demo data set, in order: each step may rely on what the earlier ones loaded. The doctors' meetings of the months
 * gone by come before the cut-off days that have closed those months since, as they were claimed while still open.
 */
const DEMO_STEPS: ((db: Db, demo: DemoRun) => Promise<void>)[] = [
  seedDemoOrg,
  seedDemoOrgStructure,
  seedDemoFinance,
  seedDemoExpenseMaster,
  seedDemoBanks,
  seedDemoCustomers,
  seedDemoDocuments,
  seedDemoTmc,
  seedDemoFreezes,
  seedDemoMeetings,
  seedDemoPeriods,
  seedDemoFinanceStates,
  seedDemoSales,
  seedDemoCompliance,
  seedDemoBudgets,
  seedDemoCards,
];

export interface SeedOutcome {
  demoLoaded: boolean;
  /** Printed once when a production database gets its first administrator. */
  adminPassword?: string;
}

/**
 * Base data at every start; demo data once, on an empty database, unless production (LOAD_DEMO_DATA overrides). The
 * demo's dates are placed from `clock` (now, unless told).
 */
export async function seed(
  db: Db,
  config: Pick<Config, 'loadDemoData' | 'dataDir'>,
  opts: { clock?: DemoClock } = {},
): Promise<SeedOutcome> {
  // The demo's documents change state through the lifecycle, here often without an app built.
  registerDocumentFollowers();
  await seedBase(db);
  if (await hasAnyCompany(db)) return { demoLoaded: false };
  if (config.loadDemoData) {
    const demo: DemoRun = { dataDir: config.dataDir, clock: opts.clock ?? demoClock() };
    for (const step of DEMO_STEPS) await step(db, demo);
    return { demoLoaded: true };
  }
  const adminPassword = `${randomBytes(9).toString('base64url')}1a`;
  await bootstrapAdmin(db, adminPassword);
  return { demoLoaded: false, adminPassword };
}

export function demoLogins(): string {
  const lines = DEMO_USERS.map((u) => `  ${u.username.padEnd(12)} ${u.en}`);
  return `Demo sign-in users (password ${DEMO_PASSWORD}):\n${lines.join('\n')}`;
}
