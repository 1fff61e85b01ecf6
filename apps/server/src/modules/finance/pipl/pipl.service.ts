import { stat, unlink } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import {
  type DeleteF110Body,
  type DeleteF110Result,
  type ExportF110Body,
  type F110Item,
  type F110Run,
  maskBankAccount,
  type Page,
  type SearchF110DetailBody,
  type SearchF110MainBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { canSeeWholeAccount } from '../../../core/masking';
import { audit, auditEntry } from '../../audit/audit.service';
import { parameter } from '../../system/system.service';
import { runNoOf } from '../remit/remit.view';
import { writeRun } from '../remit/remittance.service';
import * as repo from './pipl.repository';

/** Who asks: the actor, and the functions that decide masking and deletion. */
export interface PiplUser extends Actor {
  user: SessionUser;
}

/** Days a paid run's personal data are kept: the technical parameter PaymentDataRetentionDays, 365 when unset. */
export const DEFAULT_RETENTION_DAYS = 365;
export async function retentionDays(db: Db, companyId: number): Promise<number> {
  const n = Number.parseInt((await parameter(db, companyId, 'PaymentDataRetentionDays'))?.value ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_RETENTION_DAYS;
}

/** The clerks who pay see whole bank accounts; everyone else the last four digits (the one rule, core/masking). */
export const seesBankAccounts = (u: SessionUser) => canSeeWholeAccount(u);

/** Deleting personal data: the company's administrators and the clerks who pay. */
export const mayDelete = (u: SessionUser) => u.isAdmin || u.functions.has('expenseRemittance');

const iso = (d: Date | string | null | undefined) =>
  d === null || d === undefined ? null : (typeof d === 'string' ? new Date(d) : d).toISOString();

function toRun(v: repo.F110RunView, culture: Actor['culture']): F110Run {
  const r = v.r;
  const deletableFrom = iso(v.deletableFrom);
  const deleted = r.personalDataDeletedAt !== null;
  return {
    RunID: r.id,
    RunNo: runNoOf(r.id),
    CreditingDate: r.creditingDate,
    RemittedAt: iso(r.remittedAt),
    Payees: Number(v.payees),
    Items: Number(v.items),
    Total: v.total,
    PersonalDataDeleted: deleted,
    DeletedAt: iso(r.personalDataDeletedAt),
    DeletedByName: v.deleterZh === null ? null : localName(culture, v.deleterZh, v.deleterEn ?? v.deleterZh),
    DeletableFrom: deletableFrom,
    Deletable: !deleted && r.step === 'done' && deletableFrom !== null && new Date(deletableFrom) <= new Date(),
    Version: r.version,
  };
}

/** The company's paid runs with their personal-data state. */
export async function searchMain(db: Db, u: PiplUser, q: SearchF110MainBody): Promise<Page<F110Run>> {
  const days = await retentionDays(db, u.companyId);
  const { total, rows } = await repo.searchRuns(db, u.companyId, days, q);
  return { Total: total, Rows: rows.map((v) => toRun(v, u.culture)) };
}

function toItem(v: repo.F110ItemView, whole: boolean): F110Item {
  const i = v.i;
  return {
    ItemID: i.id,
    DocumentID: i.documentId,
    DocNo: v.docNo,
    PayeeKind: i.payeeKind,
    PayeeCode: i.payeeCode,
    PayeeName: i.payeeName,
    BankName: i.bankName,
    BankAccount: whole ? i.bankAccount : maskBankAccount(i.bankAccount),
    Amount: i.amount,
    LineNo: i.lineNo,
    PaidAt: iso(i.paidAt),
  };
}

/** The items of one paid run of the company (404 for another company's run or one not paid). */
export async function searchDetail(db: Db, u: PiplUser, q: SearchF110DetailBody): Promise<Page<F110Item>> {
  const run = await repo.runOf(db, u.companyId, q.RunID);
  if (run?.step !== 'done') throw notFound();
  const { total, rows } = await repo.searchItems(db, run.id, q);
  const whole = seesBankAccounts(u.user);
  return { Total: total, Rows: rows.map((v) => toItem(v, whole)) };
}

/** An export line: the item with its run. */
export type F110ExportLine = F110Item & { RunNo: string; CreditingDate: string; RemittedAt: string | null };

/** Every item of the runs the main filters select (at most `limit`), masked as on screen. */
export function exportLines(db: Db, u: PiplUser, q: ExportF110Body, limit: number): AsyncIterable<F110ExportLine> {
  const whole = seesBankAccounts(u.user);
  return (async function* () {
    for await (const v of repo.exportItems(db, u.companyId, q, limit)) {
      yield {
        ...toItem(v, whole),
        RunNo: runNoOf(v.r.id),
        CreditingDate: v.r.creditingDate,
        RemittedAt: iso(v.r.remittedAt),
      };
    }
  })();
}

/**
 * The run's own copy of its bank file, under the data folder (`bank/`), when it is there; never a file of the bank's
 * folder (BANK_FILE_DIR), which belongs to the bank's pick-up.
 */
async function ownBankFile(ctx: Pick<AppContext, 'config'>, fileName: string | null): Promise<string | null> {
  if (!fileName || basename(fileName) !== fileName) return null;
  const dir = resolve(ctx.config.dataDir, 'bank');
  if (ctx.config.bank && resolve(ctx.config.bank.dir) === dir) return null;
  const path = join(dir, fileName);
  const found = await stat(path).catch(() => null);
  return found?.isFile() ? path : null;
}

/**
 * Deletes the personal data of paid runs past their retention: per run one transaction under its row lock, at the
 * version the user saw. The items lose payee code, name, bank and account; amounts, bank lines and documents stay.
 * The run records when and by whom, its version moves on, an audit row says what was cleared, and the run's own bank
 * file copy is removed once that is committed. A run that may not be deleted is reported with the reason.
 */
export async function deletePersonalData(
  ctx: Pick<AppContext, 'db' | 'config' | 'messages'>,
  u: PiplUser,
  body: DeleteF110Body,
): Promise<DeleteF110Result> {
  const days = await retentionDays(ctx.db, u.companyId);
  // A run of another company (or none) refuses the whole call before anything is deleted.
  for (const { RunID } of body.Runs) if (!(await repo.runOf(ctx.db, u.companyId, RunID))) throw notFound();
  const result: DeleteF110Result = { Deleted: [], Refused: [] };
  for (const { RunID, Version } of body.Runs) {
    try {
      const done = await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockRun(tx, u.companyId, RunID, days);
        if (!locked) throw notFound();
        const run = locked.r;
        const runNo = runNoOf(run.id);
        if (run.step !== 'done') throw refused('pipl.not_paid', { runNo });
        if (run.personalDataDeletedAt) throw refused('pipl.already_deleted', { runNo });
        if (locked.retained) throw refused('pipl.within_retention', { runNo, days });
        await writeRun(
          tx,
          { ...run, version: Version },
          { personalDataDeletedAt: new Date(), personalDataDeletedBy: u.userId },
        );
        const items = await repo.clearItems(tx, run.id);
        const file = await ownBankFile(ctx, run.bankFile);
        await audit(
          tx,
          auditEntry(u, {
            action: 'delete_personal_data',
            entity: 'remittance_run',
            entityId: run.id,
            detail: { runNo, itemsCleared: items, bankFileRemoved: file ? run.bankFile : null },
          }),
        );
        return { runNo, items, file };
      });
      // The copy goes once the deletion is committed: a deletion rolled back leaves it where it was.
      let removed = false;
      if (done.file)
        removed = await unlink(done.file).then(
          () => true,
          () => false,
        );
      result.Deleted.push({ RunID, RunNo: done.runNo, Items: done.items, FileRemoved: removed });
    } catch (err) {
      if (!(err instanceof AppError) || err.status === 404) throw err;
      result.Refused.push({
        RunID,
        RunNo: runNoOf(RunID),
        Code: err.code,
        Message: ctx.messages.t(`error.${err.code}`, u.culture, err.params),
      });
    }
  }
  return result;
}
