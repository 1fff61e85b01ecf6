import {
  BankBranchRow,
  ImportResult,
  Ok,
  PayerAccountRow,
  pageOf,
  SavePayerAccountBody,
  SearchBankBranchBody,
  SearchPayerAccountBody,
  SetBankBranchStatusBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { postGroup } from '../../../core/http';
import * as banks from './banks.service';

const BRANCHES = 'bankBranch';
const PAYERS = 'payerAccount';

/** The bank-branch directory (/api/BankBranch/) and the company's paying accounts (/api/PayerAccount/). */
export async function bankRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const branch = postGroup(app, { base: '/api/BankBranch', permission: BRANCHES, tags: ['bank branches'] });
  branch(
    'Search',
    {
      summary: 'The bank-branch directory: CNAPS code, bank, branch, city',
      body: SearchBankBranchBody,
      response: pageOf(BankBranchRow),
    },
    async (req) => banks.searchBranches(ctx.db, actorOf(req), req.body),
  );
  // Whoever keeps bank details (their own, a person's, a vendor's) picks a branch from the directory.
  branch(
    'Pick',
    {
      summary: 'Active branches to pick for a bank account (search as you type)',
      body: SearchBankBranchBody,
      response: pageOf(BankBranchRow),
      permission: 'authenticated',
    },
    async (req) => banks.searchBranches(ctx.db, actorOf(req), { ...req.body, Status: 'active' }),
  );
  branch('SetStatus', { summary: 'Stop or start branches', body: SetBankBranchStatusBody, response: Ok }, async (req) =>
    banks.setBranchStatus(ctx.db, actorOf(req), req.body),
  );
  branch(
    'Import',
    {
      summary: 'Import the directory from .xlsx or the published CSV (by CNAPS code): all rows or none',
      multipart: true,
      response: ImportResult,
    },
    async (req) => banks.importBranches(ctx, req, actorOf(req)),
  );

  const payer = postGroup(app, { base: '/api/PayerAccount', permission: PAYERS, tags: ['paying accounts'] });
  payer(
    'Search',
    {
      summary: 'The company’s paying accounts with their bank layout',
      body: SearchPayerAccountBody,
      response: pageOf(PayerAccountRow),
    },
    async (req) => banks.searchPayers(ctx.db, actorOf(req), req.body),
  );
  // The remittance screen picks the account a run pays from.
  payer(
    'Pick',
    {
      summary: 'Active paying accounts to pick for a remittance run',
      body: SearchPayerAccountBody,
      response: pageOf(PayerAccountRow),
      permission: ['payerAccount', 'expenseRemittance'],
    },
    async (req) => banks.searchPayers(ctx.db, actorOf(req), { ...req.body, ActiveOnly: true }),
  );
  payer(
    'Save',
    {
      summary: 'Create (no ID) or update a paying account and its bank layout',
      body: SavePayerAccountBody,
      response: PayerAccountRow,
    },
    async (req) => banks.savePayer(ctx.db, actorOf(req), req.body),
  );
}
