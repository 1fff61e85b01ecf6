import {
  type Culture,
  type ExpenseCategory,
  type ExpenseItemRow,
  type InsertSubExpenseItemBody,
  money,
  type SaveExpenseItemBody,
  type SaveSubExpenseItemBody,
  type SearchExpenseItemAllBody,
  type SearchSubExpenseItemListBody,
  type SubExpenseItemRow,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { guarded, requireVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import { activeInCompany } from '../../org/org.service';
import { type DeleteSpec, deleteUnused } from '../lifecycle';
import * as repo from './expense-items.repository';

function itemRow(
  item: repo.ExpenseItemRecord,
  subItemCount: number,
  culture: Culture,
  approver?: { approverZh: string | null; approverEn: string | null },
): ExpenseItemRow {
  return {
    ID: item.id,
    Code: item.code,
    Name: localName(culture, item.nameZh, item.nameEn),
    NameZH: item.nameZh,
    NameEN: item.nameEn,
    Category: item.category as ExpenseCategory,
    InvolvesHCP: item.involvesHcp,
    Overseas: item.overseas,
    SpecialApproverID: item.specialApproverId,
    SpecialApproverName: approver?.approverZh
      ? localName(culture, approver.approverZh, approver.approverEn ?? '')
      : null,
    NeedsInvoice: item.needsInvoice,
    PersonalBuyerAllowed: item.personalBuyerAllowed,
    MaxAmount: item.maxAmount === null ? null : money(item.maxAmount),
    Active: item.active,
    Sort: item.sort,
    SubItemCount: subItemCount,
    Version: item.version,
  };
}

export function itemOption(item: repo.ExpenseItemRecord, culture: Culture) {
  return {
    ID: item.id,
    Code: item.code,
    Name: localName(culture, item.nameZh, item.nameEn),
    Category: item.category as ExpenseCategory,
    InvolvesHCP: item.involvesHcp,
    Overseas: item.overseas,
    NeedsInvoice: item.needsInvoice,
    MaxAmount: item.maxAmount === null ? null : money(item.maxAmount),
  };
}

export function itemRows(
  rows: {
    item: repo.ExpenseItemRecord;
    subItemCount: number;
    approverZh?: string | null;
    approverEn?: string | null;
  }[],
  culture: Culture,
) {
  return rows.map((r) =>
    itemRow(r.item, r.subItemCount, culture, { approverZh: r.approverZh ?? null, approverEn: r.approverEn ?? null }),
  );
}

export async function searchItems(db: Db, actor: Actor, q: SearchExpenseItemAllBody) {
  const { total, rows } = await repo.searchItems(db, actor.companyId, q, actor.culture);
  return { Total: total, Rows: itemRows(rows, actor.culture) };
}

/** Creates (no ID) or updates an expense item; the code is its key and does not change. */
export async function saveItem(db: Db, actor: Actor, body: SaveExpenseItemBody): Promise<ExpenseItemRow> {
  const values = {
    nameZh: body.NameZH,
    nameEn: body.NameEN,
    category: body.Category,
    involvesHcp: body.InvolvesHCP,
    overseas: body.Overseas,
    specialApproverId: body.SpecialApproverID ?? null,
    needsInvoice: body.NeedsInvoice,
    personalBuyerAllowed: body.PersonalBuyerAllowed,
    maxAmount: body.MaxAmount ? money(body.MaxAmount) : null,
    active: body.Active,
    sort: body.Sort,
  };
  if (body.ID !== undefined) requireVersion(body.Version);
  if (body.SpecialApproverID && !(await activeInCompany(db, body.SpecialApproverID, actor.companyId))) {
    throw fieldError('SpecialApproverID', 'workflow.person_unknown');
  }
  return db.transaction(async (tx) => {
    let saved: repo.ExpenseItemRecord;
    if (body.ID === undefined) {
      saved = await guarded(() => repo.insertItem(tx, { ...values, companyId: actor.companyId, code: body.Code }), {
        duplicate: conflict('expense_master.code_duplicate', { code: body.Code }),
      });
    } else {
      const existing = await repo.findItem(tx, actor.companyId, body.ID);
      if (!existing) throw notFound();
      if (existing.code !== body.Code) throw fieldError('Code', 'expense_master.code_immutable');
      const updated = await repo.updateItem(tx, body.ID, requireVersion(body.Version), values);
      if (!updated) throw conflict();
      saved = updated;
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: body.ID === undefined ? 'create' : 'update',
        entity: 'expense_item',
        entityId: saved.id,
        detail: { code: saved.code, ...values },
      }),
    );
    const usage = await repo.itemUsage(tx, saved.id);
    return itemRow(saved, usage.subItems, actor.culture);
  });
}

/** Items nothing refers to may go; an item in use is stopped instead (Active false), never deleted. */
const itemDeletes: DeleteSpec<repo.ExpenseItemRecord> = {
  entity: 'expense_item',
  find: repo.itemsByIds,
  inUse: async (tx, items) => {
    for (const item of items) {
      const { types, configs, subItems } = await repo.itemUsage(tx, item.id);
      if (types + configs + subItems > 0)
        return refused('expense_master.item_in_use', { code: item.code, types, configs, subItems });
    }
    return undefined;
  },
  remove: async (tx, ids) => {
    for (const id of ids) await repo.deleteItem(tx, id);
  },
  audits: (items) => items.map((item) => ({ entityId: item.id, detail: { code: item.code } })),
};

export function deleteItems(db: Db, actor: Actor, ids: number[]): Promise<void> {
  return deleteUnused(itemDeletes, db, actor, ids);
}

// Sub-items

function subRow(sub: repo.SubItemRecord, item: repo.ExpenseItemRecord, culture: Culture): SubExpenseItemRow {
  return {
    ID: sub.id,
    ExpenseItemID: item.id,
    ExpenseItemCode: item.code,
    ExpenseItemName: localName(culture, item.nameZh, item.nameEn),
    Code: sub.code,
    Name: localName(culture, sub.nameZh, sub.nameEn),
    NameZH: sub.nameZh,
    NameEN: sub.nameEn,
    Active: sub.active,
    Sort: sub.sort,
    Version: sub.version,
  };
}

export async function searchSubItems(db: Db, actor: Actor, q: SearchSubExpenseItemListBody) {
  const { total, rows } = await repo.searchSubItems(db, actor.companyId, q, actor.culture);
  return { Total: total, Rows: rows.map((r) => subRow(r.sub, r.item, actor.culture)) };
}

/** Active sub-items of an item of the company, for document lines. */
export async function subItemOptions(db: Db, actor: Actor, itemId: number) {
  const item = await repo.findItem(db, actor.companyId, itemId);
  if (!item) throw notFound();
  const subs = item.active ? await repo.activeSubItemsOf(db, itemId) : [];
  return {
    Rows: subs.map((s) => ({ ID: s.id, Code: s.code, Name: localName(actor.culture, s.nameZh, s.nameEn) })),
  };
}

export async function insertSubItem(db: Db, actor: Actor, body: InsertSubExpenseItemBody) {
  return db.transaction(async (tx) => {
    const item = await repo.findItem(tx, actor.companyId, body.ExpenseItemID);
    if (!item) throw fieldError('ExpenseItemID', 'expense_master.item_unknown');
    if (!item.active) throw fieldError('ExpenseItemID', 'expense_master.item_inactive');
    const sub = await guarded(
      () =>
        repo.insertSubItem(tx, {
          expenseItemId: item.id,
          code: body.Code,
          nameZh: body.NameZH,
          nameEn: body.NameEN,
          active: body.Active,
          sort: body.Sort,
        }),
      { duplicate: conflict('expense_master.code_duplicate', { code: body.Code }) },
    );
    await audit(
      tx,
      auditEntry(actor, {
        action: 'create',
        entity: 'expense_sub_item',
        entityId: sub.id,
        detail: { item: item.code, code: sub.code, nameZh: sub.nameZh, nameEn: sub.nameEn, active: sub.active },
      }),
    );
    return subRow(sub, item, actor.culture);
  });
}

export async function saveSubItem(db: Db, actor: Actor, body: SaveSubExpenseItemBody) {
  return db.transaction(async (tx) => {
    const found = await repo.findSubItem(tx, actor.companyId, body.ID);
    if (!found) throw notFound();
    const values = { nameZh: body.NameZH, nameEn: body.NameEN, active: body.Active, sort: body.Sort };
    const sub = await repo.updateSubItem(tx, body.ID, body.Version, values);
    if (!sub) throw conflict();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'update',
        entity: 'expense_sub_item',
        entityId: sub.id,
        detail: { code: sub.code, ...values },
      }),
    );
    return subRow(sub, found.item, actor.culture);
  });
}

const subItemDeletes: DeleteSpec<Awaited<ReturnType<typeof repo.subItemsByIds>>[number]> = {
  entity: 'expense_sub_item',
  find: repo.subItemsByIds,
  remove: repo.deleteSubItems,
  audits: (subs, ids) => [{ entityId: ids.join(','), detail: { codes: subs.map((s) => s.sub.code) } }],
};

export function deleteSubItems(db: Db, actor: Actor, ids: number[]): Promise<void> {
  return deleteUnused(subItemDeletes, db, actor, ids);
}

/** The expense items of an expense type, for the document form. */
export function itemsOfType(db: Db, typeId: number) {
  return repo.itemsOfType(db, typeId);
}

export function activeSubItemsOf(db: Db, itemId: number) {
  return repo.activeSubItemsOf(db, itemId);
}
