import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { document } from '../src/modules/documents/document.table';
import { statusHistory } from '../src/modules/documents/lifecycle/lifecycle.table';
import { voucher } from '../src/modules/finance/entries/entries.table';
import { writeVoucher } from '../src/modules/finance/entries/voucher.service';
import { employee } from '../src/modules/org/org.table';
import type { TestApp } from './app';

/**
 * A loan or claim already posted to the ERP, made directly in the database: the document in `posted` with its
 * posted voucher (debit an expense, credit the applicant's payable by `payable`).
 */
export async function postedDocument(
  t: TestApp,
  applicantId: number,
  payable: string,
  opts: { companyId?: number; docType?: 'loan' | 'deputy'; postedDaysAgo?: number } = {},
) {
  const companyId = opts.companyId ?? 1;
  const [d] = await t.ctx.db
    .insert(document)
    .values({
      companyId,
      docType: opts.docType ?? 'deputy',
      docNo: `DR${randomBytes(5).toString('hex').toUpperCase()}`,
      applicantId,
      preparerId: applicantId,
      status: 'posted',
      totalAmount: payable,
      totalAmountCny: payable,
      reason: '测试付款',
    })
    .returning();
  const v = await writeVoucher(t.ctx.db, {
    companyId,
    documentId: d!.id,
    kind: opts.docType === 'loan' ? 'loan' : 'expense',
    postingDate: '2026-01-05',
    period: '2026-01',
    entries: [
      { side: 'D', glAccount: '660201', amount: payable, text: d!.docNo },
      { side: 'C', glAccount: '224101', amount: payable, employeeId: applicantId, text: d!.docNo },
    ],
  });
  await t.ctx.db.update(voucher).set({ state: 'posted', erpDocNo: '5100000001' }).where(eq(voucher.id, v.id));
  await t.ctx.db.insert(statusHistory).values({
    documentId: d!.id,
    fromStatus: 'to_post',
    toStatus: 'posted',
    action: 'post_ok',
    at: new Date(Date.now() - (opts.postedDaysAgo ?? 3) * 86_400_000),
  });
  return d!;
}

/** A person of the company with a bank account (or none), to pay. */
export async function payee(t: TestApp, code: string, bankAccount: string | null = `6225${code}`, companyId = 1) {
  const [row] = await t.ctx.db
    .insert(employee)
    .values({ companyId, code, nameZh: `收款${code}`, nameEn: `Payee ${code}`, bankName: '招商银行', bankAccount })
    .returning();
  return row!;
}

/** A call that must answer 200; answers its JSON. */
export function okCaller(t: TestApp, token: () => string) {
  return async (url: string, body: unknown) => {
    const res = await t.call(url, body, token());
    expect(res.statusCode, `${url} ${res.body.slice(0, 400)}`).toBe(200);
    return res.json();
  };
}

/** The document as it stands now. */
export async function documentNow(t: TestApp, id: number) {
  const [row] = await t.ctx.db.select().from(document).where(eq(document.id, id));
  return row!;
}
