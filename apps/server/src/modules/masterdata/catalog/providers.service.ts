import {
  type Culture,
  type GetProviderListBody,
  isMaskedAccount,
  type POWhiteListRow,
  type ProviderRow,
  type SavePOWhiteListBody,
  type SaveProviderBody,
  type SearchPOWhiteListBody,
  type SearchProviderBody,
} from '@ems/contracts';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../../core/actor';
import { guarded, isUniqueViolation, requireVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import { sendXlsx } from '../../../core/export';
import { localName } from '../../../core/i18n';
import { keptAccount, shownAccount, type Viewer } from '../../../core/masking';
import { shanghaiToday } from '../../../core/time';
import { audit, auditEntry } from '../../audit/audit.service';
import { branchFields, requireBranch } from '../banks/banks.service';
import { type DeleteSpec, deleteUnused } from '../lifecycle';
import { yesNoText } from './excel';
import * as repo from './providers.repository';

function providerRow(
  r: { provider: repo.ProviderRecord; whiteListed: boolean },
  culture: Culture,
  viewer: Viewer,
): ProviderRow {
  const p = r.provider;
  return {
    ID: p.id,
    Code: p.code,
    Name: localName(culture, p.nameZh, p.nameEn),
    NameZH: p.nameZh,
    NameEN: p.nameEn,
    TaxNo: p.taxNo,
    BankName: p.bankName,
    BankAccount: shownAccount(viewer, p.bankAccount),
    BankCnaps: p.bankCnaps,
    BankBranch: p.bankBranch,
    Category: p.category,
    Active: p.active,
    OnPOWhiteList: r.whiteListed,
    Version: p.version,
  };
}

export async function searchProviders(db: Db, actor: Actor, q: SearchProviderBody, viewer: Viewer) {
  const { total, rows } = await repo.searchProviders(db, actor.companyId, q, actor.culture);
  return { Total: total, Rows: rows.map((r) => providerRow(r, actor.culture, viewer)) };
}

export async function chooseProviders(db: Db, actor: Actor, q: GetProviderListBody, viewer: Viewer) {
  const { total, rows } = await repo.chooseProviders(db, actor.companyId, q);
  return { Total: total, Rows: rows.map((r) => providerRow(r, actor.culture, viewer)) };
}

export async function providerInfo(db: Db, actor: Actor, id: number, viewer: Viewer): Promise<ProviderRow> {
  const row = await repo.findProvider(db, actor.companyId, id);
  if (!row) throw notFound();
  return providerRow(row, actor.culture, viewer);
}

export async function saveProvider(db: Db, actor: Actor, body: SaveProviderBody, viewer: Viewer): Promise<ProviderRow> {
  if (body.ID !== undefined) requireVersion(body.Version);
  // The list the edit form is filled from masks the account: the mask sent back keeps the stored number.
  const stored =
    body.ID !== undefined && isMaskedAccount(body.BankAccount)
      ? await repo.findProvider(db, actor.companyId, body.ID)
      : undefined;
  const values = {
    nameZh: body.NameZH,
    nameEn: body.NameEN,
    taxNo: body.TaxNo || null,
    bankName: body.BankName || null,
    bankAccount: keptAccount(body.BankAccount || null, stored?.provider.bankAccount),
    bankCnaps: null as string | null,
    bankBranch: null as string | null,
    category: body.Category,
    active: body.Active,
  };
  return db.transaction(async (tx) => {
    // The branch from the directory, checked against the vendor's bank (a save without a code clears it).
    const branch = await branchFields(tx, actor.companyId, body.BankCnaps ?? null, values.bankName);
    if (branch) Object.assign(values, branch);
    requireBranch(values);
    let id: number;
    if (body.ID === undefined) {
      id = (
        await guarded(() => repo.insertProvider(tx, { ...values, companyId: actor.companyId, code: body.Code }), {
          duplicate: conflict('expense_master.code_duplicate', { code: body.Code }),
        })
      ).id;
    } else {
      const before = await repo.findProvider(tx, actor.companyId, body.ID);
      if (!before) throw notFound();
      if (before.provider.code !== body.Code) throw fieldError('Code', 'expense_master.code_immutable');
      if (!(await repo.updateProvider(tx, body.ID, requireVersion(body.Version), values))) throw conflict();
      id = body.ID;
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: body.ID === undefined ? 'create' : 'update',
        entity: 'provider',
        entityId: id,
        // The bank account is personal-grade data: the audit says it changed, not what it is.
        detail: { code: body.Code, ...values, bankAccount: values.bankAccount ? '***' : null },
      }),
    );
    return providerRow((await repo.findProvider(tx, actor.companyId, id))!, actor.culture, viewer);
  });
}

/** Providers not on the PO white list may go; others are deactivated instead. */
const providerDeletes: DeleteSpec<repo.ProviderRecord> = {
  entity: 'provider',
  find: repo.providersByIds,
  inUse: async (tx, found) => {
    const listed = new Set(
      await repo.whiteListedProviders(
        tx,
        found.map((p) => p.id),
      ),
    );
    const p = found.find((r) => listed.has(r.id));
    return p && refused('expense_master.provider_on_white_list', { code: p.code });
  },
  remove: repo.deleteProviders,
  audits: (found, ids) => [{ entityId: ids.join(','), detail: { codes: found.map((p) => p.code) } }],
};

export function deleteProviders(db: Db, actor: Actor, ids: number[]): Promise<void> {
  return deleteUnused(providerDeletes, db, actor, ids);
}

const EXPORT_LIMIT = 100_000;

export async function exportProviders(
  ctx: AppContext,
  actor: Actor,
  filters: Omit<SearchProviderBody, 'PageIndex' | 'PageSize'>,
  reply: FastifyReply,
  viewer: Viewer,
) {
  const { messages } = ctx;
  const c = actor.culture;
  const t = (key: string) => messages.t(`expenseMaster.${key}`, c);
  const rows = await repo.allProviders(ctx.db, actor.companyId, filters, EXPORT_LIMIT);
  type Row = (typeof rows)[number];
  return sendXlsx<Row>(
    reply,
    `${messages.t('expenseMaster.provider.exportFile', c)}.xlsx`,
    messages.t('expenseMaster.provider.exportFile', c),
    [
      { header: t('field.code'), value: (r) => r.provider.code, width: 14 },
      { header: t('field.nameZh'), value: (r) => r.provider.nameZh, width: 40 },
      { header: t('field.nameEn'), value: (r) => r.provider.nameEn, width: 48 },
      { header: t('provider.taxNo'), value: (r) => r.provider.taxNo, width: 22 },
      { header: t('provider.bankName'), value: (r) => r.provider.bankName, width: 28 },
      { header: t('provider.bankAccount'), value: (r) => shownAccount(viewer, r.provider.bankAccount), width: 24 },
      {
        header: t('provider.category'),
        value: (r) => (r.provider.category ? t(`providerCategory.${r.provider.category}`) : ''),
        width: 18,
      },
      { header: t('field.active'), value: (r) => yesNoText(messages, c, r.provider.active), width: 10 },
      { header: t('provider.onWhiteList'), value: (r) => yesNoText(messages, c, r.whiteListed), width: 14 },
    ],
    rows,
  );
}

// PO white list

function whiteListRow(
  r: { entry: repo.WhiteListRecord; provider: repo.ProviderRecord },
  culture: Culture,
): POWhiteListRow {
  return {
    ID: r.entry.id,
    ProviderID: r.provider.id,
    ProviderCode: r.provider.code,
    ProviderName: localName(culture, r.provider.nameZh, r.provider.nameEn),
    TaxNo: r.provider.taxNo,
    Reason: r.entry.reason,
    ValidTo: r.entry.validTo,
    Expired: r.entry.validTo !== null && r.entry.validTo < shanghaiToday(),
    CreatedAt: r.entry.createdAt.toISOString(),
    Version: r.entry.version,
  };
}

export async function searchWhiteList(db: Db, actor: Actor, q: SearchPOWhiteListBody) {
  const { total, rows } = await repo.searchWhiteList(db, actor.companyId, q, actor.culture);
  return { Total: total, Rows: rows.map((r) => whiteListRow(r, actor.culture)) };
}

/** Puts a provider on the PO white list (once); an inactive provider cannot be put on it anew. */
export async function saveWhiteListEntry(db: Db, actor: Actor, body: SavePOWhiteListBody): Promise<POWhiteListRow> {
  if (body.ID !== undefined) requireVersion(body.Version);
  return db.transaction(async (tx) => {
    const before = body.ID === undefined ? undefined : await repo.findWhiteListEntry(tx, actor.companyId, body.ID);
    if (body.ID !== undefined && !before) throw notFound();
    const p = await repo.findProvider(tx, actor.companyId, body.ProviderID);
    if (!p) throw fieldError('ProviderID', 'expense_master.provider_unknown');
    if (!p.provider.active && before?.provider.id !== p.provider.id)
      throw fieldError('ProviderID', 'expense_master.provider_inactive');
    const values = { providerId: p.provider.id, reason: body.Reason, validTo: body.ValidTo ?? null };
    let id: number;
    try {
      if (!before) id = (await repo.insertWhiteListEntry(tx, { ...values, companyId: actor.companyId })).id;
      else {
        if (!(await repo.updateWhiteListEntry(tx, before.entry.id, requireVersion(body.Version), values)))
          throw conflict();
        id = before.entry.id;
      }
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('expense_master.white_list_duplicate', { code: p.provider.code });
      throw err;
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: before ? 'update' : 'create',
        entity: 'po_white_list',
        entityId: id,
        detail: { provider: p.provider.code, reason: values.reason, validTo: values.validTo },
      }),
    );
    return whiteListRow((await repo.findWhiteListEntry(tx, actor.companyId, id))!, actor.culture);
  });
}

const whiteListDeletes: DeleteSpec<repo.WhiteListRecord> = {
  entity: 'po_white_list',
  find: repo.whiteListByIds,
  remove: repo.deleteWhiteListEntries,
  audits: (found, ids) => [{ entityId: ids.join(','), detail: { providers: found.map((f) => f.providerId) } }],
};

export function deleteWhiteListEntries(db: Db, actor: Actor, ids: number[]): Promise<void> {
  return deleteUnused(whiteListDeletes, db, actor, ids);
}
