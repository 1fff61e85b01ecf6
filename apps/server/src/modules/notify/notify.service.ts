import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Culture, formatAmount } from '@ems/contracts';
import type { Config } from '../../core/config';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { localName, type Messages } from '../../core/i18n';
import { enqueue, enqueueMany, type OutboundHandler } from '../outbound/outbound.service';
import { isTestSystem } from '../system/system.service';
import * as repo from './notify.repository';
import type { mailOutbox } from './notify.table';

export type { NoticeInput, NoticeLine } from './notify.repository';

/** One notice's mail, headers and text, as every transport sends it. */
export interface MailMessage {
  from: { name: string; address: string };
  to: string;
  /** When the change that caused the notice happened, which a retry sent later does not move. */
  date: Date;
  subject: string;
  text: string;
  id: number;
}

/** Where notices go: the mail server when SMTP_URL is set, else an .eml file per message in the data folder. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** A header's text in UTF-8 (RFC 2047), so Chinese names and subjects survive any mail reader. */
const encoded = (text: string) => `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;

export function folderTransport(dir: string): MailTransport {
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const eml = [
        `From: ${encoded(message.from.name)} <${message.from.address}>`,
        `To: ${message.to}`,
        // RFC 5322's date, in UTC.
        `Date: ${message.date.toUTCString().replace('GMT', '+0000')}`,
        `Message-ID: ${messageId(message.id)}`,
        `Subject: ${encoded(message.subject)}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=UTF-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        message.text,
        '',
      ].join('\r\n');
      writeFileSync(join(dir, `${String(message.id).padStart(8, '0')}.eml`), eml);
    },
  };
}

const messageId = (id: number) => `<notice-${id}@ems>`;

/**
 * The mail server, for when SMTP is configured: one pooled connection. The mail package loads when this transport is
 * made (once the app is ready, with the job queue), never on a start without SMTP.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = import('nodemailer').then(({ createTransport }) =>
    // Bounded well inside the job's 5-minute expiry, so the queue never hands out a notice still being sent.
    createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }),
  );
  // A failure to load shows on the first send; until then it is not an unhandled rejection.
  transporter.catch(() => undefined);
  return {
    async send(message) {
      await (await transporter).sendMail({
        from: message.from,
        to: message.to,
        date: message.date,
        subject: message.subject,
        text: message.text,
        messageId: messageId(message.id),
      });
    },
  };
}

/** SMTP when configured, else the data folder. */
export function transportFor(config: Pick<Config, 'smtp' | 'dataDir'>): MailTransport {
  return config.smtp ? smtpTransport(config.smtp.url) : folderTransport(join(config.dataDir, 'mail'));
}

/**
 * The mail job: renders one notice in the recipient's language and hands it to the transport. It runs outside any
 * transaction; it marks the notice sent only once the transport took it, and a notice already sent is not sent
 * again (a retry after the mark was lost).
 */
export function mailJob(
  ctx: Pick<AppContext, 'db' | 'messages' | 'config'>,
  transport: MailTransport,
): OutboundHandler {
  return async (payload) => {
    const { mailId } = payload as { mailId: number };
    const r = await repo.notice(ctx.db, mailId);
    if (!r || r.m.sentAt) return;
    const culture: Culture = r.language === 'en-GB' ? 'en-GB' : 'zh-CN';
    const t = (key: string, params?: Record<string, string | number>) => ctx.messages.t(key, culture, params);
    const { publicUrl } = ctx.config;
    const url = (link: string) => (link.startsWith('/') ? publicUrl + link : link);
    const notice = renderNotice(ctx.messages, culture, publicUrl, r.m);
    const greeting = t('workflow.mail.greeting', { name: localName(culture, r.nameZh, r.nameEn) });
    // A test system says so in every mail, in the subject and above the text (`IsTest`).
    const banner = (await isTestSystem(ctx.db, r.m.companyId)) ? t('system.testBanner') : null;
    const subject = banner ? `[${banner}] ${notice.subject}` : notice.subject;
    const text = [
      ...(banner ? [banner, ''] : []),
      greeting,
      '',
      notice.subject,
      ...notice.lines.flatMap((l) => (l.link ? [l.text, `  ${url(l.link)}`] : [l.text])),
      ...(notice.amount
        ? [t('workflow.mail.amount', { amount: formatAmount(notice.amount.value), currency: notice.amount.currency })]
        : []),
      ...(notice.link
        ? ['', t(r.m.documentId !== null ? 'workflow.mail.open' : 'workflow.mail.openPage', { url: url(notice.link) })]
        : []),
      '',
    ].join('\n');
    try {
      if (!r.email) throw new Error('no e-mail address');
      await transport.send({ from: ctx.config.mailFrom, to: r.email, date: r.m.createdAt, subject, text, id: r.m.id });
    } catch (err) {
      await repo.noteError(ctx.db, r.m.id, (err instanceof Error ? err.message : String(err)).slice(0, 1000));
      throw err;
    }
    await repo.markSent(ctx.db, r.m.id);
  };
}

/** Where a document opens in the product; opened signed out, the sign-in page leads there afterwards. */
export function documentPath(documentId: number): string {
  return `/manage/document/view/${documentId}`;
}

/** What a notice says, in the mail and in the inbox alike, so the two cannot drift. */
export interface RenderedNotice {
  subject: string;
  /** Its lines under the subject, each with the page it links to. */
  lines: { text: string; link: string | null }[];
  amount: { value: string; currency: string } | null;
  /** The page it opens: its document's, or the list its link names. */
  link: string | null;
}

/**
 * A notice in the reader's language: its subject, each of its lines (a parameter `x` is taken from `xZh` or `xEn`, and
 * `reason` from the text of `reasonKey`),
 * the money it is about and the page it opens. Links are pages of the product (`/manage/…`): an address kept whole
 * by a notice written before loses the product's own address.
 */
export function renderNotice(
  messages: Messages,
  culture: Culture,
  publicUrl: string,
  m: Pick<typeof mailOutbox.$inferSelect, 'template' | 'params' | 'documentId' | 'link' | 'amount' | 'currency'>,
): RenderedNotice {
  const t = (key: string, params?: Record<string, string | number>) => messages.t(key, culture, params);
  const page = (link: string) => (link.startsWith(`${publicUrl}/`) ? link.slice(publicUrl.length) : link);
  const { lines, ...params } = JSON.parse(m.params) as Record<string, string | number> & {
    lines?: repo.NoticeLine[];
  };
  return {
    subject: t(m.template, params),
    lines: (lines ?? []).map((line) => {
      const p: Record<string, string | number> = { ...line.params };
      for (const key of Object.keys(line.params)) {
        const base = key.slice(0, -2);
        if (key.endsWith('Zh') && `${base}En` in line.params)
          p[base] = localName(culture, String(line.params[key]), String(line.params[`${base}En`]));
      }
      // A line's `reasonKey` (an error's key) is said in the reader's language as its `reason`.
      if (typeof line.params.reasonKey === 'string') p.reason = t(line.params.reasonKey, p);
      return { text: t(line.key, p), link: line.link ? page(line.link) : null };
    }),
    amount: m.amount !== null && m.currency !== null ? { value: m.amount, currency: m.currency } : null,
    link: m.documentId !== null ? documentPath(m.documentId) : m.link,
  };
}

/** A notice written in the caller's transaction; the mail job that sends it exists only if that transaction commits. */
export async function queueNotice(tx: Db, v: repo.NoticeInput): Promise<void> {
  const mailId = await repo.insertNotice(tx, v);
  await enqueue(tx, 'mail', { mailId }, v.companyId);
}

/**
 * A notice that goes out once for its key (a day's reminder, a loan's warning), written in the caller's transaction:
 * a second call with the key, in this run or a later one, writes nothing. Answers whether it was written.
 */
export async function queueNoticeOnce(tx: Db, v: repo.NoticeInput, onceKey: string): Promise<boolean> {
  const mailId = await repo.insertNoticeOnce(tx, v, onceKey);
  if (mailId !== undefined) await enqueue(tx, 'mail', { mailId }, v.companyId);
  return mailId !== undefined;
}

/** Many notices written in the caller's transaction, as `queueNotice` writes one. */
export async function queueNotices(tx: Db, vs: readonly repo.NoticeInput[]): Promise<void> {
  const ids = await repo.insertNotices(tx, vs);
  await enqueueMany(
    tx,
    'mail',
    ids.map((mailId, i) => ({ payload: { mailId }, companyId: vs[i]!.companyId })),
  );
}
