import type {
  BaseInfoRow,
  BaseInfoTypeRow,
  Culture,
  SaveBaseInfoBody,
  SaveBaseInfoTypeBody,
  SearchBaseInfoListBody,
  SearchBaseInfoTypeBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded, requireVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit } from '../../audit/audit.service';
import { usageText } from '../lifecycle';
import * as repo from './baseinfo.repository';

function typeRow(r: { type: repo.TypeRow; itemCount: number }, culture: Culture): BaseInfoTypeRow {
  return {
    TypeID: r.type.id,
    TypeCode: r.type.code,
    Name: localName(culture, r.type.nameZh, r.type.nameEn),
    NameZH: r.type.nameZh,
    NameEN: r.type.nameEn,
    IsSystem: r.type.isSystem,
    Sort: r.type.sort,
    ItemCount: r.itemCount,
    Version: r.type.version,
  };
}

function itemRow(r: { item: repo.ItemRow; typeCode: string }, culture: Culture): BaseInfoRow {
  return {
    BaseInfoID: r.item.id,
    TypeID: r.item.typeId,
    TypeCode: r.typeCode,
    Code: r.item.code,
    Name: localName(culture, r.item.nameZh, r.item.nameEn),
    NameZH: r.item.nameZh,
    NameEN: r.item.nameEn,
    Value: r.item.value,
    Active: r.item.active,
    Sort: r.item.sort,
    Version: r.item.version,
  };
}

function entry(actor: Actor, action: string, entity: string, id: number | string, detail: Record<string, unknown>) {
  return {
    companyId: actor.companyId,
    actorId: actor.userId,
    action,
    entity,
    entityId: id,
    detail,
    requestId: actor.requestId,
  };
}

export async function searchTypes(db: Db, actor: Actor, body: SearchBaseInfoTypeBody) {
  const { companyId, culture } = actor;
  const { total, rows } = await repo.searchTypes(db, companyId, body, culture);
  return { Total: total, Rows: rows.map((r) => typeRow(r, culture)) };
}

export async function saveType(ctx: AppContext, actor: Actor, body: SaveBaseInfoTypeBody) {
  const { culture } = actor;
  const values = { code: body.TypeCode, nameZh: body.NameZH, nameEn: body.NameEN, sort: body.Sort ?? 0 };
  const id = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const same = await repo.typeByCode(tx, actor.companyId, body.TypeCode);
        if (body.TypeID === undefined) {
          if (same) throw duplicateOn('TypeCode', 'baseinfo.type_code_duplicate', { code: body.TypeCode });
          const row = await repo.insertType(tx, actor.companyId, values);
          await audit(tx, entry(actor, 'create', 'base_info_type', row.id, values));
          return row.id;
        }
        const before = await repo.lockType(tx, actor.companyId, body.TypeID);
        if (!before) throw notFound();
        // Other screens look lists up by their code, so it never changes.
        if (before.code !== body.TypeCode) throw fieldError('TypeCode', 'finmd.code_immutable');
        if (!(await repo.updateType(tx, before.id, requireVersion(body.Version), values))) throw conflict();
        await audit(tx, entry(actor, 'update', 'base_info_type', before.id, { before, after: values }));
        return before.id;
      }),
    { duplicate: 'baseinfo.type_code_duplicate' },
  );
  return typeRow((await repo.typeRow(ctx.db, actor.companyId, id))!, culture);
}

/** Deletes empty types; the product's own lists (system types) and types that still hold items stay. */
export async function deleteTypes(ctx: AppContext, actor: Actor, ids: number[]) {
  const { culture } = actor;
  return ctx.db.transaction(async (tx) => {
    for (const id of ids) {
      const row = await repo.typeRow(tx, actor.companyId, id);
      if (!row) throw notFound();
      if (row.type.isSystem) throw refused('baseinfo.type_system', { code: row.type.code });
      if (row.itemCount > 0)
        throw refused('baseinfo.type_in_use', {
          code: row.type.code,
          uses: usageText({ items: row.itemCount }, culture, ctx.messages),
        });
      await repo.deleteType(tx, id);
      await audit(tx, entry(actor, 'delete', 'base_info_type', id, { type: row.type }));
    }
    return ids.length;
  });
}

export async function searchItems(db: Db, actor: Actor, body: SearchBaseInfoListBody) {
  const { companyId, culture } = actor;
  const { total, rows } = await repo.searchItems(db, companyId, body, culture);
  return { Total: total, Rows: rows.map((r) => itemRow(r, culture)) };
}

export async function saveItem(ctx: AppContext, actor: Actor, body: SaveBaseInfoBody) {
  const { culture } = actor;
  const id = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const type = await repo.lockType(tx, actor.companyId, body.TypeID);
        if (!type) throw notFound();
        const same = await repo.itemByCode(tx, type.id, body.Code);
        const values = {
          typeId: type.id,
          code: body.Code,
          nameZh: body.NameZH,
          nameEn: body.NameEN,
          value: body.Value ?? null,
          active: body.Active ?? true,
          sort: body.Sort ?? (await repo.maxItemSort(tx, type.id)) + 1,
        };
        const duplicate = () => duplicateOn('Code', 'baseinfo.code_duplicate', { code: body.Code });
        if (body.BaseInfoID === undefined) {
          if (same) throw duplicate();
          const row = await repo.insertItem(tx, values);
          await audit(tx, entry(actor, 'create', 'base_info', row.id, values));
          return row.id;
        }
        const before = await repo.itemRow(tx, actor.companyId, body.BaseInfoID, true);
        if (!before) throw notFound();
        if (same && same.id !== before.item.id) throw duplicate();
        if (!(await repo.updateItem(tx, before.item.id, requireVersion(body.Version), values))) throw conflict();
        await audit(tx, entry(actor, 'update', 'base_info', before.item.id, { before: before.item, after: values }));
        return before.item.id;
      }),
    { duplicate: 'baseinfo.code_duplicate' },
  );
  return itemRow((await repo.itemRow(ctx.db, actor.companyId, id))!, culture);
}

export async function deleteItems(ctx: AppContext, actor: Actor, ids: number[]) {
  return ctx.db.transaction(async (tx) => {
    for (const id of ids) if (!(await repo.itemRow(tx, actor.companyId, id, true))) throw notFound();
    const removed = await repo.deleteItems(tx, ids);
    await audit(tx, entry(actor, 'delete', 'base_info', ids.join(','), { removed }));
    return removed.length;
  });
}

/**
 * The active items of a list by its code, in order and in the user's language: chargeback reasons
 * (`CHARGEBACK_REASON`), S.T. reasons (`ST_REASON`), payment methods (`PAYMENT_METHOD`) and any list added later.
 */
export async function baseInfoItems(db: Db, actor: Actor, typeCode: string) {
  const { companyId, culture } = actor;
  const { rows } = await repo.searchItems(
    db,
    companyId,
    { TypeCode: typeCode, ActiveOnly: true, PageIndex: 1, PageSize: 500 },
    culture,
  );
  return rows.map((r) => itemRow(r, culture));
}
