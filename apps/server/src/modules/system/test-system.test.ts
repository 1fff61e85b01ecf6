import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { folderTransport, mailJob, queueNotice } from '../notify/notify.service';
import { mailOutbox } from '../notify/notify.table';
import { isTestSystem, markedForTest } from './system.service';
import { technicalParameter } from './system.table';

/** `IsTest` takes effect: screens (the web shell reads it from getMasterInfo), mails, bank files and ERP calls. */

let t: TestApp;
let employeeId: number;
let admin: string;
beforeAll(async () => {
  t = await testApp();
  employeeId = (await t.login('employee')).UserID;
  admin = (await t.login('admin')).access_token;
});
afterAll(() => t.close());

const setIsTest = (value: string) =>
  t.ctx.db.update(technicalParameter).set({ value }).where(eq(technicalParameter.key, 'IsTest'));

async function sentMail(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'ems-test-mail-'));
  const mailId = await t.ctx.db.transaction(async (tx) => {
    await queueNotice(tx, {
      companyId: 1,
      toEmployeeId: employeeId,
      template: 'workflow.mail.approved',
      params: { docNo: 'D1000261100001' },
      documentId: 1,
    });
    const [row] = await tx.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    return row!.id;
  });
  await mailJob(t.ctx, folderTransport(folder))({ mailId }, { last: false, requestId: null });
  return readFileSync(join(folder, `${String(mailId).padStart(8, '0')}.eml`), 'utf8');
}

describe('a live system', () => {
  it('marks nothing', async () => {
    await setIsTest('false');
    expect(await isTestSystem(t.ctx.db, 1)).toBe(false);
    expect(await markedForTest(t.ctx.db, 1, 'RM000001')).toBe('RM000001');
    expect(await sentMail()).not.toContain(t.ctx.messages.t('system.testBanner', 'zh-CN'));
  });
});

describe('a test system', () => {
  it('tells the web shell, marks what it sends out, and says so in every mail', async () => {
    await setIsTest('true');
    const master = (await t.call('/api/System/getMasterInfo', {}, admin)).json();
    expect(master.Parameters.IsTest).toBe('true');
    expect(await isTestSystem(t.ctx.db, 1)).toBe(true);
    expect(await markedForTest(t.ctx.db, 1, 'RM000001')).toBe('TEST-RM000001');
    const mail = await sentMail();
    // The subject is encoded in the header; the text carries the banner in the recipient's language.
    const banner = t.ctx.messages.t('system.testBanner', 'zh-CN');
    expect(mail).toContain(banner);
    const subject = /Subject: =\?UTF-8\?B\?([^?]+)\?=/.exec(mail)![1]!;
    expect(Buffer.from(subject, 'base64').toString()).toMatch(new RegExp(`^\\[${banner}\\] `));
    await setIsTest('false');
  });
});
