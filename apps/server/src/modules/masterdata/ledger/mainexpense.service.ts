import type {
  Culture,
  MainExpenseDetail,
  MainExpenseRow,
  SaveMainExpenseBody,
  SearchMainExpenseBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded, requireVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit } from '../../audit/audit.service';
import type { LifecycleSpec } from '../lifecycle';
import * as repo from './mainexpense.repository';

function toRow(r: { le: repo.LedgerExpenseRow; configCount: number }, culture: Culture): MainExpenseRow {
  return {
    MainExpenseID: r.le.id,
    MainExpenseCode: r.le.code,
    Name: localName(culture, r.le.nameZh, r.le.nameEn),
    NameZH: r.le.nameZh,
    NameEN: r.le.nameEn,
    GLAccount: r.le.glAccount,
    Status: r.le.status,
    ItemConfigCount: r.configCount,
    Version: r.le.version,
  };
}

export async function search(db: Db, actor: Actor, body: SearchMainExpenseBody) {
  const { companyId, culture } = actor;
  const { total, rows } = await repo.search(db, companyId, body, culture);
  return { Total: total, Rows: rows.map((r) => toRow(r, culture)) };
}

/** A ledger expense with the expense-item configurations that post to it. */
export async function detail(db: Db, actor: Actor, id: number): Promise<MainExpenseDetail> {
  const { companyId, culture } = actor;
  const row = await repo.listRow(db, companyId, id);
  if (!row) throw notFound();
  const configs = await repo.itemConfigs(db, id);
  return {
    ...toRow(row, culture),
    ItemConfigs: configs.map((c) => ({
      ConfigID: c.id,
      ExpenseItemCode: c.itemCode,
      ExpenseItemName: localName(culture, c.itemZh, c.itemEn),
      DocType: c.docType,
      CostCenterType: c.costCentreType,
      ProductID: c.productId,
    })),
  };
}

function entry(actor: Actor, action: string, id: number, detail: Record<string, unknown>) {
  return {
    companyId: actor.companyId,
    actorId: actor.userId,
    action,
    entity: 'ledger_expense',
    entityId: id,
    detail,
    requestId: actor.requestId,
  };
}

export async function save(ctx: AppContext, actor: Actor, body: SaveMainExpenseBody) {
  const values = { code: body.MainExpenseCode, nameZh: body.NameZH, nameEn: body.NameEN, glAccount: body.GLAccount };
  const id = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        if (body.MainExpenseID === undefined) {
          if (await repo.findByCode(tx, actor.companyId, body.MainExpenseCode))
            throw duplicateOn('MainExpenseCode', 'main_expense.code_duplicate', { code: body.MainExpenseCode });
          const row = await repo.insert(tx, actor.companyId, values);
          await audit(tx, entry(actor, 'create', row.id, values));
          return row.id;
        }
        const version = requireVersion(body.Version);
        const existing = await repo.lockById(tx, actor.companyId, body.MainExpenseID);
        if (!existing) throw notFound();
        if (existing.code !== body.MainExpenseCode) throw fieldError('MainExpenseCode', 'finmd.code_immutable');
        if (!(await repo.update(tx, existing.id, version, values))) throw conflict();
        await audit(tx, entry(actor, 'update', existing.id, { before: existing, after: values }));
        return existing.id;
      }),
    { duplicate: 'main_expense.code_duplicate' },
  );
  return detail(ctx.db, actor, id);
}

/** Start, stop and delete (routes in lifecycle.routes.ts). */
export const lifecycle: LifecycleSpec<NonNullable<Awaited<ReturnType<typeof repo.lockById>>>> = {
  codes: 'main_expense',
  lockById: repo.lockById,
  setStatus: (tx, row, status) => repo.update(tx, row.id, row.version, { status }),
  usage: (tx, row) => repo.usage(tx, row),
  remove: (tx, row) => repo.remove(tx, row.id),
  record: (tx, actor, row, action) =>
    audit(tx, entry(actor, action, row.id, action === 'delete' ? { row } : { code: row.code })),
};
