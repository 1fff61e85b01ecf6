import { createHash, randomBytes } from 'node:crypto';
import type { Culture, WalletMailAddress, WalletMailPage, WalletMailRow } from '@ems/contracts';
import PostalMime, { type Address, type Attachment, type Email } from 'postal-mime';
import type { Actor } from '../../../../core/actor';
import type { AppContext } from '../../../../core/context';
import { AppError, badRequest } from '../../../../core/errors';
import { MAX_UPLOAD_BYTES } from '../../../../core/import';
import { audit, auditEntry } from '../../../audit/audit.service';
import { queueNotice } from '../../../notify/notify.service';
import { upload } from '../wallet.service';
import { type MailboxMessage, maildir, type WalletMailbox } from './maildir.gateway';
import * as repo from './wallet-mail.repository';
import type { WalletMailPart } from './wallet-mail.table';

/** A mail larger than this is not parsed: ten fapiao files of the upload's own limit would not reach it. */
const MAX_MAIL_BYTES = 3 * MAX_UPLOAD_BYTES;
/** The attachments of one mail the wallet reads; the rest are named in its log as left. */
export const MAX_MAIL_FILES = 20;
/** Files the wallet reads, by name or by type; anything else in a mail (a signature's logo, a zip) is named and left. */
const FAPIAO_FILE = /\.(pdf|ofd|xml|png|jpe?g)$/i;
const FAPIAO_TYPE = /^(application\/(pdf|ofd|xml|octet-stream)|text\/xml|image\/(png|jpeg))$/i;
/** Structured formats first: the same fapiao sent as XML, OFD and PDF is taken from its most exact file. */
const FORMAT_ORDER = ['xml', 'ofd', 'pdf', 'png', 'jpg', 'jpeg'];

let mailbox: WalletMailbox | undefined;
let mailboxDir: string | undefined;
/** The mailbox of the configured Maildir (a test may point the configuration elsewhere). */
function mailboxOf(ctx: AppContext): WalletMailbox {
  if (!mailbox || mailboxDir !== ctx.config.walletMail.maildir) {
    mailboxDir = ctx.config.walletMail.maildir;
    mailbox = maildir(mailboxDir);
  }
  return mailbox;
}

/** 12 characters of a–z and 2–7 (60 bits): the address is the secret, as a shared link's token is. */
const newToken = () => [...randomBytes(12)].map((b) => 'abcdefghijklmnopqrstuvwxyz234567'[b % 32]).join('');

const addressOf = (ctx: AppContext, token: string): WalletMailAddress => ({
  Address: `${token}@${ctx.config.walletMail.domain}`,
  Simulated: ctx.config.walletMail.simulated,
});

/** The caller's forwarding address, made on first asking. */
export async function address(ctx: AppContext, actor: Actor): Promise<WalletMailAddress> {
  const kept =
    (await repo.addressOf(ctx.db, actor.companyId, actor.userId)) ??
    (await repo.ensureAddress(ctx.db, actor.companyId, actor.userId, newToken()));
  return addressOf(ctx, kept.token);
}

/** A new address for the caller: mail to the old one is no longer taken (an address shared by mistake). */
export async function renew(ctx: AppContext, actor: Actor): Promise<WalletMailAddress> {
  return ctx.db.transaction(async (tx) => {
    const token = newToken();
    const row =
      (await repo.renewAddress(tx, actor.companyId, actor.userId, token)) ??
      (await repo.ensureAddress(tx, actor.companyId, actor.userId, token));
    await audit(tx, auditEntry(actor, { action: 'update', entity: 'wallet_mail_address', entityId: row.id }));
    return addressOf(ctx, row.token);
  });
}

/** The mails the caller forwarded, newest first, each attachment with what it became. */
export async function search(
  ctx: AppContext,
  actor: Actor,
  q: { PageIndex: number; PageSize: number },
): Promise<WalletMailPage> {
  const { total, rows } = await repo.mailsOf(ctx.db, actor.companyId, actor.userId, q);
  return { Total: total, Rows: rows.map((r) => rowOf(ctx, actor.culture, r)) };
}

function rowOf(ctx: AppContext, culture: Culture, r: repo.WalletMailRow): WalletMailRow {
  return {
    ID: r.id,
    ReceivedAt: r.createdAt.toISOString(),
    From: r.fromAddress,
    Subject: r.subject,
    Outcome: r.outcome,
    Parts: r.parts.map((p) => ({
      FileName: p.fileName,
      InvoiceID: p.invoiceId ?? null,
      Code: p.code ?? null,
      Message: p.code ? ctx.messages.t(`error.${p.code}`, culture, p.params) : null,
    })),
  };
}

const mailboxes = (list: Address[] | undefined) =>
  (list ?? []).flatMap((a) => (a.group ? a.group : [a])).map((a) => a.address.toLowerCase());

/**
 * The tokens a mail is addressed to at the wallets' domain: the delivery headers a mail server adds (which hold the
 * address even for a blind copy), then To and Cc. `token+anything@` is the token's.
 */
function tokensOf(email: Email, domain: string): string[] {
  const header = (name: string) => email.headers.filter((h) => h.key === name).map((h) => h.value);
  const found = [
    ...(email.deliveredTo ? [email.deliveredTo] : []),
    ...header('delivered-to'),
    ...header('x-original-to'),
    ...header('envelope-to'),
    ...mailboxes(email.to),
    ...mailboxes(email.cc),
  ]
    .map((a) => a.trim().replace(/^<|>$/g, '').toLowerCase())
    .filter((a) => a.endsWith(`@${domain}`))
    .map((a) => a.slice(0, -domain.length - 1).split('+')[0]!);
  return [...new Set(found)];
}

const fromOf = (email: Email) => {
  const from = email.from && !email.from.group ? email.from.address : undefined;
  return from ? from.slice(0, 320) : null;
};

function sentAtOf(email: Email): Date | null {
  const d = email.date ? new Date(email.date) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

/** A mail's attachments the wallet reads, structured formats first; the others, by name, for the mail's log. */
function filesOf(email: Email): { files: Attachment[]; others: Attachment[] } {
  const files: Attachment[] = [];
  const others: Attachment[] = [];
  for (const a of email.attachments) {
    // A picture shown inside the text (a signature, a logo) is part of the text, not something sent to be claimed.
    if (a.related || (a.disposition === 'inline' && a.contentId && !a.filename)) continue;
    const named = a.filename && FAPIAO_FILE.test(a.filename);
    (named || FAPIAO_TYPE.test(a.mimeType) ? files : others).push(a);
  }
  const rank = (a: Attachment) => {
    const ext = /\.([a-z]+)$/i.exec(a.filename ?? '')?.[1]?.toLowerCase() ?? '';
    const i = FORMAT_ORDER.indexOf(ext);
    return i < 0 ? FORMAT_ORDER.length : i;
  };
  return { files: files.sort((x, y) => rank(x) - rank(y)), others };
}

const bytesOf = (a: Attachment) =>
  typeof a.content === 'string'
    ? Buffer.from(a.content, a.encoding === 'base64' ? 'base64' : 'utf8')
    : Buffer.from(a.content instanceof ArrayBuffer ? new Uint8Array(a.content) : a.content);

/** What one mail became: its outcome and its parts, for the log and the owner's notice. */
interface Handled {
  owner: Awaited<ReturnType<typeof repo.ownerOfToken>>;
  email: Email | undefined;
  outcome: repo.WalletMailInsert['outcome'];
  parts: WalletMailPart[];
}

async function handle(ctx: AppContext, raw: Buffer, requestId: string): Promise<Handled> {
  const { domain } = ctx.config.walletMail;
  // Past the size limit only the headers are read, to tell the owner why their mail was left.
  const tooLarge = raw.length > MAX_MAIL_BYTES;
  let email: Email | undefined;
  try {
    const headEnd = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
    email = await PostalMime.parse(tooLarge ? raw.subarray(0, Math.max(0, headEnd)) : raw, {
      attachmentEncoding: 'arraybuffer',
    });
  } catch {
    return { owner: undefined, email: undefined, outcome: 'unreadable', parts: [] };
  }
  let owner: Handled['owner'];
  for (const token of tokensOf(email, domain)) {
    owner = await repo.ownerOfToken(ctx.db, token);
    if (owner) break;
  }
  if (!owner) return { owner, email, outcome: 'unknown_recipient', parts: [] };
  if (tooLarge) return { owner, email, outcome: 'too_large', parts: [] };
  const { files, others } = filesOf(email);
  if (!files.length && !others.length) return { owner, email, outcome: 'no_attachment', parts: [] };
  const actor: Actor = {
    userId: owner.employeeId,
    companyId: owner.companyId,
    teamId: owner.teamId,
    culture: owner.language === 'en-GB' ? 'en-GB' : 'zh-CN',
    requestId,
  };
  const parts: WalletMailPart[] = [];
  for (const [i, a] of files.entries()) {
    const fileName = (a.filename ?? 'fapiao').slice(0, 255);
    if (i >= MAX_MAIL_FILES) {
      parts.push({ fileName, code: 'invoice.mail_too_many_files', params: { max: MAX_MAIL_FILES } });
      continue;
    }
    try {
      const taken = await upload(ctx, actor, { fileName, data: bytesOf(a) }, 'mail');
      parts.push({ fileName, invoiceId: taken.Invoice.ID });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // The same fapiao as another file of this mail (its PDF beside its XML) is that file's, not a refusal.
      if (err.code === 'invoice.duplicate' && parts.some((p) => p.invoiceId !== undefined))
        parts.push({ fileName, code: 'invoice.mail_same_fapiao' });
      else parts.push({ fileName, code: err.code, ...(err.params ? { params: err.params } : {}) });
    }
  }
  for (const a of others)
    parts.push({ fileName: (a.filename ?? a.mimeType).slice(0, 255), code: 'invoice.file_type_unsupported' });
  return { owner, email, outcome: 'taken', parts };
}

/** The owner's notice of one mail: how many fapiao it added, each part on its line, linking to the wallet. */
async function notifyOwner(tx: AppContext['db'], mailId: number, h: Handled): Promise<void> {
  if (!h.owner) return;
  const added = h.parts.filter((p) => p.invoiceId !== undefined).length;
  const refused = h.parts.filter((p) => p.code && p.code !== 'invoice.mail_same_fapiao').length;
  const subject = (h.email?.subject ?? '').slice(0, 100);
  await queueNotice(tx, {
    companyId: h.owner.companyId,
    toEmployeeId: h.owner.employeeId,
    template: h.outcome === 'taken' ? 'invoice.mail.taken' : `invoice.mail.${h.outcome}`,
    params: { added, refused, subject, mailId },
    lines: h.parts.map((p) =>
      p.invoiceId !== undefined
        ? { key: 'invoice.mail.partTaken', params: { file: p.fileName }, link: '/manage/wallet' }
        : { key: 'invoice.mail.partRefused', params: { file: p.fileName, reasonKey: `error.${p.code}`, ...p.params } },
    ),
    documentId: null,
    link: '/manage/wallet',
  });
}

/**
 * Reads the wallets' mailbox (decision 067): each mail once (its SHA-256), its fapiao attachments put into the
 * addressee's wallet through the upload's own path (read, checked for duplicates, verified by the job), its log row
 * written and the addressee told, in one transaction, before the mail is marked handled. A mail to no known address
 * is logged and left. Answers how many mails it handled.
 */
export async function collect(ctx: AppContext, requestId: string): Promise<number> {
  const taken = await mailboxOf(ctx).take();
  for (const m of taken) await collectOne(ctx, m, requestId);
  return taken.length;
}

async function collectOne(ctx: AppContext, m: MailboxMessage, requestId: string): Promise<void> {
  const raw = await m.read();
  const messageKey = createHash('sha256').update(raw).digest('hex');
  if (await repo.mailByKey(ctx.db, messageKey)) return m.done();
  const h = await handle(ctx, raw, requestId);
  await ctx.db.transaction(async (tx) => {
    const id = await repo.insertMail(tx, {
      messageKey,
      companyId: h.owner?.companyId ?? null,
      employeeId: h.owner?.employeeId ?? null,
      fromAddress: h.email ? fromOf(h.email) : null,
      subject: h.email?.subject?.slice(0, 500) ?? null,
      sentAt: h.email ? sentAtOf(h.email) : null,
      outcome: h.outcome,
      parts: h.parts,
    });
    if (id !== undefined) await notifyOwner(tx, id, h);
  });
  await m.done();
}

/** The scheduled reading of the mailbox: every minute, as a mail server's delivery is waited for. */
export function walletMailJob(ctx: AppContext, log: { info: (o: object, msg: string) => void }) {
  return {
    queue: 'wallet-mail',
    cron: '* * * * *',
    run: async (requestId: string) => {
      const mails = await collect(ctx, requestId);
      if (mails) log.info({ mails }, 'wallet mail read');
    },
  };
}

/**
 * The built-in simulated mail server (no WALLET_MAIL_DOMAIN configured): the files are sent as a mail from the
 * caller to their own address, delivered into the Maildir as a mail server would, and the mailbox is read at once.
 * Answers the mail as the log shows it.
 */
export async function simulate(
  ctx: AppContext,
  actor: Actor,
  files: { fileName: string; data: Buffer }[],
  subject: string,
): Promise<WalletMailRow> {
  if (!ctx.config.walletMail.simulated) throw badRequest('invoice.mail_not_simulated');
  if (!files.length) throw badRequest('invoice.mail_no_files');
  const to = (await address(ctx, actor)).Address;
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  const raw = await new MailComposer({
    from: `employee-${actor.userId}@${ctx.config.walletMail.domain}`,
    to,
    subject,
    date: new Date(),
    text: subject,
    attachments: files.map((f) => ({ filename: f.fileName, content: f.data })),
  })
    .compile()
    .build();
  const delivered = `Delivered-To: ${to}\r\n`;
  const mail = Buffer.concat([Buffer.from(delivered), raw]);
  const messageKey = createHash('sha256').update(mail).digest('hex');
  await mailboxOf(ctx).deliver(mail);
  await collect(ctx, actor.requestId);
  // The scheduled reading may have taken it first: its row is written once that reading is done with it.
  for (let waited = 0; ; waited += 200) {
    const row = await repo.mailByKey(ctx.db, messageKey);
    if (row) return rowOf(ctx, actor.culture, row);
    if (waited > 60_000) throw new AppError(503, 'invoice.mail_not_read');
    await new Promise((r) => setTimeout(r, 200));
  }
}
