import type {
  Culture,
  DocumentPartBody,
  PayDetail,
  SavePayDetailBody,
  SearchPayVendorBody,
  SearchVendorBody,
  VendorList,
} from '@ems/contracts';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { shownAccount, wholeAccount } from '../../../core/masking';
import { companyById, findEmployee } from '../../org/org.service';
import type { DocumentRow } from '../document.repository';
import { type Caller, editPart, readable } from './part';
import * as repo from './parts.repository';
import { vendorSearch } from './vendor.gateway';

/** The vendor search as the screen gets it: accounts masked unless the caller pays people (core/masking). */
export async function searchVendors(db: Db, c: Caller, q: SearchVendorBody): Promise<VendorList> {
  const found = await lookupVendors(db, c, q);
  return { Rows: found.Rows.map((r) => ({ ...r, BankAccount: shownAccount(c.user, r.BankAccount) })) };
}

/** Searches the SAP vendor master (the configured adapter, else the built-in simulator), whole accounts. */
async function lookupVendors(db: Db, c: Caller, q: SearchVendorBody): Promise<VendorList> {
  const company = await companyById(db, c.companyId);
  const rows = await vendorSearch().search(db, {
    companyId: c.companyId,
    companyCode: company?.code ?? String(c.companyId),
    keyword: q.Keyword || undefined,
    code: q.Code || undefined,
    limit: q.Limit,
  });
  return { Rows: rows };
}

export async function searchPayVendors(db: Db, c: Caller, q: SearchPayVendorBody) {
  const { total, rows } = await repo.payVendors(db, c.companyId, q);
  return {
    Total: total,
    Rows: rows.map((r) => ({
      Code: r.code ?? '',
      Name: r.name,
      BankName: r.bankName,
      BankAccount: shownAccount(c.user, r.bankAccount),
      Documents: r.documents,
      LastUsedAt: (r.lastUsedAt ?? new Date(0)).toISOString(),
    })),
  };
}

export async function search(ctx: DbContext, c: Caller, documentId: number): Promise<PayDetail> {
  return payDetailOf(ctx.db, c.culture, await readable(ctx.db, c, documentId), c.user);
}

/** The part as a document the caller may see holds it (its screen, its preview). */
/**
 * The payee's account is masked unless the caller pays people (core/masking), or it is the caller's own account
 * (the applicant paid to their own card).
 */
export async function payDetailOf(db: Db, culture: Culture, d: DocumentRow, viewer: SessionUser): Promise<PayDetail> {
  const row = await repo.payDetailOf(db, d.id);
  if (row?.payeeKind === 'vendor') {
    return {
      Version: d.version,
      Saved: true,
      PayeeKind: 'vendor',
      PayeeCode: row.vendorCode ?? '',
      PayeeName: row.vendorName ?? '',
      BankName: row.bankName,
      BankAccount: shownAccount(viewer, row.bankAccount),
    };
  }
  const e = await findEmployee(db, d.applicantId);
  if (!e) throw notFound();
  return {
    Version: d.version,
    Saved: row !== undefined,
    PayeeKind: 'employee',
    PayeeCode: e.code,
    PayeeName: culture === 'en-GB' ? e.nameEn : e.nameZh,
    BankName: e.bankName,
    BankAccount: e.id === viewer.userId ? wholeAccount(e.bankAccount, 'own') : shownAccount(viewer, e.bankAccount),
  };
}

/**
 * Pays the applicant or a vendor. A vendor is looked up in the SAP vendor master by its code before the document
 * is locked (the search may be a remote call); its name and bank are kept as found.
 */
export async function save(ctx: DbContext, c: Caller, body: SavePayDetailBody): Promise<PayDetail> {
  let values: repo.PayValues = { payeeKind: 'employee' };
  if (body.PayeeKind === 'vendor') {
    if (!body.VendorCode) throw fieldError('VendorCode', 'validation.required');
    const [v] = (await lookupVendors(ctx.db, c, { Code: body.VendorCode, Limit: 1 })).Rows;
    if (!v || v.Code !== body.VendorCode) throw fieldError('VendorCode', 'pay.vendor_unknown');
    if (!v.BankAccount) throw fieldError('VendorCode', 'pay.vendor_no_bank', { code: v.Code });
    values = {
      payeeKind: 'vendor',
      vendorCode: v.Code,
      vendorName: v.Name,
      bankName: v.BankName,
      bankAccount: v.BankAccount,
    };
  }
  await editPart(ctx, c, body, 'pay_detail', async (tx, d) => {
    if (d.docType === 'apply') throw refused('pay.not_for_apply');
    await repo.upsertPayDetail(tx, d.id, values);
    return { payee: values.payeeKind, vendor: values.vendorCode ?? null };
  });
  return search(ctx, c, body.DocumentID);
}

/** Back to the default: the applicant is paid. */
export async function reset(ctx: DbContext, c: Caller, body: DocumentPartBody): Promise<PayDetail> {
  await editPart(ctx, c, body, 'reset_pay_detail', async (tx, d) => {
    if (!(await repo.deletePayDetail(tx, d.id))) throw refused('pay.nothing_to_reset');
    return {};
  });
  return search(ctx, c, body.DocumentID);
}
