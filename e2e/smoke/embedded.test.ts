import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/browser';
import { INVOICE_PNG, paperFapiao } from '../support/documents';
import { type RunningServer, startServer } from '../support/server';

// The real server on the embedded database (PGlite in a temporary data folder), driven over HTTP: the other tests
// run on PostgreSQL, so this keeps the engine `npm start` uses by default proven end to end.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({}, { embedded: true });
});
afterAll(() => server?.stop());

type Json = Record<string, unknown>;

async function signIn(username: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: PASSWORD }),
  });
  expect(res.status, `sign-in of ${username}`).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call<T = Json>(token: string, path: string, body: Json = {}, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

describe('the embedded database', () => {
  it('serves the app: the server is ready on PGlite', async () => {
    const res = await fetch(`${server.baseUrl}/readyz`);
    expect(await res.json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  it('takes a deputy from the employee’s draft through the manager’s approval', async () => {
    const employee = await signIn('employee');
    const manager = await signIn('manager');

    const main = await call<{ CostCenterID: number | null; Types: { ID: number; Code: string }[] }>(
      employee,
      '/api/document/getExpenseTypeMainInfo',
      { DocType: 'deputy' },
    );
    const detail = { Items: [] as { ID: number }[] };
    let typeId = 0;
    for (const type of main.Types) {
      Object.assign(
        detail,
        await call(employee, '/api/document/getExpenseTypeDetailInfo', { DocType: 'deputy', ExpenseTypeID: type.ID }),
      );
      typeId = type.ID;
      if (detail.Items.length) break;
    }
    expect(detail.Items.length, 'a deputy expense type with items').toBeGreaterThan(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const saved = await call<{ ID: number; Version: number; DocNo: string }>(
      employee,
      '/api/document/SaveDeputyDetail',
      {
        ExpenseTypeID: typeId,
        ...(main.CostCenterID ? { CostCenterID: main.CostCenterID } : {}),
        Reason: 'smoke',
        Lines: [{ ExpenseItemID: detail.Items[0]!.ID, ExpenseDate: today, Amount: '88.00' }],
      },
    );
    // The item needs an invoice: the line's paper fapiao, entered by hand, and a picture of it, as the form sends them.
    await call(employee, '/api/document/SaveInvoice', { DocumentID: saved.ID, ...paperFapiao('88.00') });
    const form = new FormData();
    form.set('DocumentID', String(saved.ID));
    form.set('Kind', 'invoice');
    form.set('file', new Blob([INVOICE_PNG], { type: 'image/png' }), 'invoice.png');
    const upload = await fetch(`${server.baseUrl}/api/UploadAttachment/SaveFile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${employee}` },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);

    const submitted = await call<{ Status: string; Version: number }>(
      employee,
      '/api/DocumentSubmit/SubmitDeputy',
      {
        ID: saved.ID,
        Version: (await call<{ Version: number }>(employee, '/api/document/SearchDocumentDetail', { ID: saved.ID }))
          .Version,
      },
      { 'idempotency-key': `smoke-${saved.ID}-submit` },
    );
    expect(submitted.Status).toBe('approving');

    const pending = await call<{ Rows: { ID: number }[] }>(manager, '/api/ApproveCenter/QueryPendingList', {
      PageSize: 500,
    });
    expect(pending.Rows.map((r) => r.ID)).toContain(saved.ID);
    let status = submitted.Status;
    let version = submitted.Version;
    // The demo route may hold more than one step for the manager; each approval moves it on.
    for (let round = 0; round < 5 && status === 'approving'; round++) {
      const approved = await call<{ Status: string; Version: number }>(
        manager,
        '/api/DocumentApprove/ApproveDeputy',
        { ID: saved.ID, Version: version, Pass: true, Comment: 'ok' },
        { 'idempotency-key': `smoke-${saved.ID}-approve-${round}` },
      );
      status = approved.Status;
      version = approved.Version;
    }
    expect(status).toBe('approved');

    const seen = await call<{ Status: string }>(employee, '/api/document/SearchDocumentDetail', { ID: saved.ID });
    expect(seen.Status).toBe('approved');
  });
});
