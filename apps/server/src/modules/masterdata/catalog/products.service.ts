import type {
  Culture,
  ProductBuRow,
  ProductRow,
  SaveProductBody,
  SaveProductBuBody,
  SearchProductBody,
  SearchProductBuBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { guarded, requireVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import { type DeleteSpec, deleteUnused } from '../lifecycle';
import * as repo from './products.repository';

export function buRow(
  r: { bu: repo.BuRecord; team: repo.BuTeamRecord | null; productCount: number },
  culture: Culture,
): ProductBuRow {
  return {
    ID: r.bu.id,
    Code: r.bu.code,
    Name: localName(culture, r.bu.nameZh, r.bu.nameEn),
    NameZH: r.bu.nameZh,
    NameEN: r.bu.nameEn,
    TeamID: r.team?.id ?? null,
    TeamCode: r.team?.code ?? null,
    TeamName: r.team ? localName(culture, r.team.nameZh, r.team.nameEn) : null,
    Active: r.bu.active,
    ProductCount: r.productCount,
    Version: r.bu.version,
  };
}

export function productRow(r: { product: repo.ProductRecord; bu: repo.BuRecord | null }, culture: Culture): ProductRow {
  return {
    ID: r.product.id,
    Code: r.product.code,
    Name: localName(culture, r.product.nameZh, r.product.nameEn),
    NameZH: r.product.nameZh,
    NameEN: r.product.nameEn,
    BuID: r.bu?.id ?? null,
    BuCode: r.bu?.code ?? null,
    BuName: r.bu ? localName(culture, r.bu.nameZh, r.bu.nameEn) : null,
    SapCode: r.product.sapCode,
    Active: r.product.active,
    Version: r.product.version,
  };
}

export async function searchBus(db: Db, actor: Actor, q: SearchProductBuBody) {
  const { total, rows } = await repo.searchBus(db, actor.companyId, q, actor.culture);
  return { Total: total, Rows: rows.map((r) => buRow(r, actor.culture)) };
}

export async function saveBu(db: Db, actor: Actor, body: SaveProductBuBody): Promise<ProductBuRow> {
  if (body.ID !== undefined) requireVersion(body.Version);
  return db.transaction(async (tx) => {
    if (body.TeamID && !(await repo.teamInCompany(tx, actor.companyId, body.TeamID)))
      throw fieldError('TeamID', 'expense_master.team_unknown');
    const values = { nameZh: body.NameZH, nameEn: body.NameEN, teamId: body.TeamID ?? null, active: body.Active };
    let id: number;
    if (body.ID === undefined) {
      id = (
        await guarded(() => repo.insertBu(tx, { ...values, companyId: actor.companyId, code: body.Code }), {
          duplicate: conflict('expense_master.code_duplicate', { code: body.Code }),
        })
      ).id;
    } else {
      const before = await repo.findBu(tx, actor.companyId, body.ID);
      if (!before) throw notFound();
      if (before.bu.code !== body.Code) throw fieldError('Code', 'expense_master.code_immutable');
      if (!(await repo.updateBu(tx, body.ID, requireVersion(body.Version), values))) throw conflict();
      id = body.ID;
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: body.ID === undefined ? 'create' : 'update',
        entity: 'product_bu',
        entityId: id,
        detail: { code: body.Code, ...values },
      }),
    );
    return buRow((await repo.findBu(tx, actor.companyId, id))!, actor.culture);
  });
}

/** BUs no product belongs to may go; one with products is deactivated instead. */
const buDeletes: DeleteSpec<NonNullable<Awaited<ReturnType<typeof repo.findBu>>>> = {
  entity: 'product_bu',
  find: async (tx, companyId, ids) =>
    (await Promise.all(ids.map((id) => repo.findBu(tx, companyId, id)))).filter((f) => f !== undefined),
  inUse: async (_tx, found) => {
    const f = found.find((b) => b.productCount > 0);
    return f && refused('expense_master.bu_has_products', { code: f.bu.code, count: f.productCount });
  },
  remove: repo.deleteBus,
  audits: (found, ids) => [{ entityId: ids.join(','), detail: { codes: found.map((f) => f.bu.code) } }],
};

export function deleteBus(db: Db, actor: Actor, ids: number[]): Promise<void> {
  return deleteUnused(buDeletes, db, actor, ids);
}

export async function searchProducts(db: Db, actor: Actor, q: SearchProductBody) {
  const { total, rows } = await repo.searchProducts(db, actor.companyId, q, actor.culture);
  return { Total: total, Rows: rows.map((r) => productRow(r, actor.culture)) };
}

/** Creates or updates a product; an inactive BU cannot be chosen anew. */
export async function saveProduct(db: Db, actor: Actor, body: SaveProductBody): Promise<ProductRow> {
  if (body.ID !== undefined) requireVersion(body.Version);
  return db.transaction(async (tx) => {
    const before = body.ID === undefined ? undefined : await repo.findProduct(tx, actor.companyId, body.ID);
    if (body.ID !== undefined && !before) throw notFound();
    if (body.BuID) {
      const [bu] = await repo.busByIds(tx, actor.companyId, [body.BuID]);
      if (!bu) throw fieldError('BuID', 'expense_master.bu_unknown');
      if (!bu.active && before?.bu?.id !== bu.id) throw fieldError('BuID', 'expense_master.bu_inactive');
    }
    const values = {
      nameZh: body.NameZH,
      nameEn: body.NameEN,
      buId: body.BuID ?? null,
      sapCode: body.SapCode || null,
      active: body.Active,
    };
    let id: number;
    if (!before) {
      id = (
        await guarded(() => repo.insertProduct(tx, { ...values, companyId: actor.companyId, code: body.Code }), {
          duplicate: conflict('expense_master.code_duplicate', { code: body.Code }),
        })
      ).id;
    } else {
      if (before.product.code !== body.Code) throw fieldError('Code', 'expense_master.code_immutable');
      if (!(await repo.updateProduct(tx, before.product.id, requireVersion(body.Version), values))) throw conflict();
      id = before.product.id;
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: before ? 'update' : 'create',
        entity: 'product',
        entityId: id,
        detail: { code: body.Code, ...values },
      }),
    );
    return productRow((await repo.findProduct(tx, actor.companyId, id))!, actor.culture);
  });
}

/** Products no GL mapping names may go; one in use is deactivated instead. */
const productDeletes: DeleteSpec<repo.ProductRecord> = {
  entity: 'product',
  find: repo.productsByIds,
  inUse: async (tx, found) => {
    const used = await repo.productsInConfigs(
      tx,
      found.map((p) => p.id),
    );
    const p = found.find((r) => used.has(r.id));
    return p && refused('expense_master.product_in_use', { code: p.code, count: used.get(p.id) ?? 0 });
  },
  remove: repo.deleteProducts,
  audits: (found, ids) => [{ entityId: ids.join(','), detail: { codes: found.map((p) => p.code) } }],
};

export function deleteProducts(db: Db, actor: Actor, ids: number[]): Promise<void> {
  return deleteUnused(productDeletes, db, actor, ids);
}
