import {
  addMoney,
  bankAccountHolder,
  type Culture,
  type PaymentDeduction,
  type RemitDocumentRow,
  type RemitRun,
} from '@ems/contracts';
import { localName } from '../../../core/i18n';
import type { DeductionView, DocumentView, RunView } from './remit.repository';

/** The run's number as people read it and as the bank file is named. */
export const runNoOf = (id: number) => `RM${String(id).padStart(6, '0')}`;

const iso = (d: Date | string | null | undefined) =>
  d === null || d === undefined ? null : typeof d === 'string' ? new Date(d).toISOString() : d.toISOString();

export function toRun(v: RunView, culture: Culture): RemitRun {
  const r = v.r;
  return {
    RunID: r.id,
    RunNo: runNoOf(r.id),
    Step: r.step,
    PaymentMethod: r.paymentMethod,
    PayerAccountID: r.payerAccountId,
    PayerAccountName: v.payerName,
    Layout: v.payerLayout,
    CreditingDate: r.creditingDate,
    AuditMethod: r.auditMethod,
    Documents: Number(v.documents),
    Amount: v.amount,
    VoucherID: r.voucherId,
    VoucherState: v.voucherState,
    ErpDocNo: v.erpDocNo,
    PrintedAt: iso(r.printedAt),
    RemittedAt: iso(r.remittedAt),
    BankFile: r.bankFile,
    BankSentAt: iso(r.bankSentAt),
    PostRemark: r.postRemark,
    CreatedByName: v.creatorZh === null ? null : localName(culture, v.creatorZh, v.creatorEn ?? v.creatorZh),
    CreatedAt: r.createdAt.toISOString(),
    Version: r.version,
  };
}

/**
 * Whom a document pays: the vendor of its pay detail, else the applicant, with the bank account the payment goes
 * to (null when none is kept, which the remittance refuses). The applicant is named as the bank registered the
 * account (else by the Chinese name), never in the reader's language: the bank matches the name to the account.
 */
export function payeeOf(v: DocumentView) {
  if (v.payeeKind === 'vendor')
    return {
      kind: 'vendor' as const,
      code: v.vendorCode,
      name: v.vendorName ?? v.vendorCode ?? '',
      bankName: v.vendorBankName,
      bankAccount: v.vendorBankAccount?.trim() || null,
      bankCnaps: v.vendorBankCnaps,
      bankBranch: v.vendorBankBranch,
    };
  return {
    kind: 'employee' as const,
    code: v.applicantCode,
    name: bankAccountHolder(v.applicantBankAccountName, v.applicantZh),
    bankName: v.applicantBankName,
    bankAccount: v.applicantBankAccount?.trim() || null,
    bankCnaps: v.applicantBankCnaps,
    bankBranch: v.applicantBankBranch,
  };
}

const DAY = 86_400_000;

export function toDocumentRow(v: DocumentView, culture: Culture, now = Date.now()): RemitDocumentRow {
  const d = v.d;
  const payee = payeeOf(v);
  const posted = iso(v.postedAt);
  return {
    ID: d.id,
    DocNo: d.docNo,
    DocType: d.docType,
    Status: d.status,
    ApplicantCode: v.applicantCode,
    ApplicantName: localName(culture, v.applicantZh, v.applicantEn),
    TeamName: v.teamZh === null ? null : localName(culture, v.teamZh, v.teamEn ?? v.teamZh),
    PayeeName: payee.name,
    BankName: payee.bankName,
    BankAccount: payee.bankAccount,
    BankCnaps: payee.bankCnaps,
    Payable: v.payable,
    Currency: v.currency,
    LastFailure: v.lastFailure,
    PostedAt: posted,
    DaysWaiting: posted ? Math.max(0, Math.floor((now - new Date(posted).getTime()) / DAY)) : null,
    RunID: v.runId,
    Version: d.version,
  };
}

export function toDeduction(v: DeductionView): PaymentDeduction {
  return { DocNo: v.docNo, Kind: v.kind, Source: v.source, Date: v.sourceDate, Amount: v.amount };
}

/** What a payment was owed before its deductions: what the bank pays plus every amount kept back. */
export function grossOf(net: string, deductions: readonly { Amount: string }[]): string {
  return addMoney(net, ...deductions.map((d) => d.Amount));
}
