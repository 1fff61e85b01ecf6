import type {
  ArchiveQuotaBody,
  Culture,
  Page,
  QuotaDetailDeleteBody,
  QuotaDetailList,
  QuotaDetailSaveBody,
  QuotaIdsBody,
  QuotaItemSearchBody,
  QuotaOptions,
  QuotaRow,
  QuotaSubjectSearchBody,
  SearchQuotaBody,
  SetQuotaLimitStatusBody,
} from '@ems/contracts';
import { QuotaDetailSaveBody as SaveSchema } from '@ems/contracts';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../core/actor';
import type { DbContext } from '../../core/context';
import type { Db } from '../../core/db';
import { conflict, fieldError, notFound, refused } from '../../core/errors';
import { localName } from '../../core/i18n';
import { audit, auditEntry } from '../audit/audit.service';
import * as repo from './quota.repository';
import { clearCaps, syncCaps, type YearKey } from './year-usage.repository';

/** The year row a quota's cap is shown on (decision 055). */
const capKey = (q: YearKey): YearKey => ({
  kind: q.kind,
  year: q.year,
  subjectId: q.subjectId,
  expenseItemId: q.expenseItemId,
});

/** A quota as the lists show it, its use read from the usage rows. */
export function quotaRow(r: repo.QuotaListRow, culture: Culture): QuotaRow {
  const available = Decimal.max(new Decimal(r.q.amount).minus(r.used), 0);
  return {
    QuotaID: r.q.id,
    Year: r.q.year,
    Kind: r.q.kind,
    SubjectID: r.q.subjectId,
    SubjectCode: r.code,
    SubjectName: localName(culture, r.zh, r.en),
    ExpenseItemID: r.q.expenseItemId,
    ExpenseItemName: r.itemZh ? localName(culture, r.itemZh, r.itemEn ?? r.itemZh) : null,
    Amount: r.q.amount,
    Used: new Decimal(r.used).toFixed(2),
    Available: available.toFixed(2),
    LimitStatus: r.q.limitStatus,
    Archived: r.q.archivedAt !== null,
    Remark: r.q.remark,
    DetailCount: r.details,
    Version: r.q.version,
  };
}

export async function search(db: Db, actor: Actor, body: SearchQuotaBody): Promise<Page<QuotaRow>> {
  const { total, rows } = await repo.searchQuotas(db, actor.companyId, body);
  return { Total: total, Rows: rows.map((r) => quotaRow(r, actor.culture)) };
}

async function found(db: Db, actor: Actor, id: number) {
  const row = await repo.quotaById(db, actor.companyId, id);
  if (!row) throw notFound('quota.not_found');
  return row;
}

export async function detailSearch(db: Db, actor: Actor, quotaId: number): Promise<QuotaDetailList> {
  const row = await found(db, actor, quotaId);
  const details = await repo.detailRows(db, row.q);
  return {
    Quota: quotaRow(row, actor.culture),
    Rows: details.map((d) => ({
      QuotaDetailID: d.d.id,
      Month: d.d.month,
      Amount: d.d.amount,
      Used: new Decimal(d.used).toFixed(2),
      Remark: d.d.remark,
    })),
  };
}

const options = (rows: Awaited<ReturnType<typeof repo.itemOptions>>, culture: Culture): QuotaOptions => ({
  Rows: rows.map((r) => ({
    ID: r.id,
    Code: r.code,
    Name: localName(culture, r.zh, r.en),
    Extra: r.extraZh === null ? null : localName(culture, r.extraZh, r.extraEn ?? r.extraZh),
  })),
});

/** The subjects a quota of the kind can name, for the screen's picker (the caller's company only). */
export async function subjectOptions(db: Db, actor: Actor, body: QuotaSubjectSearchBody): Promise<QuotaOptions> {
  const f = { keyword: body.Keyword, ids: body.IDs };
  return options(await repo.subjectOptions(db, actor.companyId, body.Kind, f), actor.culture);
}

/** The expense items a quota may be limited to, for the screen's picker. */
export async function itemOptions(db: Db, actor: Actor, body: QuotaItemSearchBody): Promise<QuotaOptions> {
  return options(await repo.itemOptions(db, actor.companyId, { keyword: body.Keyword, ids: body.IDs }), actor.culture);
}

type SaveInput = ReturnType<typeof SaveSchema.parse>;

/** What is wrong with a quota before it is written: subject and item of the company, months once, within the year. */
export async function checkQuota(db: Db, companyId: number, v: SaveInput): Promise<void> {
  if (!v.SubjectID && v.SubjectCode) {
    const id = (await repo.subjectsByCode(db, companyId, v.Kind, [v.SubjectCode])).get(v.SubjectCode);
    if (!id) throw fieldError('SubjectCode', 'quota.subject_unknown');
    v.SubjectID = id;
  }
  if (!v.ExpenseItemID && v.ItemCode) {
    const id = (await repo.itemsByCode(db, companyId, [v.ItemCode])).get(v.ItemCode);
    if (!id) throw fieldError('ItemCode', 'quota.item_unknown');
    v.ExpenseItemID = id;
  }
  if (!v.SubjectID) throw fieldError('SubjectID', 'quota.subject_unknown');
  if (!(await repo.subjectExists(db, companyId, v.Kind, v.SubjectID)))
    throw fieldError('SubjectID', 'quota.subject_unknown');
  if (v.ExpenseItemID && !(await repo.itemExists(db, companyId, v.ExpenseItemID)))
    throw fieldError('ExpenseItemID', 'quota.item_unknown');
  const months = new Set<number>();
  let sum = new Decimal(0);
  for (const [i, d] of v.Details.entries()) {
    if (months.has(d.Month)) throw fieldError(`Details.${i}.Month`, 'quota.month_repeated', { month: d.Month });
    months.add(d.Month);
    sum = sum.plus(d.Amount);
  }
  if (sum.gt(v.Amount)) throw fieldError('Details', 'quota.details_exceed', { amount: v.Amount, sum: sum.toFixed(2) });
}

/** Adds a quota, or changes one at the version the caller saw, with its monthly caps, in one transaction. */
export async function detailSave(ctx: DbContext, actor: Actor, body: QuotaDetailSaveBody) {
  const v = SaveSchema.parse(body);
  await checkQuota(ctx.db, actor.companyId, v);
  return ctx.db.transaction(async (tx) => {
    const key = {
      year: v.Year,
      kind: v.Kind,
      subjectId: v.SubjectID!,
      expenseItemId: v.ExpenseItemID ?? null,
    };
    const values = {
      ...key,
      amount: new Decimal(v.Amount).toFixed(2),
      limitStatus: v.LimitStatus,
      remark: v.Remark ?? null,
    };
    const twin = await repo.findQuota(tx, actor.companyId, key);
    let saved: { id: number; version: number };
    if (v.QuotaID) {
      const locked = await repo.lockQuota(tx, actor.companyId, v.QuotaID);
      if (!locked) throw notFound('quota.not_found');
      if (v.Version === undefined || locked.version !== v.Version) throw conflict('common.stale_version');
      if (locked.archivedAt) throw refused('quota.archived');
      if (twin && twin.id !== locked.id) throw fieldError('SubjectID', 'quota.duplicate');
      const row = await repo.updateQuota(tx, locked.id, locked.version, values);
      if (!row) throw conflict('common.stale_version');
      saved = row;
      await syncCaps(tx, actor.companyId, [capKey(locked), capKey(key)]);
    } else {
      if (twin) throw fieldError('SubjectID', 'quota.duplicate');
      saved = await repo.insertQuota(tx, { ...values, companyId: actor.companyId });
      await syncCaps(tx, actor.companyId, [capKey(key)]);
    }
    await repo.replaceDetails(
      tx,
      saved.id,
      v.Details.map((d) => ({ month: d.Month, amount: new Decimal(d.Amount).toFixed(2), remark: d.Remark ?? null })),
    );
    await audit(
      tx,
      auditEntry(actor, {
        action: v.QuotaID ? 'update' : 'create',
        entity: 'quota',
        entityId: saved.id,
        detail: { ...values, amount: values.amount, details: v.Details.length },
      }),
    );
    return { QuotaID: saved.id, Version: saved.version };
  });
}

/** Deletes quotas; an id of another company refuses the whole call. */
export async function remove(ctx: DbContext, actor: Actor, body: QuotaIdsBody) {
  return ctx.db.transaction(async (tx) => {
    const ids = [...new Set(body.IDs)];
    const locked = await repo.lockQuotas(tx, actor.companyId, ids);
    if (locked.length !== ids.length) throw notFound('quota.not_found');
    await repo.deleteQuotas(tx, ids);
    await syncCaps(tx, actor.companyId, locked.map(capKey));
    await audit(tx, auditEntry(actor, { action: 'delete', entity: 'quota', detail: { ids } }));
    return { Success: true as const };
  });
}

export async function detailDelete(ctx: DbContext, actor: Actor, body: QuotaDetailDeleteBody) {
  return ctx.db.transaction(async (tx) => {
    const locked = await repo.lockQuota(tx, actor.companyId, body.QuotaID);
    if (!locked) throw notFound('quota.not_found');
    if (locked.version !== body.Version) throw conflict('common.stale_version');
    if (locked.archivedAt) throw refused('quota.archived');
    const ids = [...new Set(body.IDs)];
    const gone = await repo.deleteDetails(tx, locked.id, ids);
    if (gone.length !== ids.length) throw notFound('quota.detail_not_found');
    const row = await repo.updateQuota(tx, locked.id, locked.version, {});
    await audit(
      tx,
      auditEntry(actor, { action: 'delete_detail', entity: 'quota', entityId: locked.id, detail: { ids } }),
    );
    return { QuotaID: locked.id, Version: row!.version };
  });
}

/** Closes a year: its quotas stop limiting and leave the default list. */
export async function archive(ctx: DbContext, actor: Actor, body: ArchiveQuotaBody) {
  return ctx.db.transaction(async (tx) => {
    const rows = await repo.archiveYear(tx, actor.companyId, body.Year);
    if (rows.length === 0) throw refused('quota.nothing_to_archive', { year: body.Year });
    await clearCaps(tx, actor.companyId, body.Year);
    await audit(
      tx,
      auditEntry(actor, { action: 'archive', entity: 'quota', detail: { year: body.Year, count: rows.length } }),
    );
    return { Archived: rows.length };
  });
}

export async function setLimitStatus(ctx: DbContext, actor: Actor, body: SetQuotaLimitStatusBody) {
  return ctx.db.transaction(async (tx) => {
    const ids = [...new Set(body.IDs)];
    const locked = await repo.lockQuotas(tx, actor.companyId, ids);
    if (locked.length !== ids.length) throw notFound('quota.not_found');
    if (locked.some((q) => q.archivedAt)) throw refused('quota.archived');
    for (const q of locked) await repo.updateQuota(tx, q.id, q.version, { limitStatus: body.LimitStatus });
    await syncCaps(tx, actor.companyId, locked.map(capKey));
    await audit(
      tx,
      auditEntry(actor, {
        action: 'set_limit_status',
        entity: 'quota',
        detail: { ids, limitStatus: body.LimitStatus },
      }),
    );
    return { Success: true as const };
  });
}
