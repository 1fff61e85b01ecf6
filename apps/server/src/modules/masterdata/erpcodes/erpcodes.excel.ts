import {
  type Culture,
  type ExportSapVendorBody,
  type ImportResult,
  MasterCode,
  SAP_ACCOUNT_TYPES,
  SapVendorNo,
} from '@ems/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../core/actor';
import { guarded } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import {
  duplicatesInFile,
  EXPORT_LIMIT,
  matchLabel,
  parseCells,
  readUpload,
  type SheetColumn,
  sendSheet,
} from '../finance-excel';
import * as repo from './erpcodes.repository';

const F = 'erpcodes.vendor.field';
const typeLabel = (t: string) => `erpcodes.accountType.${t}`;

function columns(ctx: AppContext, culture: Culture): SheetColumn<repo.SapVendorListRow>[] {
  return [
    { key: 'EmployeeCode', headerKey: `${F}.employeeCode`, required: true, value: (r) => r.code, width: 16 },
    {
      key: 'EmployeeName',
      headerKey: `${F}.employeeName`,
      exportOnly: true,
      value: (r) => localName(culture, r.nameZh, r.nameEn),
      width: 20,
    },
    {
      key: 'AccountType',
      headerKey: `${F}.accountType`,
      required: true,
      value: (r) => ctx.messages.t(typeLabel(r.a.accountType), culture),
      width: 16,
    },
    { key: 'VendorNo', headerKey: `${F}.vendorNo`, required: true, value: (r) => r.a.vendorNo, width: 14 },
  ];
}

export async function exportVendors(ctx: AppContext, reply: FastifyReply, actor: Actor, f: ExportSapVendorBody) {
  const rows = await repo.allVendors(ctx.db, actor.companyId, f, EXPORT_LIMIT);
  return sendSheet(reply, ctx, actor.culture, 'erpcodes.vendor.exportName', columns(ctx, actor.culture), rows);
}

const SheetRow = z.object({ EmployeeCode: MasterCode, AccountType: z.string().trim(), VendorNo: SapVendorNo });

/**
 * Creates or updates people's SAP accounts by employee code, in the export's layout: all rows or none, every bad
 * cell named (an unknown person, an account type neither code nor label, a vendor number twice in the file).
 */
export async function importVendors(ctx: AppContext, req: FastifyRequest, actor: Actor): Promise<ImportResult> {
  const { rows, errors } = await readUpload(req, ctx, columns(ctx, req.culture));
  const cells = parseCells(rows, SheetRow, errors);
  duplicatesInFile(
    cells.flatMap((c) => (c.value.EmployeeCode ? [{ row: c.row, code: c.value.EmployeeCode }] : [])),
    errors,
    'EmployeeCode',
  );
  duplicatesInFile(
    cells.flatMap((c) => (c.value.VendorNo ? [{ row: c.row, code: c.value.VendorNo }] : [])),
    errors,
    'VendorNo',
  );
  const people = new Map(
    (
      await repo.employeesByCodes(
        ctx.db,
        actor.companyId,
        cells.flatMap((c) => (c.value.EmployeeCode ? [c.value.EmployeeCode] : [])),
      )
    ).map((p) => [p.code.toLowerCase(), p.id]),
  );
  const held = new Map(
    (
      await repo.vendorsByNumbers(
        ctx.db,
        actor.companyId,
        cells.flatMap((c) => (c.value.VendorNo ? [c.value.VendorNo] : [])),
      )
    ).map((h) => [h.vendorNo.toLowerCase(), h.employeeId]),
  );
  const plans = cells.flatMap(({ row, value: v }) => {
    const accountType = v.AccountType
      ? matchLabel(v.AccountType, SAP_ACCOUNT_TYPES, typeLabel, ctx.messages)
      : undefined;
    if (v.AccountType && !accountType)
      errors.add(row, 'AccountType', 'erpcodes.account_type_unknown', { value: v.AccountType });
    const employeeId = v.EmployeeCode ? people.get(v.EmployeeCode.toLowerCase()) : undefined;
    if (v.EmployeeCode && employeeId === undefined) errors.add(row, 'EmployeeCode', 'erpcodes.person_unknown');
    const holder = v.VendorNo ? held.get(v.VendorNo.toLowerCase()) : undefined;
    if (holder !== undefined && employeeId !== undefined && holder !== employeeId)
      errors.add(row, 'VendorNo', 'erpcodes.vendor_no_duplicate', { vendorNo: v.VendorNo! });
    return employeeId && accountType && v.VendorNo ? [{ row, employeeId, accountType, vendorNo: v.VendorNo }] : [];
  });
  errors.throwIfAny();

  let created = 0;
  // A number taken meanwhile by a save of someone else: the whole file is refused.
  await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        for (const p of plans) {
          const values: repo.VendorValues = {
            employeeId: p.employeeId,
            accountType: p.accountType,
            vendorNo: p.vendorNo,
          };
          const before = await repo.lockVendorOfEmployee(tx, actor.companyId, p.employeeId);
          let id: number;
          if (before) {
            await repo.updateVendor(tx, before.id, null, values);
            id = before.id;
          } else {
            id = (await repo.insertVendor(tx, actor.companyId, values)).id;
            created++;
          }
          await audit(
            tx,
            auditEntry(actor, { action: 'import', entity: 'sap_vendor_account', entityId: id, detail: values }),
          );
        }
      }),
    { duplicate: 'erpcodes.vendor_no_duplicate' },
  );
  return { Imported: plans.length, Created: created, Updated: plans.length - created };
}
