import type { InvoiceDeduction, NoDeductRow, TokenResponse, VatAdjustmentRow } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notice } from '../../../app/notice';
import { startSession } from '../../../app/session/session';
import { initTestI18n } from '../../../test/i18n';
import VatAdjustmentPage from './VatAdjustmentPage';

const row: NoDeductRow = {
  InvoiceID: 7,
  DocumentID: 3,
  DocNo: 'EX202611000031',
  ApplicantName: 'Wei Zhang',
  InvoiceType: 'vat_normal',
  Code: '3100231130',
  Number: '00000011',
  InvoiceDate: '2026-11-02',
  SellerName: 'Shanghai Hotel Ltd',
  Amount: '1000.00',
  TaxAmount: '30.00',
  DeductibleVat: '0.00',
  EffectiveVat: '0.00',
  Drafts: 1,
};
const draft: VatAdjustmentRow = {
  VatAdjustmentID: 21,
  InvoiceID: 7,
  Kind: 'deduct',
  Amount: '20.00',
  Reason: 'certified',
  State: 'draft',
  VoucherID: null,
  VoucherState: null,
  Period: null,
  ErpDocNo: null,
  ReversalVoucherID: null,
  CreatedByName: 'Fang Wang',
  CreatedAt: '2026-11-24T08:00:00.000Z',
  Version: 4,
};
const loaded: InvoiceDeduction = { Invoice: row, MaxDeduct: '30.00', MaxTransferOut: '0.00', Adjustments: [draft] };

const bodies: { url: string; body: Record<string, unknown> }[] = [];
beforeAll(() => initTestI18n('en-GB'));
beforeEach(() => {
  bodies.length = 0;
  vi.spyOn(notice, 'success').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push({ url, body });
      const answer = url.endsWith('/SearchNoDeductList')
        ? { Total: 1, Rows: [row] }
        : url.endsWith('/LoadInvoice')
          ? loaded
          : { ...draft, Version: 5 };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show() {
  startSession({ access_token: 'a', refresh_token: 'r', UserID: 1, CompanyID: 1, IsAdmin: false } as TokenResponse);
  const router = createMemoryRouter([{ path: '/manage/vatAdjustment', element: <VatAdjustmentPage /> }], {
    initialEntries: ['/manage/vatAdjustment'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('VAT adjustment', () => {
  it('lists fapiao by deduction and edits a draft of the chosen one at the version it was loaded with', {
    timeout: 60_000,
  }, async () => {
    show();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('EX202611000031')).toBeTruthy();
    expect(within(table).getByText('Shanghai Hotel Ltd')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: /Adjust deduction/ }));
    expect(await screen.findByText('Input VAT adjustments of fapiao 00000011')).toBeTruthy();
    expect(await screen.findByText('certified')).toBeTruthy();
    expect(bodies.find((b) => b.url.endsWith('/LoadInvoice'))?.body).toMatchObject({ InvoiceID: 7 });

    fireEvent.click(screen.getByRole('button', { name: 'Edit draft' }));
    fireEvent.change(screen.getByTestId('vat-amount'), { target: { value: '30.00' } });
    fireEvent.click(screen.getByTestId('vat-save'));
    await waitFor(() => expect(bodies.some((b) => b.url.endsWith('/SaveInvoice'))).toBe(true));
    expect(bodies.find((b) => b.url.endsWith('/SaveInvoice'))?.body).toMatchObject({
      InvoiceID: 7,
      VatAdjustmentID: 21,
      Version: 4,
      Kind: 'deduct',
      Amount: '30.00',
      Reason: 'certified',
    });
  });

  it('applies a draft after confirming', { timeout: 60_000 }, async () => {
    show();
    const table = await screen.findByRole('table');
    await within(table).findByText('EX202611000031');
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: /Adjust deduction/ }));
    fireEvent.click(await screen.findByTestId('vat-apply'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodies.some((b) => b.url.endsWith('/UpdateDeduction'))).toBe(true));
    expect(bodies.find((b) => b.url.endsWith('/UpdateDeduction'))?.body).toMatchObject({
      VatAdjustmentID: 21,
      Version: 4,
    });
  });
});
