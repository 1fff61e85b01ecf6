import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../../test/app';
import { auditLog } from '../../../audit/audit.table';
import { mailOutbox } from '../../../notify/notify.table';
import { company } from '../../../system/system.table';
import { invoice } from '../invoice.table';
import { digitalXml, fapiaoPdf, numberedFapiao, photo, qrTextOf } from '../reader/test-files';
import { collect } from './wallet-mail.service';
import { walletMail } from './wallet-mail.table';

/**
 * Fapiao forwarded by mail into the wallet (decision 067): one instance with a mail domain configured, reading a Maildir
 * the tests deliver into as Postfix does, and one on the built-in simulated mail server.
 */
const DOMAIN = 'fapiao.example.com';
let real: TestApp;
let simulated: TestApp;
let maildir: string;
let dataDir: string;
let employee: string;
let manager: string;
let employeeId: number;
let spec: ReturnType<typeof numberedFapiao>;
beforeAll(async () => {
  maildir = mkdtempSync(join(tmpdir(), 'ems-maildir-'));
  dataDir = mkdtempSync(join(tmpdir(), 'ems-mail-data-'));
  [real, simulated] = await Promise.all([
    testApp({ WALLET_MAIL_DOMAIN: DOMAIN, WALLET_MAILDIR: maildir }),
    testApp({ DATA_DIR: dataDir }),
  ]);
  const [e, m] = await real.logins('employee', 'manager');
  [employee, manager, employeeId] = [e.access_token, m.access_token, Number(e.UserID)];
  const [c] = await real.ctx.db.select().from(company).where(eq(company.id, 1));
  spec = numberedFapiao({ buyerName: c!.nameZh, buyerTaxId: c!.taxId! }, '2431200077');
});
afterAll(async () => {
  await Promise.all([real.close(), simulated.close()]);
  rmSync(maildir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

let serial = 0;
interface Part {
  name?: string;
  type: string;
  data: Buffer;
  inline?: string;
}
/** A mail as a mail server delivers it: its delivery headers, then MIME with base64 parts. */
function mail(to: string, subject: string, parts: Part[], extra: string[] = []): Buffer {
  const b = `=_b${++serial}`;
  const head = [
    `Delivered-To: ${to}`,
    `X-Original-To: ${to}`,
    ...extra,
    'From: Li Na <li.na@example.com>',
    `To: ${to}`,
    `Subject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=`,
    'Date: Tue, 08 Dec 2026 09:30:00 +0800',
    `Message-ID: <m${serial}@example.com>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=UTF-8',
    '',
    '请查收发票',
  ];
  for (const p of parts) {
    head.push(
      `--${b}`,
      `Content-Type: ${p.type}${p.name ? `; name="${p.name}"` : ''}`,
      'Content-Transfer-Encoding: base64',
      p.inline
        ? `Content-Disposition: inline\r\nContent-ID: <${p.inline}>`
        : `Content-Disposition: attachment; filename="${p.name}"`,
      '',
      p.data.toString('base64').replace(/.{76}/g, '$&\r\n'),
    );
  }
  head.push(`--${b}--`, '');
  return Buffer.from(head.join('\r\n'));
}
let delivered = 0;
function deliver(raw: Buffer): string {
  for (const f of ['tmp', 'new', 'cur']) mkdirSync(join(maildir, f), { recursive: true });
  const name = `1765000000.M${++delivered}P1.mx`;
  writeFileSync(join(maildir, 'new', name), raw);
  return name;
}
const addressOf = async (t: TestApp, token: string) =>
  (await t.call('/api/InvoiceEntry/GetMailAddress', {}, token)).json().Address as string;
const lastMail = async () => (await real.ctx.db.select().from(walletMail).orderBy(desc(walletMail.id)).limit(1))[0]!;
const noticesTo = (id: number, template: string) =>
  real.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toEmployeeId, id), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id));

describe('a wallet forwarding address', () => {
  it('is made on first asking, kept, the caller’s own, and renewed on request with an audit row', async () => {
    const first = await real.call('/api/InvoiceEntry/GetMailAddress', {}, employee);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      Address: expect.stringMatching(/^[a-z2-7]{12}@fapiao\.example\.com$/),
      Simulated: false,
    });
    expect(await addressOf(real, employee)).toBe(first.json().Address);
    expect(await addressOf(real, manager)).not.toBe(first.json().Address);

    const renewed = await real.call('/api/InvoiceEntry/RenewMailAddress', {}, employee);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().Address).not.toBe(first.json().Address);
    expect(await addressOf(real, employee)).toBe(renewed.json().Address);
    const audits = await real.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'wallet_mail_address'), eq(auditLog.actorId, employeeId)));
    expect(audits).toHaveLength(1);

    // Mail to the old address is no longer taken: logged, with no owner and nothing in any wallet.
    const old = first.json().Address as string;
    deliver(mail(old, '旧地址', [{ name: 'a.xml', type: 'application/xml', data: Buffer.from(digitalXml(spec())) }]));
    expect(await collect(real.ctx, 'test')).toBe(1);
    expect(await lastMail()).toMatchObject({ outcome: 'unknown_recipient', employeeId: null, parts: [] });
  });
});

describe('reading the wallets’ mailbox', () => {
  it('puts each fapiao of a mail into its addressee’s wallet once, names what it left, logs the mail and tells the owner', async () => {
    const to = await addressOf(real, employee);
    const [s1, s2] = [spec(), spec({ sellerName: '上海出租汽车有限公司' })];
    const picture = await photo({ qr: qrTextOf(s2), format: 'jpeg', angle: 4, noise: 0.02, seed: 3 });
    const name = deliver(
      mail(to, '三月发票', [
        // The same fapiao as PDF and XML: taken once, from its XML.
        { name: '发票.pdf', type: 'application/pdf', data: await fapiaoPdf(s1) },
        { name: '发票.xml', type: 'application/xml', data: Buffer.from(digitalXml(s1)) },
        { name: 'taxi.jpg', type: 'image/jpeg', data: picture },
        { name: 'notes.docx', type: 'application/msword', data: Buffer.from('not a fapiao') },
        // A signature's logo shown in the text is not something sent to be claimed.
        {
          type: 'image/png',
          data: await photo({ qr: 'x', format: 'png', width: 60, height: 60 }),
          inline: 'logo@example.com',
        },
      ]),
    );
    expect(await collect(real.ctx, 'test')).toBe(1);

    const row = await lastMail();
    expect(row).toMatchObject({
      outcome: 'taken',
      employeeId,
      companyId: 1,
      fromAddress: 'li.na@example.com',
      subject: '三月发票',
    });
    expect(row.parts.map((p) => [p.fileName, p.code ?? 'taken'])).toEqual([
      ['发票.xml', 'taken'],
      ['发票.pdf', 'invoice.mail_same_fapiao'],
      ['taxi.jpg', 'taken'],
      ['notes.docx', 'invoice.file_type_unsupported'],
    ]);
    const ids = row.parts.flatMap((p) => (p.invoiceId ? [p.invoiceId] : []));
    const taken = await real.ctx.db.select().from(invoice).where(sql`${invoice.id} in ${ids}`);
    expect(taken.map((i) => [i.number, i.ownerId, i.documentId]).sort()).toEqual(
      [
        [s1.number, employeeId, null],
        [s2.number, employeeId, null],
      ].sort(),
    );
    const audits = await real.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), sql`${auditLog.entityId} in ${ids}`));
    expect(audits.map((a) => (a.detail as { via: string }).via)).toEqual(['mail', 'mail']);

    // The owner's notice counts what went in and what did not, each file on its line, and opens the wallet.
    const [notice] = await noticesTo(employeeId, 'invoice.mail.taken');
    expect(notice).toMatchObject({ link: '/manage/wallet', documentId: null });
    expect(JSON.parse(notice!.params)).toMatchObject({ added: 2, refused: 1, subject: '三月发票' });
    const inbox = await real.call('/api/Inbox/Search', { PageIndex: 1, PageSize: 5, Language: 'en-GB' }, employee);
    const item = inbox.json().Rows.find((r: { ID: number }) => r.ID === notice!.id);
    expect(item.Subject).toBe('Your mail “三月发票” to the wallet: fapiao put in the wallet: 2; files not taken: 1');
    expect(item.Lines.map((l: { Text: string }) => l.Text)).toEqual([
      '发票.xml: put in the wallet',
      '发票.pdf: The same fapiao as another file of this mail, which put it in the wallet',
      'taxi.jpg: put in the wallet',
      expect.stringMatching(/^notes\.docx: .+/),
    ]);

    // The mail is marked handled: read again, the mailbox offers nothing.
    expect(readdirSync(join(maildir, 'cur'))).toContain(`${name}:2,S`);
    expect(await collect(real.ctx, 'test')).toBe(0);

    // The owner's log of mails, in their language.
    const log = await real.call('/api/InvoiceEntry/SearchMailList', { PageIndex: 1, PageSize: 5 }, employee);
    expect(log.json().Rows[0]).toMatchObject({
      ID: row.id,
      Outcome: 'taken',
      Subject: '三月发票',
      From: 'li.na@example.com',
      Parts: expect.arrayContaining([
        { FileName: '发票.xml', InvoiceID: ids[0], Code: null, Message: null },
        {
          FileName: 'notes.docx',
          InvoiceID: null,
          Code: 'invoice.file_type_unsupported',
          Message: expect.stringContaining('XML、OFD、PDF'),
        },
      ]),
    });
    // Nobody else sees it.
    const theirs = await real.call('/api/InvoiceEntry/SearchMailList', { PageIndex: 1, PageSize: 5 }, manager);
    expect(theirs.json().Rows.some((r: { ID: number }) => r.ID === row.id)).toBe(false);
  });

  it('refuses a fapiao already in the wallet, by its own reason, and reads the same delivery only once', async () => {
    const to = await addressOf(real, employee);
    const s = spec();
    const xml = { name: 'f.xml', type: 'application/xml', data: Buffer.from(digitalXml(s)) };
    const raw = mail(to, 'again', [xml]);
    // Delivered twice (a mail server's retry): the same bytes are one mail.
    deliver(raw);
    deliver(raw);
    expect(await collect(real.ctx, 'test')).toBe(2);
    const rows = await real.ctx.db.select().from(walletMail).where(eq(walletMail.subject, 'again'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.parts).toEqual([{ fileName: 'f.xml', invoiceId: expect.any(Number) }]);

    // Forwarded again as a new mail: the fapiao is in the wallet already.
    deliver(mail(to, 'once more', [xml]));
    await collect(real.ctx, 'test');
    expect((await lastMail()).parts).toEqual([{ fileName: 'f.xml', code: 'invoice.duplicate' }]);
  });

  it('finds the addressee of a blind copy by its delivery header, and tells them a mail had no attachment', async () => {
    const to = await addressOf(real, manager);
    const raw = Buffer.from(
      [
        `Delivered-To: ${to.replace('@', '+march@')}`,
        'From: someone@example.com',
        'To: someone@example.com',
        'Subject: link only',
        'Content-Type: text/plain',
        '',
        'Download your fapiao at https://example.com/fapiao/123',
        '',
      ].join('\r\n'),
    );
    deliver(raw);
    await collect(real.ctx, 'test');
    const row = await lastMail();
    expect(row.outcome).toBe('no_attachment');
    expect(row.employeeId).not.toBeNull();
    expect(await noticesTo(row.employeeId!, 'invoice.mail.no_attachment')).toHaveLength(1);
  });

  it('hands each mail to one of two readers at once', async () => {
    const to = await addressOf(real, employee);
    const specs = [spec(), spec(), spec()];
    for (const s of specs)
      deliver(
        mail(to, `parallel ${s.number}`, [
          { name: 'x.xml', type: 'application/xml', data: Buffer.from(digitalXml(s)) },
        ]),
      );
    const [a, b] = await Promise.all([collect(real.ctx, 'a'), collect(real.ctx, 'b')]);
    expect(a + b).toBe(3);
    const rows = await real.ctx.db.select().from(walletMail).where(sql`${walletMail.subject} like 'parallel %'`);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.parts[0]?.invoiceId)).toBe(true);
  });
});

/** Several files as the web's simulated-mail form sends them. */
function filesForm(t: TestApp, token: string, files: { name: string; data: Buffer }[], subject: string) {
  const boundary = `----ems${serial++}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Subject"\r\n\r\n${subject}\r\n`),
  ];
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url: '/api/InvoiceEntry/SimulateMail',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

describe('the simulated mail server', () => {
  it('mails the files to the caller’s own address and the wallet reads it at once, as real mail', async () => {
    const [token] = await simulated.tokens('employee');
    const address = (await simulated.call('/api/InvoiceEntry/GetMailAddress', {}, token)).json();
    expect(address).toEqual({ Address: expect.stringMatching(/@wallet-mail\.invalid$/), Simulated: true });
    const s = spec();
    const res = await filesForm(
      simulated,
      token,
      [
        { name: 'a.xml', data: Buffer.from(digitalXml(s)) },
        { name: 'b.pdf', data: Buffer.from('%PDF-1.4 broken') },
      ],
      '模拟邮件',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Outcome: 'taken',
      Subject: '模拟邮件',
      Parts: [
        { FileName: 'a.xml', InvoiceID: expect.any(Number), Code: null },
        { FileName: 'b.pdf', InvoiceID: null, Code: expect.stringMatching(/^invoice\.file_/) },
      ],
    });
    // Delivered into the Maildir under the data folder and marked handled there.
    expect(readdirSync(join(dataDir, 'wallet-mail', 'cur')).every((f) => f.endsWith(':2,S'))).toBe(true);

    expect((await filesForm(simulated, token, [], 'none')).json().code).toBe('invoice.mail_no_files');
  });

  it('is refused where a mail server is configured', async () => {
    const res = await filesForm(real, employee, [{ name: 'a.xml', data: Buffer.from('<x/>') }], 's');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invoice.mail_not_simulated');
  });
});
