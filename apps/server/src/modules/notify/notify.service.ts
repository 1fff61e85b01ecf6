import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Culture } from '@ems/contracts';
import type { Config } from '../../core/config';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { localName } from '../../core/i18n';
import { enqueue, enqueueMany, type OutboundHandler } from '../outbound/outbound.service';
import { isTestSystem } from '../system/system.service';
import * as repo from './notify.repository';

export type { NoticeInput, NoticeLine } from './notify.repository';

/** Where notices go: the mail server when SMTP_URL is set, else an .eml file per message in the data folder. */
export interface MailTransport {
  send(message: { to: string; subject: string; text: string; id: number }): Promise<void>;
}

export function folderTransport(dir: string): MailTransport {
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const eml = [
        `To: ${message.to}`,
        `Subject: =?UTF-8?B?${Buffer.from(message.subject).toString('base64')}?=`,
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

/**
 * The mail server, for when SMTP is configured: one pooled connection, messages from `from`. The mail package loads
 * when this transport is made (once the app is ready, with the job queue), never on a start without SMTP.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = import('nodemailer').then(({ createTransport }) =>
    // Bounded well inside the job's 5-minute expiry, so the queue never hands out a notice still being sent.
    createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }, { from }),
  );
  // A failure to load shows on the first send; until then it is not an unhandled rejection.
  transporter.catch(() => undefined);
  return {
    async send(message) {
      await (await transporter).sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: `<notice-${message.id}@ems>`,
      });
    },
  };
}

/** SMTP when configured, else the data folder. */
export function transportFor(config: Pick<Config, 'smtp' | 'dataDir'>): MailTransport {
  return config.smtp ? smtpTransport(config.smtp.url, config.smtp.from) : folderTransport(join(config.dataDir, 'mail'));
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
    const { lines, ...params } = JSON.parse(r.m.params) as Record<string, string | number> & {
      lines?: repo.NoticeLine[];
    };
    const notice = t(r.m.template, params);
    const greeting = t('workflow.mail.greeting', { name: localName(culture, r.nameZh, r.nameEn) });
    // A test system says so in every mail, in the subject and above the text (`IsTest`).
    const banner = (await isTestSystem(ctx.db, r.m.companyId)) ? t('system.testBanner') : null;
    const subject = banner ? `[${banner}] ${notice}` : notice;
    const body = noticeBody(lines ?? [], r.m.documentId, t, ctx.config.publicUrl, culture);
    const text = [...(banner ? [banner, ''] : []), greeting, '', notice, ...body, ''].join('\n');
    try {
      if (!r.email) throw new Error('no e-mail address');
      await transport.send({ to: r.email, subject, text, id: r.m.id });
    } catch (err) {
      await repo.noteError(ctx.db, r.m.id, (err instanceof Error ? err.message : String(err)).slice(0, 1000));
      throw err;
    }
    await repo.markSent(ctx.db, r.m.id);
  };
}

/** Where a document opens in the product; opened signed out, the sign-in page leads there afterwards. */
export function documentLink(publicUrl: string, documentId: number): string {
  return `${publicUrl}/manage/document/view/${documentId}`;
}

/**
 * A notice's lines after its subject: each of its lines in the recipient's language (a parameter `x` is taken from
 * `xZh` or `xEn`), with its link under it, then the link of the document the notice is about.
 */
function noticeBody(
  lines: readonly repo.NoticeLine[],
  documentId: number | null,
  t: (key: string, params?: Record<string, string | number>) => string,
  publicUrl: string,
  culture: Culture,
): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const params: Record<string, string | number> = { ...line.params };
    for (const key of Object.keys(line.params)) {
      const base = key.slice(0, -2);
      if (key.endsWith('Zh') && `${base}En` in line.params)
        params[base] = localName(culture, String(line.params[key]), String(line.params[`${base}En`]));
    }
    out.push(t(line.key, params));
    if (line.link) out.push(`  ${line.link}`);
  }
  if (documentId !== null) out.push('', t('workflow.mail.open', { url: documentLink(publicUrl, documentId) }));
  return out;
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
