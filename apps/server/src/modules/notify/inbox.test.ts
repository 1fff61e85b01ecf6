import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InboxPage, InboxRow } from '@ems/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { type Masters, type Session, saveDeputy, saveWorkflow } from '../../../test/documents';
import { documentMasters } from '../../../test/factories';
import { folderTransport, mailJob, queueNotice } from './notify.service';
import { mailOutbox } from './notify.table';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;

beforeAll(async () => {
  t = await testApp({ PUBLIC_URL: 'https://ems.example.cn' });
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin] = await t.logins('employee', 'manager', 'admin');
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-STD',
    DocType: 'deputy',
    NameZH: '报销审批',
    NameEN: 'Deputy approval',
  });
});
afterAll(() => t.close());

/** The employee claims and submits; their line manager gets the approval request. Answers the document. */
async function submitted(amount: string) {
  const d = await saveDeputy(t, m, employee.access_token, amount);
  const s = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
  expect(s.statusCode, s.body).toBe(200);
  return d;
}

async function inbox(who: Session, body: Record<string, unknown> = {}): Promise<InboxPage> {
  const res = await t.call('/api/Inbox/Search', body, who.access_token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function unread(who: Session): Promise<number> {
  const res = await t.call('/api/Inbox/UnreadCount', {}, who.access_token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Unread;
}

/** The request for the document in the approver's inbox. */
async function requestFor(documentId: number, body: Record<string, unknown> = {}): Promise<InboxRow> {
  const { Rows } = await inbox(manager, { PageSize: 100, ...body });
  const row = Rows.find((r) => r.Link === `/manage/document/view/${documentId}`);
  expect(row, `the request for ${documentId}`).toBeDefined();
  return row!;
}

describe('the inbox', () => {
  it('holds the approval request of a submitted claim for its approver only, in the caller’s language, with its amount and link', async () => {
    const before = await unread(manager);
    const d = await submitted('725.50');
    expect(await unread(manager)).toBe(before + 1);

    const zh = await requestFor(d.ID, { Language: 'zh-CN' });
    expect(zh).toMatchObject({
      Subject: `单据 ${d.DocNo} 等待您审批`,
      Lines: [],
      Amount: '725.50',
      Currency: 'CNY',
      Link: `/manage/document/view/${d.ID}`,
      Read: false,
    });
    expect(Date.now() - Date.parse(zh.CreatedAt)).toBeLessThan(60_000);
    const en = await requestFor(d.ID, { Language: 'en-GB' });
    expect(en).toMatchObject({ ID: zh.ID, Subject: `Document ${d.DocNo} is waiting for your approval` });

    // Newest first: it heads the approver's inbox; the applicant's own inbox does not hold it.
    expect((await inbox(manager)).Rows[0]?.ID).toBe(zh.ID);
    expect((await inbox(employee, { PageSize: 100 })).Rows.map((r) => r.ID)).not.toContain(zh.ID);

    // Its mail carries the same link and amount.
    const folder = mkdtempSync(join(tmpdir(), 'ems-inbox-'));
    await mailJob(t.ctx, folderTransport(folder))({ mailId: zh.ID }, { last: false, requestId: null });
    const mail = readFileSync(join(folder, `${String(zh.ID).padStart(8, '0')}.eml`), 'utf8');
    expect(mail).toContain(`https://ems.example.cn${zh.Link}`);
    expect(mail).toContain('725.50 CNY');
  });

  it('pages the caller’s messages newest first, and filters the unread', async () => {
    const first = await submitted('101.00');
    const second = await submitted('102.00');
    const page1 = await inbox(manager, { PageSize: 1, UnreadOnly: true });
    const page2 = await inbox(manager, { PageSize: 1, PageIndex: 2, UnreadOnly: true });
    expect(page1.Total).toBe(await unread(manager));
    expect(page1.Rows.map((r) => r.Link)).toEqual([`/manage/document/view/${second.ID}`]);
    expect(page2.Rows.map((r) => r.Link)).toEqual([`/manage/document/view/${first.ID}`]);
    expect((await inbox(manager)).Total).toBeGreaterThanOrEqual(page1.Total);
  });

  it('shows a notice’s lines and the list it opens, rendered as its mail is', async () => {
    await t.ctx.db.transaction((tx) =>
      queueNotice(tx, {
        companyId: 1,
        toEmployeeId: manager.UserID,
        template: 'workflow.mail.overdueDigest',
        params: { count: 2, days: 3 },
        documentId: null,
        link: '/manage/approveCenter',
        lines: [
          {
            key: 'workflow.mail.overdueDigest.item',
            params: {
              docNo: 'D1',
              applicantZh: '张伟',
              applicantEn: 'Wei Zhang',
              amount: '1.00',
              currency: 'CNY',
              since: '2026-01-02',
            },
            link: '/manage/document/view/1',
          },
          // A digest written before the inbox kept its links whole.
          { key: 'workflow.mail.overdueDigest.all', params: {}, link: 'https://ems.example.cn/manage/approveCenter' },
        ],
      }),
    );
    const [row] = (await inbox(manager, { PageSize: 1, Language: 'en-GB' })).Rows;
    expect(row).toMatchObject({
      Subject: '2 documents have waited for your approval for more than 3 days',
      Lines: [
        { Text: 'D1  Wei Zhang  1.00 CNY  waiting since 2026-01-02', Link: '/manage/document/view/1' },
        { Text: 'All your pending approvals in the approve centre:', Link: '/manage/approveCenter' },
      ],
      Amount: null,
      Currency: null,
      Link: '/manage/approveCenter',
    });
    const folder = mkdtempSync(join(tmpdir(), 'ems-inbox-'));
    await mailJob(t.ctx, folderTransport(folder))({ mailId: row!.ID }, { last: false, requestId: null });
    const mail = readFileSync(join(folder, `${String(row!.ID).padStart(8, '0')}.eml`), 'utf8');
    expect(mail).toContain('D1　张伟　1.00 CNY　自 2026-01-02 起等待\n  https://ems.example.cn/manage/document/view/1');
    expect(mail).toContain('在系统中查看：https://ems.example.cn/manage/approveCenter');
  });
});

describe('marking messages read', () => {
  it('marks the caller’s own, once: the count drops, and marking again changes nothing', async () => {
    const d = await submitted('88.00');
    const { ID } = await requestFor(d.ID);
    const before = await unread(manager);
    const marked = await t.call('/api/Inbox/MarkRead', { IDs: [ID] }, manager.access_token);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ Unread: before - 1 });
    expect((await requestFor(d.ID)).Read).toBe(true);
    expect((await inbox(manager, { UnreadOnly: true, PageSize: 100 })).Rows.map((r) => r.ID)).not.toContain(ID);
    const [first] = await t.ctx.db.select({ at: mailOutbox.readAt }).from(mailOutbox).where(eq(mailOutbox.id, ID));

    const again = await t.call('/api/Inbox/MarkRead', { IDs: [ID, ID] }, manager.access_token);
    expect(again.json()).toEqual({ Unread: before - 1 });
    const [second] = await t.ctx.db.select({ at: mailOutbox.readAt }).from(mailOutbox).where(eq(mailOutbox.id, ID));
    expect(second?.at).toEqual(first?.at);
  });

  it('refuses a message of another’s, or none, in the caller’s language, and marks nothing of the call', async () => {
    const d = await submitted('77.00');
    const theirs = (await requestFor(d.ID)).ID;
    // The employee's own unread message rides along: it stays unread too.
    await t.ctx.db.transaction((tx) =>
      queueNotice(tx, {
        companyId: 1,
        toEmployeeId: employee.UserID,
        template: 'workflow.mail.approved',
        params: { docNo: d.DocNo },
        documentId: d.ID,
      }),
    );
    const [own] = await t.ctx.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.toEmployeeId, employee.UserID))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const ownBefore = await unread(employee);
    const [last] = await t.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    for (const ids of [[own!.id, theirs], [last!.id + 1000]]) {
      const res = await t.call('/api/Inbox/MarkRead', { IDs: ids, Language: 'en-GB' }, employee.access_token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'inbox.notice_not_found',
        message: 'There is no such message for you; nothing was changed',
      });
    }
    const zh = await t.call('/api/Inbox/MarkRead', { IDs: [theirs], Language: 'zh-CN' }, employee.access_token);
    expect(zh.json().message).toBe('消息不存在或不是发给您的，未做任何更改');
    expect(await unread(employee)).toBe(ownBefore);
    expect((await requestFor(d.ID)).Read).toBe(false);
  });

  it('holds only the company signed in to: a notice of another company is neither listed, counted nor marked', async () => {
    const before = await unread(manager);
    await t.ctx.db.transaction((tx) =>
      queueNotice(tx, {
        companyId: 2,
        toEmployeeId: manager.UserID,
        template: 'workflow.mail.approved',
        params: { docNo: 'D2000261200001' },
        documentId: null,
      }),
    );
    const [other] = await t.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(await unread(manager)).toBe(before);
    expect((await inbox(manager)).Rows.map((r) => r.ID)).not.toContain(other!.id);
    const res = await t.call('/api/Inbox/MarkRead', { IDs: [other!.id] }, manager.access_token);
    expect(res.statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, other!.id));
    expect(row?.readAt).toBeNull();
  });

  it('refuses a list that is empty, too long or not of ids, naming the field', async () => {
    for (const IDs of [[], ['x'], [0], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const res = await t.call('/api/Inbox/MarkRead', { IDs }, manager.access_token);
      expect(res.statusCode, JSON.stringify(IDs).slice(0, 20)).toBe(400);
      expect(res.json().errors[0].field).toMatch(/^IDs/);
    }
  });

  it('marks all the caller’s messages read, and no one else’s', async () => {
    await submitted('66.00');
    const employeeBefore = await unread(employee);
    const res = await t.call('/api/Inbox/MarkAllRead', {}, manager.access_token);
    expect(res.json()).toEqual({ Unread: 0 });
    expect(await unread(manager)).toBe(0);
    expect((await inbox(manager, { UnreadOnly: true })).Total).toBe(0);
    expect(await unread(employee)).toBe(employeeBefore);
    expect((await t.call('/api/Inbox/MarkAllRead', {}, manager.access_token)).json()).toEqual({ Unread: 0 });
  });
});
