import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { mailOutbox } from '../workflow/workflow.table';
import { flushOutbox, folderTransport } from './notify.service';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('mail outbox', () => {
  it('writes each notice once, as an e-mail in the recipient’s language, to the data folder', async () => {
    const employee = await t.login('employee');
    await t.ctx.db.insert(mailOutbox).values({
      companyId: 1,
      toEmployeeId: employee.UserID,
      template: 'workflow.mail.approved',
      params: JSON.stringify({ docNo: 'D1000261100001' }),
    });
    const dir = mkdtempSync(join(tmpdir(), 'ems-mail-'));
    expect(await flushOutbox(t.ctx, folderTransport(dir))).toBe(1);
    expect(await flushOutbox(t.ctx, folderTransport(dir))).toBe(0);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: employee@huakang-demo.cn');
    expect(eml).toContain('您的单据 D1000261100001 已审批通过');
    expect(eml).toContain('张伟');
  });
});
