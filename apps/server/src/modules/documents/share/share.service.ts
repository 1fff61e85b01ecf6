import type { Culture, SharedDocument, ShareLink } from '@ems/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../../core/context';
import { forbidden, notFound } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { shownAccount } from '../../../core/masking';
import { ISSUER } from '../../../core/security';
import { audit } from '../../audit/audit.service';
import { linkIssuer } from '../../auth/auth.service';
import * as attachmentRepo from '../attachments/attachment.repository';
import * as attachments from '../attachments/attachment.service';
import { visible } from '../document.service';
import { preview } from '../preview/preview.service';

/** Share tokens are for this audience only: an access token opens no link, a link token calls no API. */
const AUDIENCE = 'ems-share';
const DEFAULT_HOURS = 7 * 24;

type Kind = 'document' | 'attachment';
interface ShareClaims {
  typ: 'share';
  kind: Kind;
  id: number;
  acc: number;
  cid: number;
  tid: number | null;
}

const PAGES: Record<Kind, string> = { document: '/otherSysViewDetail', attachment: '/viewAttachment' };

async function sign(ctx: AppContext, user: SessionUser, kind: Kind, id: number, hours: number): Promise<ShareLink> {
  const expires = new Date(Date.now() + hours * 3600_000);
  const claims: ShareClaims = {
    typ: 'share',
    kind,
    id,
    acc: user.accountId,
    cid: user.companyId,
    tid: user.teamId,
  };
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(ctx.keys.jwtSecret);
  return { Url: `${PAGES[kind]}?token=${token}`, Token: token, ExpiresAt: expires.toISOString() };
}

/**
 * A signed, expiring read-only link to one document the user may see. It opens without signing in, showing what
 * the issuer may still see at the time it is opened. Issuing it is audited.
 */
export async function documentLink(
  ctx: AppContext,
  user: SessionUser,
  v: { id: number; hours: number | undefined; requestId: string },
) {
  const { id, hours } = v;
  const found = await visible(ctx.db, user, id);
  const link = await sign(ctx, user, 'document', found.d.id, hours ?? DEFAULT_HOURS);
  await audit(ctx.db, {
    companyId: user.companyId,
    actorId: user.userId,
    action: 'share_link',
    entity: 'document',
    entityId: id,
    detail: { expiresAt: link.ExpiresAt },
    requestId: v.requestId,
  });
  return link;
}

/** The same for one file of a document the user may see. */
export async function attachmentLink(
  ctx: AppContext,
  user: SessionUser,
  v: { id: number; hours: number | undefined; requestId: string },
) {
  const { id, hours } = v;
  const file = await attachmentRepo.findById(ctx.db, id);
  if (!file) throw notFound();
  await visible(ctx.db, user, file.documentId);
  const link = await sign(ctx, user, 'attachment', id, hours ?? DEFAULT_HOURS);
  await audit(ctx.db, {
    companyId: user.companyId,
    actorId: user.userId,
    action: 'share_link',
    entity: 'attachment',
    entityId: id,
    detail: { expiresAt: link.ExpiresAt },
    requestId: v.requestId,
  });
  return link;
}

/** The link's claims and its issuer as they are now; an expired, tampered or foreign token is a coded refusal. */
async function opened(ctx: AppContext, token: string, kind: Kind) {
  let payload: Partial<ShareClaims> & { sub?: string; exp?: number };
  try {
    ({ payload } = await jwtVerify(token, ctx.keys.jwtSecret, { issuer: ISSUER, audience: AUDIENCE }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw forbidden('share.link_expired');
    throw forbidden('share.link_invalid');
  }
  const { sub, exp, acc, cid, tid, id } = payload;
  if (payload.typ !== 'share' || payload.kind !== kind || !sub || !exp || !acc || !cid || !id) {
    throw forbidden('share.link_invalid');
  }
  const issuer = await linkIssuer(ctx.db, {
    accountId: acc,
    employeeId: Number(sub),
    companyId: cid,
    teamId: tid ?? null,
  });
  if (!issuer) throw forbidden('share.link_invalid');
  return { issuer, id, expiresAt: new Date(exp * 1000) };
}

/** One document, read-only, through a document link: its print-ready content and its files, each with a link. */
export async function openDocument(ctx: AppContext, token: string, culture: Culture): Promise<SharedDocument> {
  const { issuer, id, expiresAt } = await opened(ctx, token, 'document');
  const document = await preview(ctx, issuer, id, undefined, culture);
  const files = await attachments.list(ctx, issuer, id, culture);
  const hours = Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 3600_000));
  return {
    // Whoever holds the link sees the payee's account masked, whatever the issuer may see.
    Document: document.Payee
      ? { ...document, Payee: { ...document.Payee, BankAccount: shownAccount(null, document.Payee.BankAccount) } }
      : document,
    Files: await Promise.all(
      files.Rows.map(async (f) => ({
        ID: f.ID,
        FileName: f.FileName,
        MimeType: f.MimeType,
        Size: f.Size,
        // Each file's link ends no later than the document's (rounded up to the hour).
        Token: (await sign(ctx, issuer, 'attachment', f.ID, hours)).Token,
      })),
    ),
    ExpiresAt: expiresAt.toISOString(),
  };
}

/** One file through an attachment link, opened for streaming. */
export async function openAttachment(ctx: AppContext, token: string) {
  const { issuer, id } = await opened(ctx, token, 'attachment');
  return attachments.open(ctx, issuer, id, 'download');
}
