import type {
  Culture,
  ExpenseDocType,
  ExpenseTypeNode,
  ExpenseTypeRecord,
  InsertExpenseTypeBody,
  TypeItemListBody,
  TypeItemRelationBody,
  UpdateExpenseTypeBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { guarded } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import * as items from './expense-items.repository';
import { itemOption, itemRows } from './expense-items.service';
import * as repo from './expense-types.repository';

function record(r: repo.ExpenseTypeWithCount, culture: Culture): ExpenseTypeRecord {
  return {
    ID: r.id,
    DocType: r.docType,
    Code: r.code,
    Name: localName(culture, r.nameZh, r.nameEn),
    NameZH: r.nameZh,
    NameEN: r.nameEn,
    ParentID: r.parentId,
    Active: r.active,
    Restricted: r.restricted,
    Sort: r.sort,
    ItemCount: r.itemCount,
    Version: r.version,
  };
}

/** Rows → a tree in sort order; children of a row not in `rows` are left out with it. */
function buildTree(rows: repo.ExpenseTypeWithCount[], culture: Culture): ExpenseTypeNode[] {
  const nodes = new Map<number, ExpenseTypeNode>(rows.map((r) => [r.id, { ...record(r, culture), Children: [] }]));
  const roots: ExpenseTypeNode[] = [];
  for (const node of nodes.values()) {
    if (node.ParentID === null) roots.push(node);
    else nodes.get(node.ParentID)?.Children.push(node);
  }
  return roots;
}

/** Every type of a document type (or all), stopped ones included unless asked otherwise: the setups' tree. */
export async function typeTree(
  db: Db,
  actor: Actor,
  f: { docType?: ExpenseDocType | undefined; includeInactive: boolean },
): Promise<ExpenseTypeNode[]> {
  const rows = await repo.typesOf(db, actor.companyId, { docType: f.docType, activeOnly: !f.includeInactive });
  return buildTree(rows, actor.culture);
}

/**
 * The active types of a document type this user may choose: open to their team (or a team above it) when the type
 * is limited to teams, and assigned to them when it is a restricted apply type. A type is hidden with its parent.
 */
export async function typesForUser(db: Db, actor: Actor, docType: ExpenseDocType, keyword?: string) {
  const rows = await repo.typesOf(db, actor.companyId, { docType, activeOnly: true });
  const ids = rows.map((r) => r.id);
  const limits = await repo.teamLimits(db, ids);
  // Only a type limited to teams asks where the user's team sits.
  const myTeams = limits.size > 0 ? await repo.teamWithAncestors(db, actor.companyId, actor.teamId) : new Set<number>();
  const restricted = rows.filter((r) => r.restricted && r.docType === 'apply').map((r) => r.id);
  const authorised = await repo.authorisedTypes(db, actor.userId, restricted);
  const allowed = rows.filter((r) => {
    const teams = limits.get(r.id);
    if (teams && !teams.some((t) => myTeams.has(t))) return false;
    return !(r.restricted && r.docType === 'apply' && !authorised.has(r.id));
  });
  const tree = buildTree(allowed, actor.culture);
  if (!keyword) return tree;
  const k = keyword.toLowerCase();
  const keep = (n: ExpenseTypeNode): ExpenseTypeNode | null => {
    const children = n.Children.map(keep).filter((c): c is ExpenseTypeNode => c !== null);
    const hit = [n.Code, n.NameZH, n.NameEN].some((s) => s.toLowerCase().includes(k));
    return hit || children.length ? { ...n, Children: hit ? n.Children : children } : null;
  };
  return tree.map(keep).filter((n): n is ExpenseTypeNode => n !== null);
}

function flatten(nodes: ExpenseTypeNode[]): ExpenseTypeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.Children)]);
}

/** Active items offered by a type the user may choose, for document lines. */
export async function itemsForUser(db: Db, actor: Actor, typeId: number) {
  const type = await repo.findType(db, actor.companyId, typeId);
  if (!type) throw notFound();
  const visible = flatten(await typesForUser(db, actor, type.docType));
  if (!visible.some((n) => n.ID === typeId)) throw notFound();
  const rows = await items.itemsOfType(db, typeId);
  return { Rows: rows.map((i) => itemOption(i, actor.culture)) };
}

async function typeOf(db: Db, actor: Actor, docType: ExpenseDocType, id: number) {
  const type = await repo.findType(db, actor.companyId, id);
  if (!type || type.docType !== docType) throw notFound();
  return type;
}

/** The parent must be a type of the same document type that offers no items itself (items sit on leaves). */
async function checkParent(db: Db, actor: Actor, docType: ExpenseDocType, parentId: number, selfId?: number) {
  const parent = await repo.findType(db, actor.companyId, parentId);
  if (!parent || parent.docType !== docType) throw fieldError('ParentID', 'expense_master.parent_unknown');
  if (selfId !== undefined) {
    const all = await repo.typesOf(db, actor.companyId, { docType, activeOnly: false });
    const parentOf = new Map(all.map((t) => [t.id, t.parentId]));
    for (
      let id: number | null | undefined = parentId, n = 0;
      id != null && n <= all.length;
      id = parentOf.get(id), n++
    ) {
      if (id === selfId) throw fieldError('ParentID', 'expense_master.parent_cycle');
    }
  }
  if ((await repo.offeredCount(db, parentId)) > 0) {
    throw refused('expense_master.parent_offers_items', { code: parent.code });
  }
}

export async function insertType(db: Db, actor: Actor, docType: ExpenseDocType, body: InsertExpenseTypeBody) {
  if (body.Restricted && docType !== 'apply') throw fieldError('Restricted', 'expense_master.restricted_apply_only');
  return db.transaction(async (tx) => {
    if (body.ParentID) await checkParent(tx, actor, docType, body.ParentID);
    const row = await guarded(
      () =>
        repo.insertType(tx, {
          companyId: actor.companyId,
          docType,
          code: body.Code,
          nameZh: body.NameZH,
          nameEn: body.NameEN,
          parentId: body.ParentID ?? null,
          active: body.Active,
          restricted: body.Restricted,
          sort: body.Sort,
        }),
      { duplicate: conflict('expense_master.code_duplicate', { code: body.Code }) },
    );
    await audit(
      tx,
      auditEntry(actor, {
        action: 'create',
        entity: 'expense_type',
        entityId: row.id,
        detail: { docType, code: row.code, nameZh: row.nameZh, nameEn: row.nameEn, parentId: row.parentId },
      }),
    );
    return record({ ...row, itemCount: 0 }, actor.culture);
  });
}

export async function updateType(db: Db, actor: Actor, docType: ExpenseDocType, body: UpdateExpenseTypeBody) {
  if (body.Restricted && docType !== 'apply') throw fieldError('Restricted', 'expense_master.restricted_apply_only');
  return db.transaction(async (tx) => {
    const before = await typeOf(tx, actor, docType, body.ID);
    const parentId = body.ParentID ?? null;
    if (parentId !== null && parentId !== before.parentId) await checkParent(tx, actor, docType, parentId, body.ID);
    const values = {
      parentId,
      nameZh: body.NameZH,
      nameEn: body.NameEN,
      active: body.Active,
      restricted: body.Restricted,
      sort: body.Sort,
    };
    const row = await repo.updateType(tx, body.ID, body.Version, values);
    if (!row) throw conflict();
    await audit(
      tx,
      auditEntry(actor, {
        action: before.active && !row.active ? 'stop' : !before.active && row.active ? 'start' : 'update',
        entity: 'expense_type',
        entityId: row.id,
        detail: { docType, code: row.code, ...values },
      }),
    );
    return record({ ...row, itemCount: await repo.offeredCount(tx, row.id) }, actor.culture);
  });
}

export async function selectedItems(db: Db, actor: Actor, docType: ExpenseDocType, q: TypeItemListBody) {
  await typeOf(db, actor, docType, q.ExpenseTypeID);
  const { total, rows } = await repo.selectedItems(db, q.ExpenseTypeID, q);
  return { Total: total, Rows: itemRows(rows, actor.culture) };
}

export async function notSelectedItems(db: Db, actor: Actor, docType: ExpenseDocType, q: TypeItemListBody) {
  await typeOf(db, actor, docType, q.ExpenseTypeID);
  const { total, rows } = await repo.notSelectedItems(db, actor.companyId, q.ExpenseTypeID, q);
  return { Total: total, Rows: itemRows(rows, actor.culture) };
}

/** Offers items on a leaf type; stopped items cannot be offered anew. */
export async function offerItems(db: Db, actor: Actor, docType: ExpenseDocType, body: TypeItemRelationBody) {
  await db.transaction(async (tx) => {
    const type = await repo.lockType(tx, actor.companyId, body.ExpenseTypeID);
    if (!type || type.docType !== docType) throw notFound();
    if ((await repo.childCount(tx, type.id)) > 0)
      throw refused('expense_master.type_has_children', { code: type.code });
    const ids = [...new Set(body.ExpenseItemIDs)];
    const found = await items.itemsByIds(tx, actor.companyId, ids);
    if (found.length !== ids.length) throw notFound();
    const stopped = found.find((i) => !i.active);
    if (stopped) throw fieldError('ExpenseItemIDs', 'expense_master.item_inactive', { code: stopped.code });
    const added = await repo.insertRelations(tx, type.id, ids);
    await audit(
      tx,
      auditEntry(actor, {
        action: 'offer_items',
        entity: 'expense_type',
        entityId: type.id,
        detail: { docType, code: type.code, items: found.filter((i) => added.includes(i.id)).map((i) => i.code) },
      }),
    );
  });
}

export async function withdrawItems(db: Db, actor: Actor, docType: ExpenseDocType, body: TypeItemRelationBody) {
  await db.transaction(async (tx) => {
    const type = await repo.lockType(tx, actor.companyId, body.ExpenseTypeID);
    if (!type || type.docType !== docType) throw notFound();
    const removed = await repo.deleteRelations(tx, type.id, [...new Set(body.ExpenseItemIDs)]);
    const codes = (await items.itemsByIds(tx, actor.companyId, removed.length ? removed : [0])).map((i) => i.code);
    await audit(
      tx,
      auditEntry(actor, {
        action: 'withdraw_items',
        entity: 'expense_type',
        entityId: type.id,
        detail: { docType, code: type.code, items: codes },
      }),
    );
  });
}
