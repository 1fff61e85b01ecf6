import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { mailOutbox } from '../workflow/workflow.table';
import { flushOutbox, folderTransport, transportFor } from './notify.service';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('mail outbox', () => {
  it('writes each notice once, as an e-mail in the recipient’s language, to the data folder', async () => {
    // The demo documents left notices of their own: send those elsewhere first.
    while ((await flushOutbox(t.ctx, folderTransport(mkdtempSync(join(tmpdir(), 'ems-demo-mail-'))))) > 0);
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

/** A mail server that accepts every message and keeps what it was sent (the SMTP dialogue only). */
function fakeSmtpServer(): Promise<{ port: number; messages: string[]; close: () => void }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    let body = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
        if (data) {
          if (line === '.') {
            data = false;
            messages.push(body);
            body = '';
            socket.write('250 OK queued\r\n');
          } else body += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET') socket.write('250 OK\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        messages,
        close: () => server.close(),
      });
    }),
  );
}

describe('the SMTP adapter', () => {
  it('sends notices to the configured mail server when SMTP_URL is set', async () => {
    const smtp = await fakeSmtpServer();
    try {
      const employee = await t.login('employee');
      await t.ctx.db.insert(mailOutbox).values({
        companyId: 1,
        toEmployeeId: employee.UserID,
        template: 'workflow.mail.returned',
        params: JSON.stringify({ docNo: 'D1000261100002' }),
      });
      const transport = transportFor({
        smtp: { url: `smtp://127.0.0.1:${smtp.port}`, from: 'EMS <no-reply@example.cn>' },
        dataDir: '/nonexistent',
      });
      expect(await flushOutbox(t.ctx, transport)).toBe(1);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('To: employee@huakang-demo.cn');
      expect(smtp.messages[0]).toContain('From: EMS <no-reply@example.cn>');
    } finally {
      smtp.close();
    }
  });
});
