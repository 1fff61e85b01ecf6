import { Decimal } from 'decimal.js';
import { and, asc, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { BatchContext } from '../../core/context';
import type { Db } from '../../core/db';
import { Messages } from '../../core/i18n';
import { userAccount } from '../../modules/auth/auth.table';
import { AttachmentStore } from '../../modules/documents/attachments/attachment.storage';
import { document } from '../../modules/documents/document.table';
import * as form from '../../modules/documents/form/form.service';
import * as postCentre from '../../modules/documents/postcentre/postcentre.service';
import * as vat from '../../modules/finance/entries/tax/tax.service';
import { vouchersOfDocument } from '../../modules/finance/entries/voucher.service';
import * as loanPosting from '../../modules/finance/loans/loan-posting.service';
import { erpSimulator, useErpGateway } from '../../modules/finance/posting/erp.gateway';
import { beginBatch, erpJob } from '../../modules/finance/posting/posting.service';
import { remittanceItem, remittanceRun } from '../../modules/finance/remit/remit.table';
import type { Clerk } from '../../modules/finance/remit/remittance.service';
import * as remittance from '../../modules/finance/remit/remittance.service';
import * as chargebacks from '../../modules/finance/review/chargeback.service';
import * as checks from '../../modules/finance/review/check.service';
import { reasons } from '../../modules/finance/review/review.service';
import { employee } from '../../modules/org/org.table';
import { company, technicalParameter } from '../../modules/system/system.table';
import * as approval from '../../modules/workflow/approval/approval.service';
import { type DemoRun, daysAgo, instantDaysAgo } from './demo-clock';
import { attachInvoice, defaultCostCentre, pendingApprover, typeItems } from './demo-documents';
import { addDemoFapiao } from './demo-fapiao';
import { demoUser } from './demo-user';

const REQUEST = 'demo-seed';

type FinanceEnd =
  | 'awaiting_paper'
  | 'received'
  | 'held'
  | 'charged_back'
  | 'written_off'
  | 'posted'
  | 'post_failed'
  | 'loan_paid'
  | 'remitted_long_ago';

interface Planned {
  end: FinanceEnd;
  docType: 'loan' | 'deputy';
  mine: boolean;
  reason: string;
  amount: string;
  /** Expense type and item other than travel and hotel (a claim: D_TRAVEL / HOTEL; a loan: L_TRAVEL / TRAVEL_ADVANCE). */
  type?: string;
  item?: string;
  /**
   * A fapiao for the whole line, for the VAT adjustment screen: a special one (deducted; a transfer-out drafted) or
   * an ordinary one (not deductible: the screen's default list).
   */
  fapiao?: 'vat_special' | 'vat_normal';
}

/**
 * What the shared-service centre finds: one document at each stage after approval (DESIGN §9); among those past
 * review, a hotel claim with a special VAT fapiao (the VAT adjustment screen) and a laptop booked as a fixed asset.
 */
const PLAN: Planned[] = [
  { end: 'awaiting_paper', docType: 'deputy', mine: false, reason: '苏州客户拜访差旅', amount: '420.00' },
  { end: 'received', docType: 'deputy', mine: false, reason: '无锡学术会议差旅', amount: '780.00' },
  { end: 'held', docType: 'deputy', mine: false, reason: '合肥区域会议差旅', amount: '1260.00' },
  { end: 'charged_back', docType: 'deputy', mine: true, reason: '宁波客户拜访差旅', amount: '530.00' },
  { end: 'written_off', docType: 'deputy', mine: false, reason: '温州市场调研差旅', amount: '960.00' },
  { end: 'posted', docType: 'deputy', mine: true, reason: '嘉兴客户拜访差旅', amount: '610.00', fapiao: 'vat_normal' },
  {
    end: 'posted',
    docType: 'deputy',
    mine: false,
    reason: '绍兴客户拜访差旅',
    amount: '1340.00',
    fapiao: 'vat_special',
  },
  { end: 'post_failed', docType: 'deputy', mine: false, reason: '常州学术会议差旅', amount: '870.00' },
  { end: 'loan_paid', docType: 'loan', mine: true, reason: '北京学术年会差旅借款', amount: '3000.00' },
  { end: 'remitted_long_ago', docType: 'deputy', mine: false, reason: '扬州客户拜访差旅', amount: '720.00' },
  {
    end: 'written_off',
    docType: 'deputy',
    mine: false,
    reason: '区域办公室笔记本电脑',
    amount: '6800.00',
    type: 'D_OFFICE',
    item: 'OFFICE',
  },
];

/** The items the demo group keeps as fixed assets (`FixedAssetItems`): office equipment above the threshold. */
const ASSET_ITEMS = 'OFFICE';

/** How long ago the demo's old remittance run paid: past the default retention (365 days) of its personal data. */
const OLD_RUN_DAYS = 400;

/**
 * Documents at each finance stage for the demo's shared-service centre (the `finance` user), made through the real
 * services: approved, then received by the post centre, held, charged back, written off (voucher written), posted
 * through the ERP simulator, refused by it (to resend), and a loan posted and paid. Runs after the approval demo.
 */
export async function seedDemoFinanceStates(outer: Db, { dataDir, clock }: DemoRun): Promise<void> {
  await outer.transaction(async (db) => {
    const [c] = await db.select().from(company).where(eq(company.code, '1000'));
    if (!c) return;
    const idOf = async (username: string) =>
      (await db.select({ id: userAccount.employeeId }).from(userAccount).where(eq(userAccount.username, username)))[0]
        ?.id;
    const clerkId = await idOf('finance');
    // The papers arrive at the post centre's other desk: its batch is closed and handed on, so the finance user's
    // own batch keeps only what the approval demo scanned.
    const postId = await idOf('admin');
    const mineId = await idOf('employee');
    if (!clerkId || !mineId || !postId) return;
    // A colleague of the demo employee (same manager) who can claim: the other applicant of the plan.
    const [me] = await db.select({ managerId: employee.lineManagerId }).from(employee).where(eq(employee.id, mineId));
    const [other] = me?.managerId
      ? await db
          .select({ id: employee.id })
          .from(employee)
          .where(
            and(
              eq(employee.companyId, c.id),
              eq(employee.status, 'active'),
              eq(employee.lineManagerId, me.managerId),
              ne(employee.id, mineId),
              isNotNull(employee.defaultCostCentreId),
              isNotNull(employee.bankAccount),
            ),
          )
          .orderBy(asc(employee.code))
          .limit(1)
      : [];
    const as = (employeeId: number) => demoUser(db, c.id, employeeId);
    const clerk = await as(clerkId);
    const postClerk = await as(postId);
    const actor: Actor = {
      userId: clerkId,
      companyId: c.id,
      teamId: clerk.teamId,
      culture: 'zh-CN',
      requestId: REQUEST,
    };
    // Refusals inside a batch are reported per document; the demo wants each to go through.
    const ctx: BatchContext = { db, messages: new Messages() };
    const ok = (r: { Rows: { Ok: boolean; ErrorCode: string | null; DocNo: string | null }[] }) => {
      const failed = r.Rows.find((x) => !x.Ok);
      if (failed) throw new Error(`demo finance: ${failed.DocNo} ${failed.ErrorCode}`);
    };
    const allDone = (r: { Skipped: { DocNo: string | null; Message: string }[] }) => {
      if (r.Skipped[0]) throw new Error(`demo finance: ${r.Skipped[0].DocNo} ${r.Skipped[0].Message}`);
    };
    const [chargebackReason] = (await reasons(db, actor, 'chargeback')).Rows;
    const [stReason] = (await reasons(db, actor, 'st')).Rows;
    const types = await typeItems(db, c.id);
    const store = new AttachmentStore(dataDir);
    const today = clock.today;

    // The laptop is booked as a fixed asset when its claim passes review.
    await db
      .update(technicalParameter)
      .set({ value: ASSET_ITEMS })
      // The base data sets it for the whole group (no company): the demo's group keeps its office items so.
      .where(
        and(
          or(isNull(technicalParameter.companyId), eq(technicalParameter.companyId, c.id)),
          eq(technicalParameter.key, 'FixedAssetItems'),
        ),
      );
    const special: number[] = [];
    const made: { id: number; docNo: string; end: FinanceEnd; docType: 'loan' | 'deputy'; reason: string }[] = [];
    for (const p of PLAN) {
      const applicant = await as(p.mine || !other ? mineId : other.id);
      const t = types.get(p.type ?? (p.docType === 'loan' ? 'L_TRAVEL' : 'D_TRAVEL'));
      const item = t?.items.get(p.item ?? (p.docType === 'loan' ? 'TRAVEL_ADVANCE' : 'HOTEL'));
      if (!t || !item) return;
      const saved = await form.save(
        { db },
        applicant,
        p.docType,
        {
          ExpenseTypeID: t.typeId,
          CostCenterID: await defaultCostCentre(db, applicant.userId),
          Currency: 'CNY',
          Reason: p.reason,
          LongTerm: false,
          Lines: [
            { ExpenseItemID: item, ExpenseDate: today, Amount: p.amount, Currency: 'CNY', Description: p.reason },
          ],
          Loans: [],
        },
        'zh-CN',
        REQUEST,
      );
      // A picture of the paper invoice: the originals are mailed to the centre.
      if (p.docType === 'deputy') await attachInvoice(db, store, saved.ID, applicant.userId);
      // The hotel's fapiao for the line (on paper unless the plan names its kind), mailed with the picture.
      if (p.docType === 'deputy') {
        const kind = p.fapiao ?? 'vat_normal';
        const id = await addHotelFapiao(db, applicant, { documentId: saved.ID, type: kind, gross: p.amount }, c, today);
        if (kind === 'vat_special') special.push(id);
      }
      let version = (
        await approval.submit(
          { db },
          applicant,
          p.docType,
          { id: saved.ID, version: saved.Version, requestId: REQUEST },
          'zh-CN',
        )
      ).Version;
      for (let step = 0; step < 10; step++) {
        const next = await pendingApprover(db, saved.ID);
        if (next === undefined) break;
        version = (
          await approval.decide(
            { db },
            await as(next),
            p.docType,
            { id: saved.ID, version, pass: true, requestId: REQUEST },
            'zh-CN',
          )
        ).Version;
      }
      made.push({ id: saved.ID, docNo: saved.DocNo, end: p.end, docType: p.docType, reason: p.reason });
    }

    const versionOf = async (id: number) =>
      (await db.select({ v: document.version }).from(document).where(eq(document.id, id)))[0]?.v ?? 0;
    let postBatch: number | null = null;
    for (const d of made) {
      if (d.end === 'awaiting_paper') continue;
      const received = await postCentre.receive({ db }, postClerk, d.docNo, 'zh-CN', REQUEST);
      postBatch = received.Batch.BatchID ?? postBatch;
      const item = { ID: d.id, Version: await versionOf(d.id) };
      if (d.end === 'held' && stReason)
        ok(
          await chargebacks.saveST(
            ctx,
            clerk,
            { Action: 'hold', Items: [item], ReasonID: stReason.ID, Comment: '发票抬头待确认' },
            'zh-CN',
            REQUEST,
          ),
        );
      if (d.end === 'charged_back' && chargebackReason)
        ok(
          await chargebacks.chargeback(
            ctx,
            clerk,
            { Items: [{ ...item, ReasonID: chargebackReason.ID, Comment: '酒店发票缺少明细，请补充后重新提交' }] },
            'zh-CN',
            REQUEST,
          ),
        );
      if (['written_off', 'posted', 'post_failed', 'loan_paid', 'remitted_long_ago'].includes(d.end))
        ok(await checks.pass(ctx, clerk, 'normal', { Items: [item] }, 'zh-CN', REQUEST));
    }

    if (postBatch) await postCentre.closeBatch({ db }, postClerk, postBatch, REQUEST);

    // The hotel's special VAT fapiao, now reviewed and deducted: part of the stay was staff welfare, whose input VAT
    // must be transferred out; the clerk has drafted the adjustment, to apply after checking.
    for (const invoiceId of special)
      await vat.save(db, actor, {
        InvoiceID: invoiceId,
        Kind: 'transfer_out',
        Amount: '15.17',
        Reason: '其中一晚为员工福利性住宿，进项税额转出',
      });

    // Posting: the ERP simulator books the claims and refuses one, as the ERP job does after the outbox hands them on.
    const toPost = made.filter((d) => d.end === 'posted' || d.end === 'post_failed' || d.end === 'remitted_long_ago');
    await beginBatch(db, clerk, actor, { IDs: toPost.map((d) => d.id), All: false });
    const loan = made.find((d) => d.end === 'loan_paid');
    if (loan) allDone(await loanPosting.startPosting(ctx, actor, [loan.id]));
    const refused = toPost.filter((d) => d.end === 'post_failed').map((d) => d.docNo);
    const previous = useErpGateway(erpSimulator(Object.fromEntries(refused.map((no) => [no, 'refuse' as const]))));
    try {
      const send = erpJob(db);
      for (const d of [...toPost, ...(loan ? [loan] : [])])
        for (const v of await vouchersOfDocument(db, d.id))
          if (v.state === 'queued') await send({ voucherId: v.id }, { last: true, requestId: REQUEST });
    } finally {
      useErpGateway(previous);
    }
    if (loan) allDone(await loanPosting.payed(ctx, clerk, actor, [loan.id]));

    const remitter: Clerk = { ...actor, user: clerk };

    // A run paid through all six steps, then dated back past the retention of its payees' personal data, so the
    // payments screen's PIPL tab shows a run whose personal data may be deleted.
    const oldDoc = made.find((d) => d.end === 'remitted_long_ago');
    if (oldDoc) {
      const paid = await remittance.generate({ db }, remitter, {
        PaymentMethod: 'transfer',
        CreditingDate: today,
        AuditMethod: 'payee',
      });
      await remittance.pass({ db }, remitter, {
        RunID: paid.RunID,
        Documents: [{ ID: oldDoc.id, Version: await versionOf(oldDoc.id) }],
      });
      for (const step of ['documents', 'list', 'entries', 'print'] as const) {
        if (step === 'print') await remittance.markPrinted({ db }, remitter, paid.RunID);
        const at = (await remittance.load(db, remitter, paid.RunID)).Run;
        if (at) await remittance.confirmStep({ db }, remitter, { RunID: paid.RunID, Version: at.Version, Step: step });
      }
      const ready = (await remittance.load(db, remitter, paid.RunID)).Run;
      if (ready) await remittance.remit({ db }, remitter, { RunID: paid.RunID, Version: ready.Version });
      const then = instantDaysAgo(clock, OLD_RUN_DAYS);
      await db
        .update(remittanceRun)
        .set({ remittedAt: then, printedAt: then, creditingDate: daysAgo(clock, OLD_RUN_DAYS) })
        .where(eq(remittanceRun.id, paid.RunID));
      await db.update(remittanceItem).set({ paidAt: then }).where(eq(remittanceItem.runId, paid.RunID));
    }

    // A remittance run stopped at checking its list: set way, the other applicant's posted claim in, documents checked.
    const runDoc = made.find((d) => d.end === 'posted' && !PLAN.find((p) => p.reason === d.reason)?.mine);
    if (!runDoc) return;
    const run = await remittance.generate({ db }, remitter, {
      PaymentMethod: 'transfer',
      CreditingDate: today,
      AuditMethod: 'payee',
    });
    await remittance.pass({ db }, remitter, {
      RunID: run.RunID,
      Documents: [{ ID: runDoc.id, Version: await versionOf(runDoc.id) }],
    });
    const current = (await remittance.load(db, remitter, run.RunID)).Run;
    if (current)
      await remittance.confirmStep({ db }, remitter, { RunID: run.RunID, Version: current.Version, Step: 'documents' });
  });
}

/** A hotel's VAT fapiao (6 %) for the whole of a line of `gross`, bought by the company, on a draft claim; its id. */
async function addHotelFapiao(
  db: Db,
  user: Awaited<ReturnType<typeof demoUser>>,
  { documentId, type, gross }: { documentId: number; type: 'vat_special' | 'vat_normal'; gross: string },
  buyer: typeof company.$inferSelect,
  day: string,
): Promise<number> {
  const net = new Decimal(gross).div('1.06').toDecimalPlaces(2);
  const tax = new Decimal(gross).minus(net);
  return addDemoFapiao(db, user, {
    DocumentID: documentId,
    InvoiceType: type,
    Code: type === 'vat_special' ? '3300261130' : '3300261320',
    // An ordinary fapiao carries a check code (校验码) to verify it by.
    ...(type === 'vat_normal' ? { CheckCode: `${String(documentId).padStart(8, '0')}773019426581` } : {}),
    Number: String(documentId).padStart(8, '0'),
    InvoiceDate: day,
    Amount: net.toFixed(2),
    TaxAmount: tax.toFixed(2),
    BuyerName: buyer.nameZh,
    BuyerTaxID: buyer.taxId ?? '',
    SellerName: '绍兴咸亨大酒店有限公司',
    SellerTaxID: '91330600MA2BX7QK3J',
    Items: [{ Name: '住宿服务', Amount: net.toFixed(2), TaxRate: '0.06', TaxAmount: tax.toFixed(2) }],
  });
}
