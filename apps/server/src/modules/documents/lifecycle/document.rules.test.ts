import { DOC_ACTIONS } from '@ems/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import type { Masters, Session } from '../../../../test/documents';
import { documentMasters, flaggedItem } from '../../../../test/factories';
import { shanghaiToday } from '../../../core/time';
import { ACTION_ROUTES, type OfferedAction } from './document.policy';

/** What an expense item's settings demand at submit, and the actions a document offers against the calls that take them. */
let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let capped: { id: number };
let invoiced: { id: number };
let invoicedApply: { id: number };
const today = shanghaiToday();
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin] = (await Promise.all(
    ['employee', 'manager', 'admin'].map((u) => t.login(u)),
  )) as Session[] as [Session, Session, Session];
  capped = await flaggedItem(t.ctx.db, m.type.id, 'T-CAPPED', { maxAmount: '500.00' });
  invoiced = await flaggedItem(t.ctx.db, m.type.id, 'T-INVOICED', { needsInvoice: true });
  invoicedApply = await flaggedItem(t.ctx.db, m.applyType.id, 'T-INV-APPLY', { needsInvoice: true });
});
afterAll(() => t.close());

async function draft(kind: 'Deputy' | 'Apply', typeId: number, lines: { item: number; amount: string }[]) {
  const res = await t.call(
    ACTION_ROUTES.edit.paths[kind === 'Apply' ? 'apply' : 'deputy'],
    {
      ExpenseTypeID: typeId,
      CostCenterID: m.own.id,
      Reason: '规则',
      Lines: lines.map((l) => ({ ExpenseItemID: l.item, ExpenseDate: today, Amount: l.amount })),
    },
    employee.access_token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ID: number; Version: number; AllowedActions: string[] };
}
const submit = async (kind: 'Deputy' | 'Apply', id: number) =>
  t.act(`/api/DocumentSubmit/Submit${kind}`, id, employee.access_token, { Language: 'en-GB' });

describe('expense item rules at submit', () => {
  it('refuses a line above its item’s per-line limit, naming the line', async () => {
    const d = await draft('Deputy', m.type.id, [
      { item: m.hotel.id, amount: '100.00' },
      { item: capped.id, amount: '500.01' },
    ]);
    const res = await submit('Deputy', d.ID);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'document.line_over_limit', params: { line: 2, limit: '500.00' } });
    expect(res.json().message).toContain('Line 2');
    const atLimit = await draft('Deputy', m.type.id, [{ item: capped.id, amount: '500.00' }]);
    expect((await submit('Deputy', atLimit.ID)).statusCode).toBe(200);
  });

  it('refuses a reimbursement until each line that needs a fapiao is covered by its own, naming the shortfall', async () => {
    const d = await draft('Deputy', m.type.id, [
      { item: m.hotel.id, amount: '100.00' },
      { item: invoiced.id, amount: '80.00' },
    ]);
    const refused = await submit('Deputy', d.ID);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'document.invoice_short', params: { lines: '2: 80.00' } });
    expect(refused.json().message).toContain('2: 80.00');
    // A picture on the document is no longer evidence for every line.
    const attached = await t.call(
      '/api/UploadAttachment/Base64StringToImage',
      { DocumentID: d.ID, Kind: 'invoice', FileName: 'invoice.png', Data: PNG },
      employee.access_token,
    );
    expect(attached.statusCode, attached.body).toBe(200);
    expect((await submit('Deputy', d.ID)).json()).toMatchObject({ params: { lines: '2: 80.00' } });
    // A paper fapiao for line 2 that falls short names what is left; a second closes it.
    const paper = (n: string, amount: string) =>
      t.call(
        '/api/document/SaveInvoice',
        {
          DocumentID: d.ID,
          LineNo: 2,
          InvoiceType: 'vat_normal',
          Code: '031001900111',
          Number: n,
          CheckCode: '12345678901234567890',
          InvoiceDate: today,
          Amount: amount,
        },
        employee.access_token,
      );
    expect((await paper('10000001', '50.00')).statusCode).toBe(200);
    expect((await submit('Deputy', d.ID)).json()).toMatchObject({ params: { lines: '2: 30.00' } });
    expect((await paper('10000002', '30.00')).statusCode).toBe(200);
    const res = await submit('Deputy', d.ID);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('asks no invoice of an apply, which comes before the spending', async () => {
    const d = await draft('Apply', m.applyType.id, [{ item: invoicedApply.id, amount: '80.00' }]);
    expect((await submit('Apply', d.ID)).statusCode).toBe(200);
  });
});

describe('allowed actions', () => {
  it('offers only actions that have a call, and every such call exists', () => {
    const offered = Object.keys(ACTION_ROUTES) as OfferedAction[];
    for (const a of offered) expect(DOC_ACTIONS).toContain(a);
    for (const { paths } of Object.values(ACTION_ROUTES)) {
      for (const url of Object.values(paths)) expect(t.app.hasRoute({ method: 'POST', url }), url).toBe(true);
    }
    // Withdrawing a draft has no call of its own (delete does it): it is never offered.
    expect(offered).not.toContain('cancel');
  });

  it('each action offered is accepted by its call', async () => {
    const d = await draft('Deputy', m.type.id, [{ item: m.hotel.id, amount: '60.00' }]);
    expect([...d.AllowedActions].sort()).toEqual(['delete', 'edit', 'submit']);
    expect((await submit('Deputy', d.ID)).statusCode).toBe(200);

    const seen = (s: Session) =>
      t.call('/api/document/SearchDeputyDetail', { ID: d.ID }, s.access_token).then((r) => r.json());
    const asApprover = await seen(manager);
    expect([...asApprover.AllowedActions].sort()).toEqual(['approve', 'reject']);
    expect((await seen(employee)).AllowedActions).toEqual([]);
    const asAdmin = await seen(admin);
    expect([...asAdmin.AllowedActions].sort()).toEqual(['admin_cancel', 'change_approver']);

    const approved = await t.call(
      '/api/DocumentApprove/ApproveDeputy',
      { ID: d.ID, Pass: true, Version: asApprover.Version },
      manager.access_token,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const done = await seen(admin);
    expect(done.AllowedActions).toEqual(['admin_cancel']);
    const cancelled = await t.call(
      '/api/system/UpateDocumentState',
      { ID: d.ID, Status: 'cancelled', Reason: '测试', Version: done.Version },
      admin.access_token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().AllowedActions).toEqual([]);
  });
});
