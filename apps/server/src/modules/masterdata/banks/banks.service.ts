import type {
  BankBranchRow,
  ImportResult,
  PayerAccountRow,
  SavePayerAccountBody,
  SearchBankBranchBody,
  SearchPayerAccountBody,
  SetBankBranchStatusBody,
} from '@ems/contracts';
import { SavePayerAccountBody as SavePayerSchema } from '@ems/contracts';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded, isUniqueViolation, requireVersion, staleVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { badRequest, conflict, fieldError, notFound } from '../../../core/errors';
import { cultureOf } from '../../../core/i18n';
import { uploadedFile } from '../../../core/import';
import { audit, auditEntry } from '../../audit/audit.service';
import * as repo from './banks.repository';
import { readBranchFile } from './branch-file';

/* ---------- the bank-branch directory (docs/decisions/047) ---------- */

function branchRow(b: repo.BranchRow): BankBranchRow {
  return {
    ID: b.id,
    Cnaps: b.cnaps,
    BankCode: b.bankCode,
    BankName: b.bankName,
    BranchName: b.branchName,
    Province: b.province,
    City: b.city,
    Status: b.status,
    Version: b.version,
    UpdatedAt: b.updatedAt.toISOString(),
  };
}

export async function searchBranches(db: Db, actor: Actor, body: SearchBankBranchBody) {
  const { total, rows } = await repo.searchBranches(db, actor.companyId, body);
  return { Total: total, Rows: rows.map(branchRow) };
}

/** Stops or starts branches: a stopped branch can no longer be picked for an account (those that name it keep it). */
export async function setBranchStatus(db: Db, actor: Actor, body: SetBankBranchStatusBody) {
  await db.transaction(async (tx) => {
    const rows = await repo.lockBranches(
      tx,
      actor.companyId,
      body.Items.map((i) => i.ID),
    );
    if (rows.length !== new Set(body.Items.map((i) => i.ID)).size) throw notFound();
    const seen = new Map(body.Items.map((i) => [i.ID, i.Version]));
    for (const r of rows) {
      if (r.version !== seen.get(r.id)) throw staleVersion();
      if (r.status === body.Status) continue;
      await repo.updateBranch(tx, r.id, r.version, { status: body.Status });
      await audit(
        tx,
        auditEntry(actor, {
          action: body.Status === 'active' ? 'start' : 'stop',
          entity: 'bank_branch',
          entityId: r.id,
        }),
      );
    }
  });
  return { Success: true as const };
}

/**
 * Imports the directory from an .xlsx or the published CSV: every row checked first (code's shape, bank code, a code
 * twice), then all written in one transaction, by code (a new code added, a known one updated), or none.
 */
export async function importBranches(ctx: AppContext, req: FastifyRequest, actor: Actor): Promise<ImportResult> {
  const upload = await uploadedFile(req);
  const culture = cultureOf(upload.fields.Language, req.headers['accept-language']);
  req.culture = culture;
  const { rows, errors } = await readBranchFile(upload.data, ctx.messages, culture);
  errors.throwIfAny();
  if (rows.length === 0) throw badRequest('import.empty');
  const created = await ctx.db.transaction(async (tx) => {
    const made = await repo.upsertBranches(
      tx,
      actor.companyId,
      rows.map(({ row: _, ...v }) => v),
    );
    await audit(
      tx,
      auditEntry(actor, {
        action: 'import',
        entity: 'bank_branch',
        entityId: 0,
        detail: { fileName: upload.fileName, rows: rows.length, created: made },
      }),
    );
    return made;
  });
  return { Imported: rows.length, Created: created, Updated: rows.length - created };
}

/** A bank account's branch as the directory names it. */
export interface CheckedBranch {
  cnaps: string;
  bankName: string;
  branchName: string;
}

/** The bank names agree: the same after trimming, or one the other's beginning (招商银行 / 招商银行股份有限公司). */
function sameBank(a: string, b: string) {
  const x = a.replace(/\s+/g, '');
  const y = b.replace(/\s+/g, '');
  return x === y || x.startsWith(y) || y.startsWith(x);
}

/**
 * Checks the CNAPS code a bank account is saved with (people's and vendors' accounts, the company's paying accounts):
 * the code is in the company's directory, its branch is active, and it belongs to the account's bank when a bank
 * name is given. Answers the branch as the directory names it; refuses on the form's `field`.
 */
export async function checkBranch(
  db: Db,
  companyId: number,
  account: { cnaps: string; bankName?: string | null | undefined },
  field = 'BankCnaps',
): Promise<CheckedBranch> {
  const b = await repo.branchByCnaps(db, companyId, account.cnaps);
  if (!b) throw fieldError(field, 'banks.cnaps_unknown', { cnaps: account.cnaps });
  if (b.status !== 'active') throw fieldError(field, 'banks.cnaps_inactive', { cnaps: b.cnaps, branch: b.branchName });
  if (account.bankName && !sameBank(account.bankName, b.bankName))
    throw fieldError(field, 'banks.cnaps_other_bank', { cnaps: b.cnaps, bank: b.bankName, given: account.bankName });
  return { cnaps: b.cnaps, bankName: b.bankName, branchName: b.branchName };
}

/* ---------- paying company accounts (docs/decisions/048) ---------- */

export interface PayerAccount {
  id: number;
  code: string;
  accountName: string;
  accountNo: string;
  bankName: string;
  cnaps: string;
  branchName: string | null;
  currency: string;
  layout: repo.PayerRow['layout'];
}

function payerRow(p: repo.PayerRow): PayerAccountRow {
  return {
    ID: p.id,
    Code: p.code,
    AccountName: p.accountName,
    AccountNo: p.accountNo,
    BankName: p.bankName,
    Cnaps: p.cnaps,
    BranchName: p.branchName,
    Currency: p.currency,
    Layout: p.layout,
    IsDefault: p.isDefault,
    Active: p.active,
    Version: p.version,
    UpdatedAt: p.updatedAt.toISOString(),
  };
}

export async function searchPayers(db: Db, actor: Actor, body: SearchPayerAccountBody) {
  const { total, rows } = await repo.searchPayers(db, actor.companyId, body);
  return { Total: total, Rows: rows.map(payerRow) };
}

/** Creates (no ID) or updates a paying account; its branch from the directory; one default account per company. */
export async function savePayer(db: Db, actor: Actor, input: SavePayerAccountBody): Promise<PayerAccountRow> {
  const body = SavePayerSchema.parse(input);
  const row = await guarded(() => writePayer(db, actor, body), {
    duplicate: duplicateOn('Code', 'banks.payer_code_duplicate', { code: body.Code }),
  });
  return payerRow(row);
}

async function writePayer(db: Db, actor: Actor, body: ReturnType<typeof SavePayerSchema.parse>) {
  try {
    return await writePayerOnce(db, actor, body);
  } catch (err) {
    // Another account made default at the same moment: the one default per company stands, this save is refused.
    const e = err as { constraint?: string; cause?: { constraint?: string } };
    if (isUniqueViolation(err) && (e.constraint ?? e.cause?.constraint) === 'payer_account_default_uq')
      throw conflict('banks.payer_default_changed');
    throw err;
  }
}

function writePayerOnce(db: Db, actor: Actor, body: ReturnType<typeof SavePayerSchema.parse>) {
  return db.transaction(async (tx) => {
    const branch = await checkBranch(tx, actor.companyId, { cnaps: body.Cnaps }, 'Cnaps');
    const values: repo.PayerValues = {
      code: body.Code,
      accountName: body.AccountName,
      accountNo: body.AccountNo,
      bankName: branch.bankName,
      cnaps: branch.cnaps,
      branchName: branch.branchName,
      currency: body.Currency,
      layout: body.Layout,
      isDefault: body.IsDefault && body.Active,
      active: body.Active,
    };
    if (values.isDefault) await repo.clearDefault(tx, actor.companyId, body.ID ?? null);
    if (body.ID === undefined) {
      const made = await repo.insertPayer(tx, actor.companyId, values);
      await audit(
        tx,
        auditEntry(actor, { action: 'create', entity: 'payer_account', entityId: made.id, detail: values }),
      );
      return made;
    }
    const version = requireVersion(body.Version);
    const before = await repo.lockPayer(tx, actor.companyId, body.ID);
    if (!before) throw notFound();
    const after = await repo.updatePayer(tx, before.id, version, values);
    if (!after) throw staleVersion();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'update',
        entity: 'payer_account',
        entityId: before.id,
        detail: { before: { layout: before.layout, cnaps: before.cnaps, accountNo: before.accountNo }, after: values },
      }),
    );
    return after;
  });
}

const payerOf = (p: repo.PayerRow): PayerAccount => ({
  id: p.id,
  code: p.code,
  accountName: p.accountName,
  accountNo: p.accountNo,
  bankName: p.bankName,
  cnaps: p.cnaps,
  branchName: p.branchName,
  currency: p.currency,
  layout: p.layout,
});

/**
 * The account a remittance run pays from: the one it names (active, the company's), else the company's default,
 * else none (the configured bank layout then writes the file).
 */
export async function payerAccountFor(db: Db, companyId: number, id: number | null | undefined) {
  if (id) {
    const p = await repo.payerById(db, companyId, id);
    if (!p?.active) throw fieldError('PayerAccountID', 'banks.payer_unknown');
    return payerOf(p);
  }
  const d = await repo.defaultPayer(db, companyId);
  return d ? payerOf(d) : null;
}

/**
 * A bank account is paid through its branch (decision 047): an account with a number, as it will be stored, names
 * its branch's CNAPS code, else the save is refused on `field`.
 */
export function requireBranch(
  account: { bankAccount?: string | null | undefined; bankCnaps?: string | null | undefined },
  field = 'BankCnaps',
): void {
  if (account.bankAccount && !account.bankCnaps) throw fieldError(field, 'banks.cnaps_required');
}

/**
 * The branch columns of a bank account being saved (a person's, a vendor's): `undefined` leaves them as they are,
 * null or blank clears them, a code is checked against the directory and brings the branch's name, and the bank's
 * name when the form left it empty.
 */
export async function branchFields(
  db: Db,
  companyId: number,
  cnaps: string | null | undefined,
  bankName: string | null | undefined,
): Promise<{ bankCnaps: string | null; bankBranch: string | null; bankName?: string } | undefined> {
  if (cnaps === undefined) return undefined;
  if (!cnaps) return { bankCnaps: null, bankBranch: null };
  const b = await checkBranch(db, companyId, { cnaps, bankName });
  return { bankCnaps: b.cnaps, bankBranch: b.branchName, ...(bankName ? {} : { bankName: b.bankName }) };
}

/** A paying account by id, active or not (the bank file of a run remitted from it). */
export async function payerAccountById(db: Db, companyId: number, id: number): Promise<PayerAccount | null> {
  const p = await repo.payerById(db, companyId, id);
  return p ? payerOf(p) : null;
}
