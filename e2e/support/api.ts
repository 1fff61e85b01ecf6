import { expect } from 'vitest';
import { PASSWORD } from './browser';
import { INVOICE_PNG, paperFapiao } from './documents';
import { shanghaiToday } from './time';

type Json = Record<string, unknown>;

/**
 * The server's calls as a spec makes them outside the browser, to prepare what the browser then works on: sign-in,
 * JSON calls that must succeed, and the employee's claim submitted into approval.
 */
export function serverApi(baseUrl: string) {
  async function token(username: string): Promise<string> {
    const res = await fetch(`${baseUrl}/api/auth/Token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password: PASSWORD }),
    });
    expect(res.status, `sign-in of ${username}`).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function call<T = Json>(auth: string, path: string, body: Json = {}, headers: Record<string, string> = {}) {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}`, ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, `${path}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  }

  /**
   * The employee's deputy with one line, its paper fapiao and a picture of it, submitted into approval (its line
   * manager, `manager`, holds the first step); with `qrText` its fapiao is that fully digital one instead (entered
   * from its QR text, the company as its buyer), so it has no paper to mail.
   */
  async function submittedDeputy(reason: string, amount: string, qrText?: string) {
    const employee = await token('employee');
    const main = await call<{ CostCenterID: number | null; Types: { ID: number }[] }>(
      employee,
      '/api/document/getExpenseTypeMainInfo',
      { DocType: 'deputy' },
    );
    // The hotel item (booked to its ledger expense in the demo), so items other specs offer do not change the claim.
    let chosen: { typeId: number; itemId: number } | undefined;
    for (const type of main.Types) {
      const detail = await call<{ Items: { ID: number; Code: string }[] }>(
        employee,
        '/api/document/getExpenseTypeDetailInfo',
        { DocType: 'deputy', ExpenseTypeID: type.ID },
      );
      const item = detail.Items.find((i) => i.Code === 'HOTEL') ?? (chosen ? undefined : detail.Items[0]);
      if (item) chosen = { typeId: type.ID, itemId: item.ID };
      if (item?.Code === 'HOTEL') break;
    }
    expect(chosen, 'a deputy expense type with items').toBeTruthy();
    const saved = await call<{ ID: number; Version: number; DocNo: string }>(
      employee,
      '/api/document/SaveDeputyDetail',
      {
        ExpenseTypeID: chosen!.typeId,
        ...(main.CostCenterID ? { CostCenterID: main.CostCenterID } : {}),
        Reason: reason,
        Lines: [{ ExpenseItemID: chosen!.itemId, ExpenseDate: shanghaiToday(), Amount: amount }],
      },
    );
    if (qrText) {
      // The QR text holds no buyer: the claimant enters the company as the fapiao prints it.
      const { Buyer } = await call<{ Buyer: { TaxID: string } }>(employee, '/api/document/SearchInvoice', {
        DocumentID: saved.ID,
      });
      await call(employee, '/api/document/SaveInvoice', {
        DocumentID: saved.ID,
        QrText: qrText,
        BuyerTaxID: Buyer.TaxID,
      });
    } else {
      await call(employee, '/api/document/SaveInvoice', { DocumentID: saved.ID, ...paperFapiao(amount) });
      const form = new FormData();
      form.set('DocumentID', String(saved.ID));
      form.set('Kind', 'invoice');
      form.set('file', new Blob([INVOICE_PNG], { type: 'image/png' }), 'invoice.png');
      const upload = await fetch(`${baseUrl}/api/UploadAttachment/SaveFile`, {
        method: 'POST',
        headers: { authorization: `Bearer ${employee}` },
        body: form,
      });
      expect(upload.status, await upload.clone().text()).toBe(200);
    }
    const { Version } = await call<{ Version: number }>(employee, '/api/document/SearchDocumentDetail', {
      ID: saved.ID,
    });
    const submitted = await call<{ Status: string; Version: number }>(
      employee,
      '/api/DocumentSubmit/SubmitDeputy',
      { ID: saved.ID, Version },
      { 'idempotency-key': `e2e-${saved.ID}-submit` },
    );
    return { id: saved.ID, docNo: saved.DocNo, status: submitted.Status, version: submitted.Version };
  }

  return { token, call, submittedDeputy };
}
