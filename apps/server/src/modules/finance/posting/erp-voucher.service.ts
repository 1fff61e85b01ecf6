import { shanghaiToday } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { vendorAccountsOf } from '../../masterdata/erpcodes/erpcodes.service';
import { isTestSystem } from '../../system/system.service';
import { glAccount } from '../entries/accounts';
import type { ErpEntry, ErpVoucher } from './erp.gateway';
import type * as repo from './posting.repository';
import { erpCodes } from './posting.repository';
import { postingSettingsOf } from './settings.service';

type VoucherRow = NonNullable<Awaited<ReturnType<typeof repo.findVoucher>>>;

/** Voucher kinds whose non-tax, non-person lines are on expense accounts (cost lines that carry cost objects). */
const COST_LINE_KINDS = new Set(['expense', 'vat_adjustment']);

/**
 * The voucher as the ERP receives it (docs/decisions/049, a BAPI_ACC_DOCUMENT_POST-style document): header with
 * company code, document type of the voucher kind, document and posting dates, currency and rate; per line the
 * posting key, GL account, amount, tax code, cost centre, internal order, profit centre, assignment, text and the
 * person's SAP vendor account. Codes as the ERP knows them, never this system's ids.
 */
export async function erpVoucherOf(db: Db, v: VoucherRow): Promise<ErpVoucher> {
  const codes = await erpCodes(db, v);
  const settings = await postingSettingsOf(db, v.companyId);
  const inputVat = await glAccount(db, v.companyId, 'inputVat');
  const vendors = await vendorAccountsOf(
    db,
    v.companyId,
    codes.entries.flatMap(({ e }) => (e.employeeId ? [e.employeeId] : [])),
  );
  const assignment = (codes.docNo ?? `V${v.id}`).slice(0, 18);
  const entries = codes.entries.map(({ e, ...c }): ErpEntry => {
    const vendor = e.employeeId ? vendors.get(e.employeeId) : undefined;
    const tax = e.taxBase !== null || (e.glAccount === inputVat && e.employeeId === null);
    const lineType: ErpEntry['lineType'] = vendor
      ? 'vendor'
      : tax
        ? 'tax'
        : e.employeeId === null && COST_LINE_KINDS.has(v.kind) && (v.kind !== 'expense' || e.side === 'D')
          ? 'cost'
          : 'gl';
    return {
      lineNo: e.lineNo,
      lineType,
      side: e.side,
      postingKey: lineType === 'vendor' ? (e.side === 'D' ? '21' : '31') : e.side === 'D' ? '40' : '50',
      glAccount: e.glAccount,
      amount: e.amount,
      currency: e.currency,
      amountOriginal: e.amountOriginal,
      fxRate: e.fxRate,
      taxCode: e.taxCode,
      taxBase: e.taxBase,
      costCentre: c.costCentre,
      internalOrder: c.internalOrder,
      profitCentre: c.profitCentre,
      product: c.product,
      employee: c.employee,
      vendorNo: vendor?.vendorNo ?? null,
      vendorType: vendor?.accountType ?? null,
      assignment,
      text: e.text?.slice(0, 50) ?? null,
    };
  });
  return {
    postingRef: v.postingRef,
    companyCode: codes.companyCode,
    kind: v.kind,
    documentType: settings.documentTypes[v.kind] ?? '',
    documentDate: codes.submittedAt ? shanghaiToday(codes.submittedAt) : v.postingDate,
    postingDate: v.postingDate,
    period: v.period,
    // Every voucher balances in CNY; a line's own currency and rate go with the line.
    currency: 'CNY',
    exchangeRate: '1.00000',
    reference: codes.docNo,
    // A test system's vouchers are SAP test runs: checked, never booked (IsTest).
    ...((await isTestSystem(db, v.companyId)) ? { test: true } : {}),
    entries,
  };
}
