import { CardNumber, type ImportResult, isDateOnly, maskCardNo } from '@ems/contracts';
import { z } from 'zod';
import type { Actor } from '../../../core/actor';
import { guarded } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import { type ImportColumn, parseRows, RowErrors, readSheet } from '../../../core/import';
import { audit, auditEntry } from '../../audit/audit.service';
import * as repo from './registry.repository';

/** The registry's one layout: headers in either language (the export's first columns). */
export const REGISTRY_COLUMNS: ImportColumn[] = [
  { key: 'EmployeeCode', headerKey: 'cards.column.employeeCode', required: true },
  { key: 'CardNo', headerKey: 'cards.column.cardNo', required: true },
  { key: 'HolderName', headerKey: 'cards.column.holderName', required: true },
  { key: 'ValidUntil', headerKey: 'cards.column.validUntil' },
];

const blank = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === '' ? undefined : v), s);
const RegistryRow = z.object({
  EmployeeCode: blank(z.string().trim().min(1).max(40)),
  CardNo: blank(CardNumber),
  HolderName: blank(z.string().trim().min(1).max(100)),
  ValidUntil: blank(z.string().trim().refine(isDateOnly, { message: 'invalid date' }).optional()),
});

/**
 * ImportBusinessCardRegistry: the cards of a sheet (employee code, whole card number, name on card, valid until).
 * A number new to the company's active cards is added to the employee; one already active for the same employee has
 * its name and valid-until brought up to date; one active for someone else, an unknown or inactive employee (for a
 * new card), a number twice in the file or any bad cell refuses the whole file, every such row named. One
 * transaction: the cards it touches are locked, and a concurrent add of the same number still ends in the 409.
 */
export async function importRegistry(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const sheet = await readSheet(data, REGISTRY_COLUMNS, ctx.messages);
  const errors = new RowErrors(REGISTRY_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(sheet, RegistryRow, errors);
  const people = await repo.employeesByCode(ctx.db, actor.companyId);
  const seen = new Map<string, number>();
  for (const { row, value } of good) {
    const e = people.get(value.EmployeeCode);
    if (!e) errors.add(row, 'EmployeeCode', 'cards.employee_unknown');
    const first = seen.get(value.CardNo);
    if (first !== undefined) errors.add(row, 'CardNo', 'cards.repeated_in_file', { row: first });
    else seen.set(value.CardNo, row);
  }
  return guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const held = await repo.lockActiveByNumbers(
          tx,
          actor.companyId,
          good.map((g) => g.value.CardNo),
        );
        const changes: (() => Promise<'created' | 'updated' | 'same'>)[] = [];
        for (const { row, value } of good) {
          const e = people.get(value.EmployeeCode);
          if (!e || seen.get(value.CardNo) !== row) continue; // already named
          const card = held.get(value.CardNo);
          const set = { holderName: value.HolderName, validUntil: value.ValidUntil ?? null };
          if (card && card.employeeId !== e.id) {
            errors.add(row, 'CardNo', 'cards.card_duplicate');
          } else if (card) {
            if (card.holderName === set.holderName && card.validUntil === set.validUntil) continue;
            changes.push(async () => ((await repo.update(tx, card.id, card.version, set)) ? 'updated' : 'same'));
          } else if (e.status !== 'active') {
            errors.add(row, 'EmployeeCode', 'cards.employee_not_active');
          } else {
            changes.push(async () => {
              await repo.insert(tx, {
                companyId: actor.companyId,
                employeeId: e.id,
                cardNo: value.CardNo,
                ...set,
              });
              return 'created';
            });
          }
        }
        errors.throwIfAny();
        let created = 0;
        let updated = 0;
        for (const change of changes) {
          const done = await change();
          if (done === 'created') created++;
          if (done === 'updated') updated++;
        }
        await audit(
          tx,
          auditEntry(actor, {
            action: 'import',
            entity: 'business_card',
            detail: { rows: good.length, created, updated, cards: good.map((g) => maskCardNo(g.value.CardNo)) },
          }),
        );
        return { Imported: good.length, Created: created, Updated: updated };
      }),
    { duplicate: 'cards.card_duplicate' },
  );
}
