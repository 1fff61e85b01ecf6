import type {
  Culture,
  ExpenseDocType,
  ItemConfigLookupBody,
  ItemConfigRow,
  MasterOption,
  SaveItemConfigBody,
  SearchItemConfigBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { isUniqueViolation, requireVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound } from '../../../core/errors';
import { localName, type Messages } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import * as items from './expense-items.repository';
import * as repo from './item-config.repository';

type Found = NonNullable<Awaited<ReturnType<typeof repo.findConfig>>>;

function toRow(r: Found, culture: Culture): ItemConfigRow {
  return {
    ID: r.cfg.id,
    ExpenseItemID: r.item.id,
    ExpenseItemCode: r.item.code,
    ExpenseItemName: localName(culture, r.item.nameZh, r.item.nameEn),
    DocType: r.cfg.docType,
    CostCenterType: r.cfg.costCentreType,
    ProductID: r.product?.id ?? null,
    ProductCode: r.product?.code ?? null,
    ProductName: r.product ? localName(culture, r.product.nameZh, r.product.nameEn) : null,
    LedgerExpenseID: r.ledger.id,
    LedgerExpenseCode: r.ledger.code,
    LedgerExpenseName: localName(culture, r.ledger.nameZh, r.ledger.nameEn),
    GLAccount: r.ledger.glAccount,
    LedgerExpenseStatus: r.ledger.status,
    Version: r.cfg.version,
  };
}

export async function search(db: Db, actor: Actor, q: SearchItemConfigBody) {
  const { total, rows } = await repo.search(db, actor.companyId, q, actor.culture);
  return { Total: total, Rows: rows.map((r) => toRow(r, actor.culture)) };
}

/**
 * Maps an item, for one document type, to a ledger expense (GL account): for any cost centre and product, for one
 * kind of cost centre, or for one product. Stopped ledger expenses and inactive items or products cannot be chosen
 * anew; a mapping that keeps its old choice may still be saved.
 */
export async function save(db: Db, actor: Actor, body: SaveItemConfigBody): Promise<ItemConfigRow> {
  if (body.ID !== undefined) requireVersion(body.Version);
  if (body.CostCenterType && body.ProductID) throw fieldError('ProductID', 'expense_master.config_scope_both');
  return db.transaction(async (tx) => {
    const before = body.ID === undefined ? undefined : await repo.findConfig(tx, actor.companyId, body.ID);
    if (body.ID !== undefined && !before) throw notFound();
    const item = await items.findItem(tx, actor.companyId, body.ExpenseItemID);
    if (!item) throw fieldError('ExpenseItemID', 'expense_master.item_unknown');
    if (!item.active && before?.item.id !== item.id) throw fieldError('ExpenseItemID', 'expense_master.item_inactive');
    const ledger = await repo.findLedger(tx, actor.companyId, body.LedgerExpenseID);
    if (!ledger) throw fieldError('LedgerExpenseID', 'expense_master.ledger_unknown');
    if (ledger.status !== 'started' && before?.ledger.id !== ledger.id)
      throw fieldError('LedgerExpenseID', 'expense_master.ledger_stopped', { code: ledger.code });
    if (body.ProductID) {
      const product = await repo.findProduct(tx, actor.companyId, body.ProductID);
      if (!product) throw fieldError('ProductID', 'expense_master.product_unknown');
      if (!product.active && before?.product?.id !== product.id)
        throw fieldError('ProductID', 'expense_master.product_inactive');
    }
    const values = {
      expenseItemId: item.id,
      docType: body.DocType,
      costCentreType: body.CostCenterType || null,
      productId: body.ProductID ?? null,
      ledgerExpenseId: ledger.id,
    };
    let id: number;
    try {
      if (body.ID === undefined) id = (await repo.insertConfig(tx, { ...values, companyId: actor.companyId })).id;
      else {
        const updated = await repo.updateConfig(tx, body.ID, requireVersion(body.Version), values);
        if (!updated) throw conflict();
        id = updated.id;
      }
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('expense_master.config_duplicate', { item: item.code });
      throw err;
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: body.ID === undefined ? 'create' : 'update',
        entity: 'ledger_expense_item_config',
        entityId: id,
        detail: { item: item.code, ledger: ledger.code, glAccount: ledger.glAccount, ...values },
      }),
    );
    return toRow((await repo.findConfig(tx, actor.companyId, id))!, actor.culture);
  });
}

export async function remove(db: Db, actor: Actor, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await repo.configsByIds(tx, actor.companyId, ids);
    if (rows.length !== new Set(ids).size) throw notFound();
    await repo.deleteConfigs(tx, ids);
    await audit(
      tx,
      auditEntry(actor, {
        action: 'delete',
        entity: 'ledger_expense_item_config',
        entityId: ids.join(','),
        detail: { rows },
      }),
    );
  });
}

// Choices of the mapping editor

export async function ledgerOptions(db: Db, actor: Actor, q: ItemConfigLookupBody): Promise<MasterOption[]> {
  const rows = await repo.startedLedgers(db, actor.companyId, q.Keyword);
  return rows.map((l) => ({
    Value: l.id,
    Code: l.code,
    Label: localName(actor.culture, l.nameZh, l.nameEn),
    Extra: l.glAccount,
  }));
}

export async function itemOptions(db: Db, actor: Actor, q: ItemConfigLookupBody): Promise<MasterOption[]> {
  const docType: ExpenseDocType = q.DocType ?? 'deputy';
  const rows = await repo.offeredItems(db, actor.companyId, docType, q.Keyword);
  return rows.map((i) => ({
    Value: i.id,
    Code: i.code,
    Label: localName(actor.culture, i.nameZh, i.nameEn),
    Extra: i.category,
  }));
}

export async function productOptions(db: Db, actor: Actor, q: ItemConfigLookupBody): Promise<MasterOption[]> {
  const rows = await repo.activeProducts(db, actor.companyId, { keyword: q.Keyword, buId: q.BuID });
  return rows.map(({ product, bu }) => ({
    Value: product.id,
    Code: product.code,
    Label: localName(actor.culture, product.nameZh, product.nameEn),
    Extra: bu ? localName(actor.culture, bu.nameZh, bu.nameEn) : null,
  }));
}

/** Kinds of cost centre, named in the user's language where the kind is a known one. */
export async function costCentreTypeOptions(
  db: Db,
  messages: Messages,
  actor: Actor,
  q: ItemConfigLookupBody,
): Promise<MasterOption[]> {
  const rows = await repo.costCentreTypes(db, actor.companyId);
  const options = rows.map(({ type, started }) => {
    const key = `expenseMaster.costCentreType.${type}`;
    return {
      Value: type,
      Code: type,
      Label: messages.has(key, actor.culture) ? messages.t(key, actor.culture) : type,
      Extra: String(started),
    };
  });
  const k = q.Keyword?.toLowerCase();
  return k ? options.filter((o) => o.Code.includes(k) || o.Label.toLowerCase().includes(k)) : options;
}

/**
 * The ledger expense (GL account) of an expense line, for posting: a mapping for the line's product wins over one for
 * its kind of cost centre, which wins over the item's mapping for any; undefined when the item has none.
 */
export async function ledgerForLine(
  db: Db,
  companyId: number,
  line: { itemId: number; docType: ExpenseDocType; costCentreType: string | null; productId: number | null },
) {
  const rows = await repo.candidateMappings(db, companyId, line);
  const rank = (r: (typeof rows)[number]) =>
    (r.cfg.productId !== null ? 2 : 0) + (r.cfg.costCentreType !== null ? 1 : 0);
  const best = rows.sort((a, b) => rank(b) - rank(a))[0];
  return best
    ? {
        ledgerExpenseId: best.ledger.id,
        code: best.ledger.code,
        glAccount: best.ledger.glAccount,
        status: best.ledger.status,
      }
    : undefined;
}
