import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbContext } from '../../core/context';
import type { Db } from '../../core/db';
import type { SessionUser } from '../../core/http';
import { addDays } from '../../core/time';
import { userAccount } from '../../modules/auth/auth.table';
import { blockOverdueApplies, requestUnblock } from '../../modules/documents/applies/block.service';
import * as receipts from '../../modules/documents/applies/receipts.service';
import * as attachments from '../../modules/documents/attachments/attachment.repository';
import { AttachmentStore } from '../../modules/documents/attachments/attachment.storage';
import { document } from '../../modules/documents/document.table';
import * as form from '../../modules/documents/form/form.service';
import { needsMailing } from '../../modules/documents/postcentre/mailing.repository';
import * as postCentre from '../../modules/documents/postcentre/postcentre.service';
import { expenseItem, expenseType, expenseTypeItem } from '../../modules/masterdata/expense.table';
import { employee, employeeRoleTeam, role } from '../../modules/org/org.table';
import { company } from '../../modules/system/system.table';
import * as approval from '../../modules/workflow/approval/approval.service';
import { approvalStep } from '../../modules/workflow/approval/approval.table';
import * as proxies from '../../modules/workflow/proxy/proxy.service';
import { staffedRoleCodes } from '../../modules/workflow/workflow.repository';
import * as workflows from '../../modules/workflow/workflow.service';
import { type DemoClock, type DemoRun, daysAgo, inDays } from './demo-clock';
import { addDemoCustomers } from './demo-customers';
import { addDemoParts } from './demo-document-parts';
import { APPROVAL_PROXY, DOC_PLAN, WORKFLOWS } from './demo-documents.data';
import { coverDemoLines } from './demo-fapiao';
import { ALL_FUNCTIONS } from './demo-user';

const REQUEST = 'demo-seed';

/**
 * Workflow settings for every document type, and documents of every type in each state of the approval part of the
 * lifecycle, spread over the demo people. Documents go through the real services (save, submit, approve, reject,
 * confirm, cancel), so numbers, routes, history and audit rows are what the product itself writes.
 */
export async function seedDemoDocuments(outer: Db, { dataDir, clock }: DemoRun): Promise<void> {
  // One transaction for all of it (the services' own transactions become savepoints), so a failure leaves nothing.
  await outer.transaction(async (db) => seedWith(db, new AttachmentStore(dataDir), clock));
}

/** A reimbursement's lines need an invoice: the demo attaches a picture of one (a 1×1 PNG) before submitting. */
const INVOICE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export async function attachInvoice(db: Db, store: AttachmentStore, documentId: number, uploadedBy: number) {
  const { key, sha256 } = await store.put(INVOICE_PNG);
  await attachments.insert(db, {
    documentId,
    kind: 'invoice',
    fileName: 'invoice.png',
    mimeType: 'image/png',
    size: INVOICE_PNG.length,
    sha256,
    storageKey: key,
    uploadedBy,
  });
}

async function seedWith(db: Db, store: AttachmentStore, clock: DemoClock): Promise<void> {
  const ctx: DbContext = { db };
  for (const code of ['1000', '2000'] as const) {
    const [c] = await db.select().from(company).where(eq(company.code, code));
    if (!c) continue;
    const people = new Map<number, SessionUser>();
    const as = async (employeeId: number, actingFor: SessionUser['actingFor'] = null): Promise<SessionUser> => {
      const cached = people.get(employeeId);
      if (cached && !actingFor) return cached;
      const [e] = await db
        .select({ teamId: employee.teamId, accountId: userAccount.id })
        .from(employee)
        .innerJoin(userAccount, eq(userAccount.employeeId, employee.id))
        .where(eq(employee.id, employeeId));
      const admin = await db
        .select({ id: role.id })
        .from(employeeRoleTeam)
        .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
        .where(and(eq(employeeRoleTeam.employeeId, employeeId), eq(role.isAdmin, true), eq(role.companyId, c.id)));
      const user: SessionUser = {
        userId: employeeId,
        accountId: e?.accountId ?? 0,
        companyId: c.id,
        teamId: e?.teamId ?? null,
        isAdmin: admin.length > 0,
        functions: ALL_FUNCTIONS,
        actingFor,
      };
      if (!actingFor) people.set(employeeId, user);
      return user;
    };
    const adminId = (await adminOf(db, c.id)) ?? null;
    if (adminId === null) continue;
    const admin = await as(adminId);
    // A role step needs someone in the role: a company without compliance staff routes without that step.
    const staffed = await staffedRoleCodes(db, c.id);
    const types = await typeItems(db, c.id);
    for (const w of WORKFLOWS) {
      const boundTo = 'expenseType' in w ? types.get(w.expenseType)?.typeId : undefined;
      if ('expenseType' in w && boundTo === undefined) continue;
      await workflows.save(
        ctx,
        admin,
        {
          Workflow: {
            ...w.header,
            Code: `${w.header.Code}-${code}`,
            Active: true,
            AllowBatchApprove: true,
            ExpenseTypeID: boundTo ?? null,
          },
          Details: w.details.filter((s) => !('RoleCode' in s) || staffed.has(s.RoleCode)),
        },
        'zh-CN',
        REQUEST,
      );
    }

    // Applicants: active people with a manager, a default cost centre and a bank account; the demo employee first.
    const applicants = await db
      .select({ id: employee.id, code: employee.code })
      .from(employee)
      .where(
        and(
          eq(employee.companyId, c.id),
          eq(employee.status, 'active'),
          isNotNull(employee.lineManagerId),
          isNotNull(employee.defaultCostCentreId),
          isNotNull(employee.bankAccount),
        ),
      )
      .orderBy(asc(employee.code))
      .limit(12);
    applicants.sort((a, b) => (a.code === 'E00010' ? -1 : b.code === 'E00010' ? 1 : 0));
    if (applicants.length < 2) continue;

    const today = clock.today;
    for (const [i, plan] of DOC_PLAN.entries()) {
      const who = plan.mine ? applicants[0]! : applicants[1 + (i % (applicants.length - 1))]!;
      const t = types.get(plan.type);
      if (!t) continue;
      const applicant = await as(who.id);
      // A document prepared by a fill-in proxy: the next applicant prepares it for this one.
      const preparer =
        plan.byProxy && applicants.length > 1
          ? await proxyFor(ctx, applicant, await as(applicants[(i + 1) % applicants.length]!.id), today)
          : applicant;
      const saved = await form.save(
        ctx,
        preparer,
        plan.docType,
        {
          ExpenseTypeID: t.typeId,
          CostCenterID: await defaultCostCentre(db, who.id),
          Currency: 'CNY',
          Reason: plan.reason,
          LongTerm: plan.longTerm ?? false,
          ...(plan.eventDaysAgo
            ? { StartDate: daysAgo(clock, plan.eventDaysAgo), EndDate: daysAgo(clock, plan.eventDaysAgo) }
            : {}),
          Lines: plan.lines.map((l) => ({
            ExpenseItemID: t.items.get(l.item) ?? null,
            ExpenseDate: today,
            Amount: l.amount,
            Currency: 'CNY',
            Description: l.text,
          })),
          Loans: [],
        },
        'zh-CN',
        REQUEST,
      );
      const colleague = applicants[(i + 2) % applicants.length]!.id;
      const partsVersion = await addDemoParts(ctx, preparer, saved, i, colleague);
      const drafted = plan.customers
        ? await addDemoCustomers(
            ctx,
            preparer,
            { id: saved.ID, version: partsVersion, meetingDate: today },
            plan.customers,
            REQUEST,
          )
        : partsVersion;
      if (plan.end === 'draft') continue;
      if (plan.docType === 'deputy') {
        await attachInvoice(db, store, saved.ID, preparer.userId);
        await coverDemoLines(db, preparer, saved.ID, c, today);
      }
      // Each step sends the version the previous one answered, as the screens do.
      let version = (
        await approval.submit(
          ctx,
          preparer,
          plan.docType,
          { id: saved.ID, version: drafted, requestId: REQUEST },
          'zh-CN',
        )
      ).Version;
      if (plan.end === 'confirming') continue;
      if (plan.byProxy)
        version = (
          await approval.confirm(ctx, applicant, { id: saved.ID, version, accept: true, requestId: REQUEST }, 'zh-CN')
        ).Version;
      if (plan.end === 'cancelled') {
        await approval.adminCancel(
          ctx,
          admin,
          { id: saved.ID, version, reason: plan.reason, requestId: REQUEST },
          'zh-CN',
        );
        continue;
      }
      if (plan.end === 'approving') {
        // Someone met again further along (the manager heading the limit chain) decides that step too.
        const decided = new Set<number>();
        for (let step = 0; step < 10; step++) {
          const next = await pendingApprover(db, saved.ID);
          if (next === undefined || (decided.size >= (plan.approveSteps ?? 0) && !decided.has(next))) break;
          version = (
            await approval.decide(
              ctx,
              await as(next),
              plan.docType,
              { id: saved.ID, version, pass: true, requestId: REQUEST },
              'zh-CN',
            )
          ).Version;
          decided.add(next);
        }
        continue;
      }
      if (plan.end === 'returned') {
        const approver = await as((await pendingApprover(db, saved.ID))!);
        await approval.decide(
          ctx,
          approver,
          plan.docType,
          { id: saved.ID, version, pass: false, comment: plan.rejectComment ?? '请补充说明', requestId: REQUEST },
          'zh-CN',
        );
        continue;
      }
      // approved: every pending step decided by its approver.
      for (let step = 0; step < 10; step++) {
        const next = await pendingApprover(db, saved.ID);
        if (next === undefined) break;
        version = (
          await approval.decide(
            ctx,
            await as(next),
            plan.docType,
            { id: saved.ID, version, pass: true, requestId: REQUEST },
            'zh-CN',
          )
        ).Version;
      }
      for (const ms of plan.milestones ?? []) {
        const saved2 = await receipts.saveMilestone(
          db,
          preparer,
          { DocumentID: saved.ID, Name: ms.name, PlannedDate: inDays(clock, ms.inDays), Amount: ms.amount },
          REQUEST,
        );
        for (const r of ms.receipts) {
          const received = daysAgo(clock, r.daysAgo);
          await receipts.saveReceipt(
            db,
            preparer,
            {
              DocumentID: saved.ID,
              MilestoneID: saved2.ID,
              GRDate: received,
              Amount: r.amount,
              // Named after the month it falls in, whichever that is on the day the demo is loaded.
              Description: `${Number(received.slice(5, 7))}月${r.text}`,
            },
            REQUEST,
          );
        }
      }
    }
    await grantApprovalProxy(ctx, c.id, as, today);
    await receiveFirstPaper(ctx, c.id, as, adminId);
    // The nightly job, as it would run tonight: applies of HCP events whose evidence is overdue are blocked. In the
    // first company the applicant has given an unlock reason, so their line manager has one to accept.
    await blockOverdueApplies(ctx, { today });
    const [blocked] = await db
      .select({ id: document.id, applicantId: document.applicantId, version: document.version })
      .from(document)
      .where(and(eq(document.companyId, c.id), eq(document.blocked, true)));
    if (blocked && code === '1000')
      await requestUnblock(
        ctx,
        await as(blocked.applicantId),
        { ID: blocked.id, Version: blocked.version, Reason: '签到表原件在会务公司处，预计下周寄回' },
        'zh-CN',
        REQUEST,
      );
  }
}

/**
 * The post centre scanned the paper of the first approved reimbursement with paper to mail: it is received and shows in the mailing
 * batch of a shared-service clerk (the administrator where the company has none); the other approved ones await.
 */
async function receiveFirstPaper(
  ctx: DbContext,
  companyId: number,
  as: (employeeId: number) => Promise<SessionUser>,
  adminId: number,
) {
  const [first] = await ctx.db
    .select({ docNo: document.docNo })
    .from(document)
    .where(
      and(
        eq(document.companyId, companyId),
        eq(document.docType, 'deputy'),
        eq(document.status, 'approved'),
        needsMailing(document.id),
      ),
    )
    .orderBy(asc(document.id))
    .limit(1);
  if (!first) return;
  const [clerk] = await ctx.db
    .select({ id: employeeRoleTeam.employeeId })
    .from(employeeRoleTeam)
    .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
    .where(and(eq(role.companyId, companyId), eq(role.code, 'SSC')))
    .orderBy(asc(employeeRoleTeam.employeeId))
    .limit(1);
  await postCentre.receive(ctx, await as(clerk?.id ?? adminId), first.docNo, 'zh-CN', REQUEST);
}

/** The demo manager's own line manager lets them approve in their name (the act-for switch of the header). */
async function grantApprovalProxy(
  ctx: DbContext,
  companyId: number,
  as: (employeeId: number) => Promise<SessionUser>,
  today: string,
) {
  const [proxy] = await ctx.db
    .select({ id: employee.id, managerId: employee.lineManagerId })
    .from(employee)
    .innerJoin(userAccount, eq(userAccount.employeeId, employee.id))
    .where(and(eq(userAccount.username, APPROVAL_PROXY.proxyUser), eq(employee.companyId, companyId)));
  if (!proxy?.managerId) return;
  await proxies.save(
    ctx,
    'approve',
    await as(proxy.managerId),
    {
      ProxyUserID: proxy.id,
      StartDate: today,
      EndDate: `${Number(today.slice(0, 4)) + 1}-12-31`,
      Remark: APPROVAL_PROXY.remark,
    },
    'zh-CN',
    REQUEST,
  );
}

async function adminOf(db: Db, companyId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: employeeRoleTeam.employeeId })
    .from(employeeRoleTeam)
    .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
    .where(and(eq(role.companyId, companyId), eq(role.isAdmin, true)))
    .limit(1);
  return row?.id;
}

export async function defaultCostCentre(db: Db, employeeId: number): Promise<number | null> {
  const [row] = await db.select({ cc: employee.defaultCostCentreId }).from(employee).where(eq(employee.id, employeeId));
  return row?.cc ?? null;
}

export async function pendingApprover(db: Db, documentId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ approverId: approvalStep.approverId })
    .from(approvalStep)
    .innerJoin(document, and(eq(document.id, approvalStep.documentId), eq(document.round, approvalStep.round)))
    .where(and(eq(approvalStep.documentId, documentId), eq(approvalStep.status, 'pending')));
  return row?.approverId;
}

/** The company's expense types by code, with the items each offers by code. */
export async function typeItems(db: Db, companyId: number) {
  const out = new Map<string, { typeId: number; items: Map<string, number> }>();
  const types = await db.select().from(expenseType).where(eq(expenseType.companyId, companyId));
  for (const ty of types) {
    const items = await db
      .select({ id: expenseItem.id, code: expenseItem.code })
      .from(expenseTypeItem)
      .innerJoin(expenseItem, eq(expenseItem.id, expenseTypeItem.expenseItemId))
      .where(and(eq(expenseTypeItem.expenseTypeId, ty.id), eq(expenseItem.active, true)));
    if (items.length) out.set(ty.code, { typeId: ty.id, items: new Map(items.map((x) => [x.code, x.id])) });
  }
  return out;
}

/** Grants `preparer` a fill-in proxy for `principal` (once) and returns the preparer acting for them. */
async function proxyFor(ctx: DbContext, principal: SessionUser, preparer: SessionUser, today: string) {
  try {
    await proxies.save(
      ctx,
      'fill_in',
      principal,
      // A year on, by days: the same day of next year does not exist after a 29 February.
      { ProxyUserID: preparer.userId, StartDate: today, EndDate: addDays(today, 365), Remark: '演示代填' },
      'zh-CN',
      REQUEST,
    );
  } catch {
    // Already granted by an earlier document of the plan.
  }
  return { ...preparer, actingFor: { principalId: principal.userId, kinds: ['fill_in'] as const } };
}
