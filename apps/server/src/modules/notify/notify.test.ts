import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { concurrencyTest } from '../../../test/concurrency';
import { eventually, startTestJobs } from '../../../test/jobs';
import { withRequestId } from '../../core/jobs';
import { outboundJob } from '../outbound/outbound.table';
import { folderTransport, type MailTransport, mailJob, queueNotice, transportFor } from './notify.service';
import { mailOutbox } from './notify.table';

let t: TestApp;
let jobs: Awaited<ReturnType<typeof startTestJobs>>;
let employeeId: number;
let admin: string;
const folder = mkdtempSync(join(tmpdir(), 'ems-mail-'));
/** Where the mail job sends now; a test points it at the fake mail server. */
let transport: MailTransport = folderTransport(folder);
const eml = (mailId: number) => join(folder, `${String(mailId).padStart(8, '0')}.eml`);

beforeAll(async () => {
  t = await testApp({ MAIL_FROM: '华康医药 费用管理 <notices@huakang-demo.cn>', PUBLIC_URL: 'https://ems.example.cn' });
  employeeId = (await t.login('employee')).UserID;
  admin = (await t.login('admin')).access_token;
  jobs = await startTestJobs(t.ctx, {
    mail: mailJob(t.ctx, { send: (m) => transport.send(m) }),
    evm: async () => undefined,
    erp: async () => undefined,
    bank: async () => undefined,
  });
  // The demo documents left notices of their own: they go out first.
  await eventually(async () => {
    const [waiting] = await t.ctx.db.select({ n: count() }).from(outboundJob).where(eq(outboundJob.state, 'queued'));
    expect(waiting?.n).toBe(0);
  }, 60_000);
}, 90_000);
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

/** A notice written as a state change writes it: in a transaction, under a request id. */
function notice(requestId: string, template = 'workflow.mail.approved', docNo = 'D1000261100001') {
  return withRequestId(requestId, () =>
    t.ctx.db.transaction(async (tx) => {
      await queueNotice(tx, {
        companyId: 1,
        toEmployeeId: employeeId,
        template,
        params: { docNo },
        documentId: 1,
        amount: { value: '12345.60', currency: 'CNY' },
      });
      const [row] = await tx.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
      return row!.id;
    }),
  );
}

async function jobOf(mailId: number) {
  const rows = await t.ctx.db.select().from(outboundJob).where(eq(outboundJob.queue, 'mail'));
  return rows.find((r) => (r.payload as { mailId: number }).mailId === mailId);
}

describe('mail jobs', () => {
  it('write nothing when the state change rolls back, and the notice with its job when it commits', async () => {
    const before = await t.ctx.db.select({ n: count() }).from(outboundJob);
    const mails = await t.ctx.db.select({ n: count() }).from(mailOutbox);
    await t.ctx.db
      .transaction(async (tx) => {
        await queueNotice(tx, {
          companyId: 1,
          toEmployeeId: employeeId,
          template: 'workflow.mail.approved',
          params: { docNo: 'X' },
          documentId: 1,
        });
        throw new Error('the transition failed after its notice');
      })
      .catch(() => undefined);
    expect(await t.ctx.db.select({ n: count() }).from(outboundJob)).toEqual(before);
    expect(await t.ctx.db.select({ n: count() }).from(mailOutbox)).toEqual(mails);
  });

  // A relay is a transaction of its own, which on the embedded database waits for this one to end: there it hangs.
  concurrencyTest(
    'send only after the commit: the job is not even visible to the queue while the transaction is open',
    async () => {
      const mailId = await withRequestId('mail-req-commit1', () =>
        t.ctx.db.transaction(async (tx) => {
          await queueNotice(tx, {
            companyId: 1,
            toEmployeeId: employeeId,
            template: 'workflow.mail.approved',
            params: { docNo: 'D1000261100009' },
            documentId: 1,
          });
          const [row] = await tx.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
          // The first call may join a relay begun before the notice was written; the second is begun after it. Only a
          // relay hands a job to the queue, so with nothing relayed no worker can send the mail.
          await jobs.relayNow();
          expect(await jobs.relayNow()).toBe(0);
          expect(existsSync(eml(row!.id))).toBe(false);
          return row!.id;
        }),
      );
      await eventually(() => expect(existsSync(eml(mailId))).toBe(true));
      expect((await jobOf(mailId))?.requestId).toBe('mail-req-commit1');
    },
  );

  it('write each notice once, as an e-mail in the recipient’s language, to the data folder', async () => {
    const mailId = await notice('mail-req-folder1');
    await eventually(async () => expect((await jobOf(mailId))?.state).toBe('done'));
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    expect(row?.sentAt).not.toBeNull();
    // A second delivery of the same job (the queue gives no exactly-once promise) sends nothing more.
    const files = readdirSync(folder).length;
    await mailJob(t.ctx, folderTransport(folder))({ mailId }, { last: false, requestId: null });
    expect(readdirSync(folder)).toHaveLength(files);
    const text = readFileSync(eml(mailId), 'utf8');
    expect(text).toContain('To: employee@huakang-demo.cn');
    expect(text).toContain('您的单据 D1000261100001 已审批通过');
    expect(text).toContain('张伟');
  });

  it('come from the configured sender under its display name, dated when the change happened, with amount and link', async () => {
    const mailId = await notice('mail-req-headers');
    await eventually(async () => expect((await jobOf(mailId))?.state).toBe('done'));
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    const [head, body] = readFileSync(eml(mailId), 'utf8').split('\r\n\r\n') as [string, string];
    const headers = new Map(
      head.split('\r\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)] as const),
    );
    const word = /^=\?UTF-8\?B\?([^?]+)\?= <(.+)>$/.exec(headers.get('From') ?? '');
    expect(word && Buffer.from(word[1]!, 'base64').toString('utf8')).toBe('华康医药 费用管理');
    expect(word?.[2]).toBe('notices@huakang-demo.cn');
    // RFC 5322's date, the notice's own time to the second.
    expect(headers.get('Date')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(new Date(headers.get('Date')!).getTime()).toBe(Math.floor(row!.createdAt.getTime() / 1000) * 1000);
    expect(headers.get('Message-ID')).toBe(`<notice-${mailId}@ems>`);
    expect(body).toContain('金额：12,345.60 CNY');
    expect(body).toContain('查看单据：https://ems.example.cn/manage/document/view/1');
  });
});

/** A mail server that keeps what it was sent (the SMTP dialogue only); while `down.on`, it refuses every sender. */
function fakeSmtpServer(): Promise<{ port: number; messages: string[]; down: { on: boolean }; close: () => void }> {
  const messages: string[] = [];
  const down = { on: false };
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
        else if (verb === 'MAIL' && down.on) socket.write('451 4.3.0 mailbox busy, try later\r\n');
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
        down,
        close: () => server.close(),
      });
    }),
  );
}

describe('the SMTP adapter', () => {
  it('sends notices to the configured mail server; a refused one is retried, stays failed and is sent again on request', async () => {
    const smtp = await fakeSmtpServer();
    try {
      transport = transportFor({
        smtp: { url: `smtp://127.0.0.1:${smtp.port}` },
        dataDir: '/nonexistent',
      });
      smtp.down.on = true;
      const mailId = await notice('mail-req-smtp0001', 'workflow.mail.returned', 'D1000261100002');
      await eventually(async () => expect((await jobOf(mailId))?.state).toBe('failed'));
      const job = await jobOf(mailId);
      expect(job).toMatchObject({
        attempts: 3,
        requestId: 'mail-req-smtp0001',
        lastError: expect.stringContaining('451'),
      });
      const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
      expect(row).toMatchObject({ sentAt: null, error: expect.stringContaining('try later') });
      const logged = jobs.lines.filter((l) => l.outboundId === job!.id);
      expect(logged.map((l) => [l.requestId, l.last])).toEqual([
        ['mail-req-smtp0001', false],
        ['mail-req-smtp0001', false],
        ['mail-req-smtp0001', true],
      ]);
      expect(smtp.messages).toHaveLength(0);

      const listed = (await t.call('/api/document/SearchRFCLog', { State: 'failed', Queue: 'mail' }, admin)).json();
      expect(listed.Rows).toContainEqual(
        expect.objectContaining({
          ID: job!.id,
          State: 'failed',
          Attempts: 3,
          RequestID: 'mail-req-smtp0001',
          CompletedAt: null,
        }),
      );

      smtp.down.on = false;
      const retried = await t.call('/api/document/RetryRFCLog', { ID: job!.id }, admin);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ State: 'queued' });
      await eventually(async () => expect((await jobOf(mailId))?.state).toBe('done'));
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('To: employee@huakang-demo.cn');
      // The same sender, date, link and amount as the folder's mails, in the mail package's own folding and encoding.
      const message = smtp.messages[0]!;
      const [head, body] = [message.slice(0, message.indexOf('\n\n')), message.slice(message.indexOf('\n\n'))];
      const headers = head.replace(/\n /g, ' ');
      expect(headers).toMatch(/^From: =\?UTF-8\?B\?[^?]+\?= <notices@huakang-demo\.cn>$/m);
      expect(headers).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/m);
      const text = body
        .replace(/=\n/g, '')
        .replace(/(=[0-9A-F]{2})+/g, (q) => Buffer.from(q.replaceAll('=', ''), 'hex').toString('utf8'));
      expect(text).toContain('金额：12,345.60 CNY');
      expect(text).toContain('查看单据：https://ems.example.cn/manage/document/view/1');
      const again = await t.call('/api/document/RetryRFCLog', { ID: job!.id }, admin);
      expect(again.statusCode).toBe(422);
    } finally {
      transport = folderTransport(folder);
      smtp.close();
    }
  });
});
