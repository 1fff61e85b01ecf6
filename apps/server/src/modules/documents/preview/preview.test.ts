import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveWorkflow, withoutRoles } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { samples } from '../../../../test/files';
import { multipart } from '../../../../test/multipart';
import { shanghaiToday } from '../../../core/time';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let nobody: Session;
const dataDir = mkdtempSync(join(tmpdir(), 'ems-preview-'));
const today = shanghaiToday();

beforeAll(async () => {
  t = await testApp({ DATA_DIR: dataDir });
  m = await documentMasters(t.ctx.db);
  let admin: Session;
  [employee, manager, admin, nobody] = await t.logins('employee', 'manager', 'admin', 'auditor');
  await withoutRoles(t, 'auditor');
  for (const [code, docType] of [
    ['DEPUTY-STD', 'deputy'],
    ['APPLY-STD', 'apply'],
  ] as const) {
    await saveWorkflow(t, admin.access_token, { Code: code, DocType: docType, NameZH: '审批', NameEN: 'Approval' });
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function save(url: string, body: Record<string, unknown>) {
  const res = await t.call(url, body, employee.access_token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ID: number; DocNo: string };
}

describe('print preview', () => {
  it('shows an approved deputy with its apply, lines, total in words, route and file count, in both languages', async () => {
    const apply = await save('/api/document/SavePlanDetail', {
      ExpenseTypeID: m.applyType.id,
      CostCenterID: m.own.id,
      Reason: '客户会议',
      Lines: [{ ExpenseItemID: m.meal.id, ExpenseDate: today, Amount: '20000.00' }],
    });
    await t.act('/api/DocumentSubmit/SubmitApply', apply.ID, employee.access_token);
    await t.act('/api/DocumentApprove/ApproveApply', apply.ID, manager.access_token, { Pass: true });

    const d = await save('/api/document/SaveDeputyDetail', {
      ExpenseTypeID: m.type.id,
      CostCenterID: m.own.id,
      ApplyID: apply.ID,
      Reason: '上海出差',
      StartDate: today,
      EndDate: today,
      Lines: [
        { ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '12000.00', Description: '酒店' },
        { ExpenseItemID: m.taxi.id, ExpenseDate: today, Amount: '345.67' },
      ],
    });
    const body = multipart({ DocumentID: d.ID, Kind: 'invoice' }, { name: 'a.pdf', data: samples.pdf() });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/UploadAttachment/SaveFile',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${employee.access_token}` },
    });
    expect(up.statusCode).toBe(200);
    await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, { Pass: true, Comment: '同意' });

    const zh = await t.call('/api/Preview/GetDeputyData', { ID: d.ID }, employee.access_token);
    expect(zh.statusCode, zh.body).toBe(200);
    const data = zh.json();
    expect(data.Header).toMatchObject({
      DocNo: d.DocNo,
      DocType: 'deputy',
      DocTypeName: '报销单',
      ApplicantName: '张伟',
      PreparerName: '张伟',
      CostCenterCode: 'T-OWN',
      ExpenseTypeName: '差旅',
      Currency: 'CNY',
      Reason: '上海出差',
      StartDate: today,
      Status: 'approved',
      // The voucher names the state as the lists do (the one set of doc.status.* labels).
      StatusName: '审批通过',
      ApplyNo: apply.DocNo,
    });
    expect(data.Header.CompanyName).not.toBe('');
    expect(data.Header.SubmittedAt).not.toBeNull();
    expect(data.Header.ApprovedAt).not.toBeNull();
    expect(data.Lines).toEqual([
      expect.objectContaining({ LineNo: 1, ExpenseItemName: '住宿费', Amount: '12000.00', Description: '酒店' }),
      expect.objectContaining({ LineNo: 2, ExpenseItemName: '出租车费', Amount: '345.67', AmountCNY: '345.67' }),
    ]);
    expect(data.TotalAmountCNY).toBe('12345.67');
    expect(data.TotalInWords).toBe('壹万贰仟叁佰肆拾伍元陆角柒分');
    expect(data.Route).toEqual([
      expect.objectContaining({ StepName: '直属经理', ApproverName: '李静', Status: 'approved', Comment: '同意' }),
    ]);
    expect(data.AttachmentCount).toBe(1);

    const en = (
      await t.call('/api/Preview/GetDeputyData', { ID: d.ID, Language: 'en-GB' }, employee.access_token)
    ).json();
    expect(en.TotalInWords).toBe('Twelve thousand three hundred and forty-five yuan and sixty-seven fen');
    expect(en.Header).toMatchObject({
      DocTypeName: 'Reimbursement',
      StatusName: 'Approved',
      ApplicantName: 'Wei Zhang',
    });

    // The approver may print what they approved; the apply prints through its own call.
    expect((await t.call('/api/Preview/GetDeputyData', { ID: d.ID }, manager.access_token)).statusCode).toBe(200);
    const a = (await t.call('/api/Preview/GetApplyData', { ID: apply.ID }, employee.access_token)).json();
    expect(a.Header).toMatchObject({ DocType: 'apply', ApplyNo: null, StatusName: '审批通过' });
    expect(a.TotalInWords).toBe('贰万元整');
    expect(a.AttachmentCount).toBe(0);
  });

  it('prints a loan draft with an empty route', async () => {
    const loan = await save('/api/document/SaveLoanDetail', { CostCenterID: m.own.id, Reason: '备用金', Lines: [] });
    const res = await t.call('/api/Preview/GetLoanData', { ID: loan.ID }, employee.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Header: { DocType: 'loan', Status: 'draft', StatusName: '草稿', SubmittedAt: null },
      Lines: [],
      TotalAmountCNY: '0.00',
      TotalInWords: '零元整',
      Route: [],
    });
  });

  it('answers 400, 401, 403, and 404 for another’s document or the wrong call', async () => {
    const d = await save('/api/document/SaveDeputyDetail', { CostCenterID: m.own.id, Lines: [] });
    expect((await t.call('/api/Preview/GetDeputyData', {}, employee.access_token)).statusCode).toBe(400);
    expect((await t.call('/api/Preview/GetDeputyData', { ID: d.ID })).statusCode).toBe(401);
    expect((await t.call('/api/Preview/GetDeputyData', { ID: d.ID }, nobody.access_token)).statusCode).toBe(403);
    expect((await t.call('/api/Preview/GetDeputyData', { ID: d.ID }, manager.access_token)).statusCode).toBe(404);
    expect((await t.call('/api/Preview/GetLoanData', { ID: d.ID }, employee.access_token)).statusCode).toBe(404);
    expect((await t.call('/api/Preview/GetApplyData', { ID: 999999 }, employee.access_token)).statusCode).toBe(404);
  });
});
