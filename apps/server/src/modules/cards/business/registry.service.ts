import {
  type BusinessCardRow,
  type Culture,
  type DeleteBusinessCardBody,
  type ExportBusinessCardRegistryBody,
  maskCardNo,
  type Page,
  type SaveBusinessCardBody,
  type SearchBusinessCardRegistryBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, guarded, requireVersion, staleVersion } from '../../../core/checks';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import * as repo from './registry.repository';

/**
 * The card registry (docs/decisions/037): which employee holds which business card, kept by those who receive the
 * issuer's statements (`expenseRemittance`). The number is stored whole, since statements name it, and served masked
 * everywhere, the save's answer too; one active card per number and company.
 */

export function toRow(v: repo.BusinessCardView, culture: Culture): BusinessCardRow {
  return {
    ID: v.c.id,
    EmployeeID: v.c.employeeId,
    EmployeeCode: v.employeeCode,
    EmployeeName: localName(culture, v.nameZh, v.nameEn),
    CardNo: maskCardNo(v.c.cardNo),
    HolderName: v.c.holderName,
    ValidUntil: v.c.validUntil,
    Active: v.c.active,
    Transactions: v.transactions,
    Version: v.c.version,
  };
}

/** SearchBusinessCardRegistry: one page of the company's cards. */
export async function search(db: Db, actor: Actor, q: SearchBusinessCardRegistryBody): Promise<Page<BusinessCardRow>> {
  const { total, rows } = await repo.search(db, actor.companyId, q);
  return { Total: total, Rows: rows.map((v) => toRow(v, actor.culture)) };
}

/** Every card the filters select, masked as on screen. */
export function exportRows(db: Db, actor: Actor, q: ExportBusinessCardRegistryBody, limit: number) {
  const rows = repo.exportAll(db, actor.companyId, q, limit);
  return (async function* () {
    for await (const v of rows) yield toRow(v, actor.culture);
  })();
}

/** What the audit row says of a card: never the whole number. */
const auditDetail = (c: { cardNo: string; holderName: string; validUntil: string | null; active: boolean }) => ({
  card: maskCardNo(c.cardNo),
  holderName: c.holderName,
  validUntil: c.validUntil,
  active: c.active,
});

const DUPLICATE = duplicateOn('CardNo', 'cards.card_duplicate');

/** The holder must be an employee of the company; a new card only for one still active. */
async function holder(db: Db, companyId: number, employeeId: number, adding: boolean) {
  const e = await repo.employeeOf(db, companyId, employeeId);
  if (!e) throw fieldError('EmployeeID', 'cards.employee_unknown');
  if (adding && e.status !== 'active') throw fieldError('EmployeeID', 'cards.employee_not_active');
  return e;
}

/**
 * SaveBusinessCard: adds a card (no ID) or edits one at the version the user saw (holder, name on card, valid-until,
 * cancelled or active again). A number already held by an active card of the company is refused (409 on `CardNo`),
 * also when a concurrent add wins the race (the partial unique index). One transaction with its audit row.
 */
export async function save(ctx: DbContext, actor: Actor, body: SaveBusinessCardBody): Promise<BusinessCardRow> {
  const id = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const values = {
          holderName: body.HolderName,
          validUntil: body.ValidUntil ?? null,
          active: body.Active,
        };
        if (body.ID === undefined) {
          if (!body.CardNo) throw fieldError('CardNo', 'validation.required');
          const e = await holder(tx, actor.companyId, body.EmployeeID, true);
          const row = await repo.insert(tx, {
            companyId: actor.companyId,
            employeeId: e.id,
            cardNo: body.CardNo,
            ...values,
          });
          await audit(
            tx,
            auditEntry(actor, {
              action: 'create',
              entity: 'business_card',
              entityId: row.id,
              detail: { employee: e.code, ...auditDetail(row) },
            }),
          );
          return row.id;
        }
        const version = requireVersion(body.Version);
        const before = await repo.lock(tx, actor.companyId, body.ID);
        if (!before) throw notFound();
        if (before.version !== version) throw staleVersion();
        if (body.CardNo && body.CardNo !== before.cardNo) throw fieldError('CardNo', 'cards.card_no_fixed');
        const e = await holder(tx, actor.companyId, body.EmployeeID, body.EmployeeID !== before.employeeId);
        if (!(await repo.update(tx, before.id, version, { employeeId: e.id, ...values }))) throw staleVersion();
        await audit(
          tx,
          auditEntry(actor, {
            action: before.active && !body.Active ? 'cancel' : !before.active && body.Active ? 'reactivate' : 'update',
            entity: 'business_card',
            entityId: before.id,
            detail: {
              employee: e.code,
              before: { employeeId: before.employeeId, ...auditDetail(before) },
              after: auditDetail({ ...before, ...values }),
            },
          }),
        );
        return before.id;
      }),
    { duplicate: DUPLICATE },
  );
  const v = await repo.view(ctx.db, actor.companyId, id);
  return toRow(v!, actor.culture);
}

/**
 * DeleteBusinessCard: removes a card no transaction names (a mistyped one); a card with transactions is cancelled
 * instead (409 `cards.card_in_use`). The lock also waits out a statement import adding to the card.
 */
export async function remove(ctx: DbContext, actor: Actor, body: DeleteBusinessCardBody): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lock(tx, actor.companyId, body.ID);
    if (!before) throw notFound();
    if (before.version !== body.Version) throw staleVersion();
    if (await repo.hasTransactions(tx, before.id)) throw conflict('cards.card_in_use');
    if (!(await repo.remove(tx, before.id, body.Version))) throw staleVersion();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'delete',
        entity: 'business_card',
        entityId: before.id,
        detail: { employeeId: before.employeeId, ...auditDetail(before) },
      }),
    );
  });
}
