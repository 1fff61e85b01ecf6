import { type ImportResult, isDateOnly, isMoney, money } from '@ems/contracts';
import { z } from 'zod';
import type { Actor } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { type ImportColumn, parseRows, RowErrors, readSheet } from '../../../core/import';
import { audit, auditEntry } from '../../audit/audit.service';
import { parameter } from '../../system/system.service';
import * as repo from './rides.repository';

/**
 * The ride-hailing provider's orders (DESIGN §13): its statement, imported as Excel (the default adapter; the
 * provider is the technical parameter `OrderSystemCompany`, "DiDi" when unset), each order matched to the employee
 * by code.
 */
export async function provider(db: Db, companyId: number): Promise<string> {
  return (await parameter(db, companyId, 'OrderSystemCompany'))?.value?.trim() || 'DiDi';
}

export const ORDER_COLUMNS: ImportColumn[] = [
  { key: 'OrderNo', headerKey: 'cards.column.orderNo', required: true },
  { key: 'EmployeeCode', headerKey: 'cards.column.employeeCode', required: true },
  { key: 'OrderDate', headerKey: 'cards.column.orderDate', required: true },
  { key: 'FromPlace', headerKey: 'cards.column.fromPlace', required: true },
  { key: 'ToPlace', headerKey: 'cards.column.toPlace', required: true },
  { key: 'Amount', headerKey: 'cards.column.amount', required: true },
];

const blank = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === '' ? undefined : v), s);
const OrderRow = z.object({
  OrderNo: blank(z.string().trim().min(1).max(64)),
  EmployeeCode: blank(z.string().trim().min(1).max(40)),
  OrderDate: blank(z.string().trim().refine(isDateOnly, { message: 'invalid date' })),
  FromPlace: blank(z.string().trim().min(1).max(200)),
  ToPlace: blank(z.string().trim().min(1).max(200)),
  Amount: blank(
    z
      .string()
      .trim()
      .transform((v) => v.replace(/,/g, ''))
      .refine((v) => isMoney(v) && Number(v) > 0, { message: 'invalid amount' }),
  ),
});

/**
 * ImportDidiOrderStatement: an unknown employee, an order twice in the file or any bad cell refuses the whole file
 * with every such row named; a good file adds its new orders in one transaction.
 */
export async function importOrders(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const sheet = await readSheet(data, ORDER_COLUMNS, ctx.messages);
  const errors = new RowErrors(ORDER_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(sheet, OrderRow, errors);
  const people = await repo.employeesByCode(ctx.db, actor.companyId);
  const name = await provider(ctx.db, actor.companyId);
  const seen = new Map<string, number>();
  const rows: Parameters<typeof repo.insertOrders>[1] = [];
  for (const { row, value } of good) {
    const employeeId = people.get(value.EmployeeCode.toLowerCase());
    if (!employeeId) errors.add(row, 'EmployeeCode', 'cards.employee_unknown');
    const first = seen.get(value.OrderNo);
    if (first !== undefined) errors.add(row, 'OrderNo', 'cards.repeated_in_file', { row: first });
    else seen.set(value.OrderNo, row);
    if (employeeId)
      rows.push({
        companyId: actor.companyId,
        employeeId,
        provider: name,
        orderNo: value.OrderNo,
        orderDate: value.OrderDate,
        fromPlace: value.FromPlace,
        toPlace: value.ToPlace,
        amount: money(value.Amount),
      });
  }
  errors.throwIfAny();
  return ctx.db.transaction(async (tx) => {
    const created = await repo.insertOrders(tx, rows);
    await audit(
      tx,
      auditEntry(actor, { action: 'import', entity: 'ride_order', detail: { rows: rows.length, created } }),
    );
    return { Imported: rows.length, Created: created, Updated: 0 };
  });
}
