import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveDeputy } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { samples } from '../../../../test/files';
import { multipart } from '../../../../test/multipart';
import { userAccount } from '../../auth/auth.table';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
const dataDir = mkdtempSync(join(tmpdir(), 'ems-share-'));

beforeAll(async () => {
  t = await testApp({ DATA_DIR: dataDir });
  m = await documentMasters(t.ctx.db);
  [employee, manager] = await t.logins('employee', 'manager');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(documentId: number) {
  const body = multipart({ DocumentID: documentId, Kind: 'invoice' }, { name: '发票.png', data: samples.png() });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/UploadAttachment/SaveFile',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${employee.access_token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().ID as number;
}

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

describe('signed links', () => {
  it('opens a document read-only without signing in, with its files, until the link expires', async () => {
    const d = await saveDeputy(t, m, employee.access_token, '88.00', { Reason: '分享测试' });
    const fileId = await upload(d.ID);
    const res = await t.call('/api/document/GetShareLink', { ID: d.ID, Hours: 2 }, employee.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json();
    expect(link.Url).toMatch(/^\/otherSysViewDetail\?token=/);
    const left = new Date(link.ExpiresAt).getTime() - Date.now();
    expect(left).toBeGreaterThan(3600_000);
    expect(left).toBeLessThanOrEqual(2 * 3600_000);

    // No bearer token: the link is enough, by POST or GET.
    const opened = await t.call('/api/Shared/Document', { Token: tokenOf(link.Url) });
    expect(opened.statusCode, opened.body).toBe(200);
    const shared = opened.json();
    expect(shared.Document.Header).toMatchObject({
      ID: d.ID,
      DocNo: d.DocNo,
      Reason: '分享测试',
      ApplicantName: '张伟',
    });
    expect(shared.Files).toEqual([
      expect.objectContaining({ ID: fileId, FileName: '发票.png', MimeType: 'image/png' }),
    ]);
    const viaGet = await t.app.inject({
      method: 'GET',
      url: `/api/Shared/Document?token=${encodeURIComponent(link.Token)}&Language=en-GB`,
      headers: { 'accept-language': 'en-GB' },
    });
    expect(viaGet.statusCode).toBe(200);
    expect(viaGet.json().Document.Header.ApplicantName).toBe('Wei Zhang');

    // The file through its own link, shown in place.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/Shared/Attachment?token=${encodeURIComponent(shared.Files[0].Token)}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline;/);
    expect(file.rawPayload.equals(samples.png())).toBe(true);

    // An attachment link issued directly, opened by POST.
    const fileLink = (await t.call('/api/UploadAttachment/GetShareLink', { ID: fileId }, employee.access_token)).json();
    expect(fileLink.Url).toMatch(/^\/viewAttachment\?token=/);
    const posted = await t.call('/api/Shared/Attachment', { Token: fileLink.Token });
    expect(posted.statusCode).toBe(200);
  });

  it('refuses a tampered, expired, foreign or mismatched token with a coded message, and changes nothing', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const link = (await t.call('/api/document/GetShareLink', { ID: d.ID }, employee.access_token)).json();
    const [head, body, sig] = link.Token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, id: claims.id + 1 })).toString('base64url')}.${sig}`;
    for (const token of [forged, 'not-a-token', `${link.Token}x`, employee.access_token]) {
      const res = await t.call('/api/Shared/Document', { Token: token });
      expect(res.statusCode, token).toBe(403);
      expect(res.json().code).toBe('share.link_invalid');
    }
    // A document link does not open a file, nor the other way round.
    const asFile = await t.call('/api/Shared/Attachment', { Token: link.Token });
    expect(asFile.json().code).toBe('share.link_invalid');

    const expired = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('ems')
      .setAudience('ems-share')
      .setSubject(String(employee.UserID))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(t.ctx.keys.jwtSecret);
    const late = await t.call('/api/Shared/Document', { Token: expired }, undefined, { 'accept-language': 'zh-CN' });
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('share.link_expired');
    expect(late.json().message).toContain('过期');

    // A link token is no access token.
    expect((await t.call('/api/System/getMenu', {}, link.Token)).statusCode).toBe(401);
    expect((await t.call('/api/Shared/Document', {})).statusCode).toBe(400);
  });

  it('issues links only to those who may see the document, and a link stops when its issuer no longer may', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const stranger = await t.call('/api/document/GetShareLink', { ID: d.ID }, manager.access_token);
    expect(stranger.statusCode).toBe(404);
    expect((await t.call('/api/document/GetShareLink', { ID: 0 }, employee.access_token)).statusCode).toBe(400);
    const link = (await t.call('/api/document/GetShareLink', { ID: d.ID }, employee.access_token)).json();
    expect((await t.call('/api/Shared/Document', { Token: link.Token })).statusCode).toBe(200);
    // The issuer's account is switched off: their links stop with it.
    await t.ctx.db.update(userAccount).set({ active: false }).where(eq(userAccount.username, 'employee'));
    const res = await t.call('/api/Shared/Document', { Token: link.Token });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('share.link_invalid');
  });
});
