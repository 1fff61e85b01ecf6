import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveDeputy, saveWorkflow, withoutRoles } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let nobody: Session;
const dir = mkdtempSync(join(tmpdir(), 'ems-print-'));

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  let admin: Session;
  [employee, manager, admin, nobody] = await t.logins('employee', 'manager', 'admin', 'auditor');
  await withoutRoles(t, 'auditor');
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-STD',
    DocType: 'deputy',
    NameZH: '审批',
    NameEN: 'Approval',
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The share of the first page's pixels that are not white, rendered through poppler at a low resolution. */
function inkOnFirstPage(pdf: Buffer): number {
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '40', '-gray', file, join(dir, 'page')]);
  const pgm = readFileSync(join(dir, 'page-1.pgm'));
  // P5 header: magic, width, height, maximum, each followed by one whitespace; the pixels follow.
  const header = pgm
    .subarray(0, 40)
    .toString('latin1')
    .match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  expect(header).not.toBeNull();
  const pixels = pgm.subarray(header![0].length);
  let ink = 0;
  for (const p of pixels) if (p < 200) ink++;
  return ink / pixels.length;
}

function textOf(pdf: Buffer): string {
  const file = join(dir, 'text.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('DownloadPdf and PrintDocument', () => {
  it('prints an approved deputy with its barcode, Chinese head and lines, route and history', async () => {
    const d = await saveDeputy(t, m, employee.access_token, '1234.50', { Reason: '上海出差' });
    await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, { Pass: true, Comment: '同意' });

    const res = await t.call('/api/document/DownloadPdf', { ID: d.ID }, employee.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`attachment; filename*=UTF-8''${d.DocNo}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = textOf(pdf);
    expect(text).toContain(d.DocNo);
    expect(text).toContain('报销单 Reimbursement');
    expect(text).toContain('单据编号');
    expect(text).toContain('张伟');
    expect(text).toContain('上海出差');
    expect(text).toContain('1234.50');
    expect(text).toContain('壹仟贰佰叁拾肆元伍角');
    expect(text).toContain('直属经理');
    expect(text).toContain('同意');
    // The history: draft → in approval → approved.
    expect(text).toContain('草稿 → 审批中');

    // A page rendered to an image carries ink: text and the barcode, not a blank sheet.
    expect(inkOnFirstPage(pdf)).toBeGreaterThan(0.01);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '60', '-png', join(dir, 'doc.pdf'), join(dir, 'shot')]);
    const png = readFileSync(join(dir, 'shot-1.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(10_000);

    // The approver prints it too, in English names; the print call answers it inline.
    const en = await t.call('/api/document/PrintDocument', { ID: d.ID, Language: 'en-GB' }, manager.access_token);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-disposition']).toMatch(/^inline;/);
    const enText = textOf(en.rawPayload);
    expect(enText).toContain('Wei Zhang');
    expect(enText).toContain('Approved');
  });

  it('prints a draft with no route, and refuses a stranger or a missing document as not found', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const res = await t.call('/api/document/PrintDocument', { ID: d.ID }, employee.access_token);
    expect(res.statusCode).toBe(200);
    expect(textOf(res.rawPayload)).toContain('尚未提交审批');
    const other = await t.call('/api/document/DownloadPdf', { ID: d.ID }, manager.access_token);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('common.not_found');
    expect((await t.call('/api/document/DownloadPdf', { ID: 99999999 }, employee.access_token)).statusCode).toBe(404);
    expect((await t.call('/api/document/DownloadPdf', { ID: d.ID }, nobody.access_token)).statusCode).toBe(403);
    expect((await t.call('/api/document/DownloadPdf', { ID: 'x' }, employee.access_token)).statusCode).toBe(400);
  });
});
