import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveDeputy, saveWorkflow, withoutRoles } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { samples } from '../../../../test/files';
import { multipart } from '../../../../test/multipart';
import { MAX_UPLOAD_BYTES } from '../../../core/import';
import { shanghaiToday } from '../../../core/time';
import { auditLog } from '../../audit/audit.table';
import { attachment } from './attachment.table';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let nobody: Session;
const dataDir = mkdtempSync(join(tmpdir(), 'ems-attach-'));
const today = shanghaiToday();
const base = '/api/UploadAttachment';

beforeAll(async () => {
  t = await testApp({ DATA_DIR: dataDir });
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin, nobody] = await t.logins('employee', 'manager', 'admin', 'auditor');
  // The auditor loses every role: signed in, but with no function at all.
  await withoutRoles(t, 'auditor');
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-STD',
    DocType: 'deputy',
    NameZH: '报销审批',
    NameEN: 'Deputy approval',
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function draft(as: Session = employee): Promise<{ ID: number; DocNo: string }> {
  return saveDeputy(t, m, as.access_token);
}

function upload(
  token: string | undefined,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer; type?: string },
  language = 'zh-CN',
) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `${base}/SaveFile`,
    payload: body.payload,
    headers: {
      ...body.headers,
      'accept-language': language,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

async function uploaded(documentId: number, name: string, data: Buffer, kind = 'invoice') {
  const res = await upload(employee.access_token, { DocumentID: documentId, Kind: kind }, { name, data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ID: number; FileName: string; MimeType: string; Size: number };
}

const list = (documentId: number, token = employee.access_token, language = 'zh-CN') =>
  t.call(`${base}/SearchAttachmentList`, { DocumentID: documentId, Language: language }, token);

describe('file types', () => {
  it('lists the kinds in the caller’s language, the accepted types and the 30 MB limit', async () => {
    const res = await t.call(`${base}/SearchFileType`, { Language: 'en-GB' }, employee.access_token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Kinds.map((k: { Kind: string }) => k.Kind)).toEqual([
      'invoice',
      'receipt',
      'agreement',
      'sign_in_sheet',
      'photo',
      'other',
    ]);
    expect(body.Kinds[3].KindName).toBe('Sign-in sheet');
    expect(body.AcceptedTypes.map((a: { MimeType: string }) => a.MimeType)).toContain('application/ofd');
    expect(body.MaxBytes).toBe(30 * 1024 * 1024);
    const zh = (await t.call(`${base}/SearchFileType`, {}, employee.access_token)).json();
    expect(zh.Kinds[0].KindName).toBe('发票');
  });

  it('needs a session and one of the document functions', async () => {
    expect((await t.call(`${base}/SearchFileType`, {})).statusCode).toBe(401);
    expect((await t.call(`${base}/SearchFileType`, {}, nobody.access_token)).statusCode).toBe(403);
  });
});

describe('uploading', () => {
  it('stores each accepted type by its content, with the hash, under the data folder, and audits it', async () => {
    const d = await draft();
    const files: [string, Buffer, string][] = [
      ['发票 一.pdf', samples.pdf(), 'application/pdf'],
      ['photo.png', samples.png(), 'image/png'],
      ['scan.jpg', samples.jpeg(), 'image/jpeg'],
      ['e-invoice.ofd', samples.ofd(), 'application/ofd'],
      ['agreement.docx', samples.docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['costs.xlsx', await samples.xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['old.xls', samples.xls(), 'application/vnd.ms-excel'],
      ['old.doc', samples.doc(), 'application/msword'],
      // The name says nothing: the bytes do.
      ['picture.pdf', samples.gif(), 'image/gif'],
    ];
    for (const [name, data, mimeType] of files) {
      const row = await uploaded(d.ID, name, data);
      expect(row).toMatchObject({ FileName: name, MimeType: mimeType, Size: data.length });
    }
    const res = await list(d.ID, employee.access_token, 'en-GB');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Editable).toBe(true);
    expect(body.Rows).toHaveLength(files.length);
    expect(body.Rows[0]).toMatchObject({
      FileName: '发票 一.pdf',
      Kind: 'invoice',
      KindName: 'Invoice',
      UploadedByName: 'Wei Zhang',
      IsImage: false,
      CanRemove: true,
    });
    expect(body.Rows[1].IsImage).toBe(true);

    const [stored] = await t.ctx.db.select().from(attachment).where(eq(attachment.id, body.Rows[0].ID));
    expect(stored!.storageKey).toMatch(new RegExp(`^${today.slice(0, 4)}/${today.slice(5, 7)}/[0-9a-f-]{36}$`));
    const onDisk = readFileSync(join(dataDir, 'attachments', stored!.storageKey));
    expect(onDisk.equals(samples.pdf())).toBe(true);
    expect(stored!.sha256).toBe(createHash('sha256').update(samples.pdf()).digest('hex'));
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'attachment'), eq(auditLog.entityId, String(stored!.id))));
    expect(audits.map((a) => a.action)).toEqual(['upload']);
  });

  it('refuses a renamed program, naming what it is, and an empty file; nothing is stored', async () => {
    const d = await draft();
    const exe = await upload(
      employee.access_token,
      { DocumentID: d.ID, Kind: 'photo' },
      { name: 'holiday.jpg', data: samples.exe(), type: 'image/jpeg' },
      'en-GB',
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({
      code: 'attachment.type_refused',
      params: { type: 'EXE' },
    });
    expect(exe.json().message).toContain('This file type is not accepted (EXE)');
    const zh = await upload(
      employee.access_token,
      { DocumentID: d.ID },
      { name: 'a.csv', data: Buffer.from('a,b\n1,2\n') },
    );
    expect(zh.json().message).toContain('不支持的文件类型（text）');
    const empty = await upload(employee.access_token, { DocumentID: d.ID }, { name: 'a.pdf', data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('attachment.empty');
    expect((await list(d.ID)).json().Rows).toEqual([]);
  });

  it('accepts 30 MB and refuses one byte more with the limit named', async () => {
    const d = await draft();
    const pdf = (size: number) => Buffer.concat([samples.pdf(), Buffer.alloc(size - samples.pdf().length, 0x20)]);
    const exact = await upload(
      employee.access_token,
      { DocumentID: d.ID },
      { name: 'big.pdf', data: pdf(MAX_UPLOAD_BYTES) },
    );
    expect(exact.statusCode).toBe(200);
    expect(exact.json().Size).toBe(MAX_UPLOAD_BYTES);
    const over = await upload(
      employee.access_token,
      { DocumentID: d.ID },
      { name: 'bigger.pdf', data: pdf(MAX_UPLOAD_BYTES + 1) },
      'en-GB',
    );
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'attachment.too_large', params: { max: 30 } });
    expect(over.json().message).toBe('A file may be at most 30 MB');
    expect((await list(d.ID)).json().Rows).toHaveLength(1);
  });

  it('answers 400 to a bad form, 401 without a session, 403 without the function, 404 for another’s document', async () => {
    const d = await draft();
    const file = { name: 'a.pdf', data: samples.pdf() };
    const noId = await upload(employee.access_token, { Kind: 'invoice' }, file);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors[0]).toMatchObject({ field: 'DocumentID', code: 'validation.required' });
    const badKind = await upload(employee.access_token, { DocumentID: d.ID, Kind: 'selfie' }, file);
    expect(badKind.json().errors[0].field).toBe('Kind');
    const noFile = await upload(employee.access_token, { DocumentID: d.ID });
    expect(noFile.json().code).toBe('upload.file_missing');
    const json = await t.call(`${base}/SaveFile`, { DocumentID: d.ID }, employee.access_token);
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('upload.multipart_required');
    const wrongUser = await upload(employee.access_token, { DocumentID: d.ID, UserID: manager.UserID }, file);
    expect(wrongUser.statusCode).toBe(403);

    expect((await upload(undefined, { DocumentID: d.ID }, file)).statusCode).toBe(401);
    expect((await upload(nobody.access_token, { DocumentID: d.ID }, file)).statusCode).toBe(403);
    const foreign = await upload(manager.access_token, { DocumentID: d.ID }, file);
    expect(foreign.statusCode).toBe(404);
    expect((await upload(employee.access_token, { DocumentID: 999999 }, file)).statusCode).toBe(404);
  });
});

describe('reading files', () => {
  it('previews pictures and PDFs inline, downloads any file with its UTF-8 name, and hides them from others', async () => {
    const d = await draft();
    const png = await uploaded(d.ID, '收据.png', samples.png(), 'receipt');
    const docx = await uploaded(d.ID, 'agreement.docx', samples.docx(), 'agreement');

    const preview = await t.call(`${base}/GetImageFromFile`, { ID: png.ID }, employee.access_token);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.headers['content-disposition']).toBe(
      `inline; filename="__.png"; filename*=UTF-8''${encodeURIComponent('收据.png')}`,
    );
    expect(preview.rawPayload.equals(samples.png())).toBe(true);
    const noPreview = await t.call(`${base}/GetImageFromFile`, { ID: docx.ID }, employee.access_token);
    expect(noPreview.statusCode).toBe(422);
    expect(noPreview.json().code).toBe('attachment.no_preview');

    const download = await t.call(`${base}/DownloadFile`, { ID: docx.ID }, employee.access_token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="agreement.docx"; filename*=UTF-8''agreement.docx`,
    );
    expect(download.rawPayload.equals(samples.docx())).toBe(true);

    for (const [url, body] of [
      ['SearchAttachmentList', { DocumentID: d.ID }],
      ['GetImageFromFile', { ID: png.ID }],
      ['DownloadFile', { ID: png.ID }],
      ['DownloadOrder', { DocumentID: d.ID }],
      ['RemoveFile', { ID: png.ID }],
    ] as const) {
      expect((await t.call(`${base}/${url}`, body)).statusCode, url).toBe(401);
      expect((await t.call(`${base}/${url}`, body, nobody.access_token)).statusCode, url).toBe(403);
      expect((await t.call(`${base}/${url}`, body, manager.access_token)).statusCode, url).toBe(404);
      expect((await t.call(`${base}/${url}`, {}, employee.access_token)).statusCode, url).toBe(400);
    }
    expect((await t.call(`${base}/DownloadFile`, { ID: 999999 }, employee.access_token)).statusCode).toBe(404);
  });

  it('downloads every file of the document as <DocNo>.zip, duplicate names made unique', async () => {
    const d = await draft();
    const empty = await t.call(`${base}/DownloadOrder`, { DocumentID: d.ID }, employee.access_token);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('attachment.none');
    await uploaded(d.ID, '发票.pdf', samples.pdf());
    await uploaded(d.ID, '发票.pdf', samples.png());
    await uploaded(d.ID, 'sheet.xlsx', await samples.xlsx());
    const res = await t.call(`${base}/DownloadOrder`, { DocumentID: d.ID }, employee.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${d.DocNo}.zip`);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries)).toEqual(['发票.pdf', '发票 (2).pdf', 'sheet.xlsx']);
    expect(Buffer.from(entries['发票 (2).pdf']!).equals(samples.png())).toBe(true);
  });
});

describe('pictures sent as base64', () => {
  it('stores a data URL or bare base64 picture, and refuses what is not a picture', async () => {
    const d = await draft();
    const dataUrl = `data:image/png;base64,${samples.png().toString('base64')}`;
    const res = await t.call(
      `${base}/Base64StringToImage`,
      { DocumentID: d.ID, Kind: 'photo', FileName: 'signature', Data: dataUrl },
      employee.access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      FileName: 'signature.png',
      MimeType: 'image/png',
      Kind: 'photo',
      IsImage: true,
    });
    const bare = await t.call(
      `${base}/Base64StringToImage`,
      { DocumentID: d.ID, FileName: 'camera.jpg', Data: samples.jpeg().toString('base64') },
      employee.access_token,
    );
    expect(bare.json()).toMatchObject({ FileName: 'camera.jpg', MimeType: 'image/jpeg' });

    const pdf = await t.call(
      `${base}/Base64StringToImage`,
      { DocumentID: d.ID, FileName: 'x.png', Data: samples.pdf().toString('base64') },
      employee.access_token,
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().code).toBe('attachment.image_required');
    const garbage = await t.call(
      `${base}/Base64StringToImage`,
      { DocumentID: d.ID, FileName: 'x.png', Data: 'not base64 at all!' },
      employee.access_token,
    );
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errors[0]).toMatchObject({ field: 'Data', code: 'attachment.base64_invalid' });

    const body = { DocumentID: d.ID, FileName: 'a.png', Data: dataUrl };
    expect((await t.call(`${base}/Base64StringToImage`, body)).statusCode).toBe(401);
    expect((await t.call(`${base}/Base64StringToImage`, body, nobody.access_token)).statusCode).toBe(403);
    expect((await t.call(`${base}/Base64StringToImage`, body, manager.access_token)).statusCode).toBe(404);
    expect((await t.call(`${base}/Base64StringToImage`, { DocumentID: d.ID }, employee.access_token)).statusCode).toBe(
      400,
    );
    expect((await list(d.ID)).json().Rows).toHaveLength(2);
  });
});

describe('removing and the edit rule', () => {
  it('removes a file of a draft: row, audit and bytes', async () => {
    const d = await draft();
    const row = await uploaded(d.ID, 'a.pdf', samples.pdf());
    const [stored] = await t.ctx.db.select().from(attachment).where(eq(attachment.id, row.ID));
    const path = join(dataDir, 'attachments', stored!.storageKey);
    expect(existsSync(path)).toBe(true);
    const res = await t.call(`${base}/RemoveFile`, { ID: row.ID }, employee.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true });
    expect(existsSync(path)).toBe(false);
    expect((await list(d.ID)).json().Rows).toEqual([]);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'attachment'), eq(auditLog.entityId, String(row.ID))));
    expect(audits.map((a) => a.action)).toEqual(['upload', 'remove']);
    expect((await t.call(`${base}/RemoveFile`, { ID: row.ID }, employee.access_token)).statusCode).toBe(404);
  });

  it('removes the files from disk when their draft is deleted', async () => {
    const d = await draft();
    const row = await uploaded(d.ID, 'a.pdf', samples.pdf());
    const [stored] = await t.ctx.db.select().from(attachment).where(eq(attachment.id, row.ID));
    const path = join(dataDir, 'attachments', stored!.storageKey);
    expect((await t.act('/api/document/DeleteDeputyDetail', d.ID, employee.access_token)).statusCode).toBe(200);
    expect(existsSync(path)).toBe(false);
  });

  it('refuses changes once the document is submitted; the approver sees the files but may not change them', async () => {
    const d = await draft();
    const row = await uploaded(d.ID, 'hotel.png', samples.png());
    const submitted = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    expect(submitted.json().Status).toBe('approving');

    const more = await upload(employee.access_token, { DocumentID: d.ID }, { name: 'late.pdf', data: samples.pdf() });
    expect(more.statusCode).toBe(422);
    expect(more.json().code).toBe('attachment.document_locked');
    const gone = await t.call(`${base}/RemoveFile`, { ID: row.ID }, employee.access_token);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().code).toBe('attachment.document_locked');

    const seen = await list(d.ID, manager.access_token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ Editable: false, Rows: [expect.objectContaining({ CanRemove: false })] });
    expect((await list(d.ID)).json().Editable).toBe(false);
    expect((await t.call(`${base}/GetImageFromFile`, { ID: row.ID }, manager.access_token)).statusCode).toBe(200);
    expect((await t.call(`${base}/DownloadOrder`, { DocumentID: d.ID }, manager.access_token)).statusCode).toBe(200);
    const byApprover = await upload(manager.access_token, { DocumentID: d.ID }, { name: 'x.pdf', data: samples.pdf() });
    expect(byApprover.statusCode).toBe(422);
    expect(byApprover.json().code).toBe('attachment.not_owner');
  });

  it('lets a fill-in proxy acting for the applicant add files, as the form’s ProxyId says', async () => {
    const d = await draft();
    const file = { name: 'proxy.pdf', data: samples.pdf() };
    const refused = await upload(manager.access_token, { DocumentID: d.ID, ProxyId: employee.UserID }, file);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.proxy_not_allowed');
    const granted = await t.call(
      '/api/ProxyUser/SaveOrUpdateProxyUser',
      { ProxyUserID: manager.UserID, StartDate: today, EndDate: today },
      employee.access_token,
    );
    expect(granted.statusCode).toBe(200);
    const acting = await upload(manager.access_token, { DocumentID: d.ID, ProxyId: employee.UserID }, file);
    expect(acting.statusCode, acting.body).toBe(200);
    expect((await upload(manager.access_token, { DocumentID: d.ID }, file)).statusCode).toBe(404);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'attachment'), eq(auditLog.entityId, String(acting.json().ID))));
    expect(audit[0]).toMatchObject({ actorId: manager.UserID, principalId: employee.UserID });
  });
});
