import type { RemitRun } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notice } from '../../../app/notice';
import { initTestI18n } from '../../../test/i18n';
import ExpenseRemittancePage from './ExpenseRemittancePage';

const api = vi.hoisted(() => ({
  teams: vi.fn(),
  load: vi.fn(),
  generate: vi.fn(),
  documents: vi.fn(),
  pass: vi.fn(),
  noPass: vi.fn(),
  confirm: vi.fn(),
  record: vi.fn(),
  entries: vi.fn(),
  print: vi.fn(),
  remit: vi.fn(),
  sapPost: vi.fn(),
}));
vi.mock('./api', () => ({ remitApi: api }));
// The paying account's picker searches the server; the way step's other fields are what these tests drive.
vi.mock('../../masterdata/banks/BankBranchPicker', () => ({ PayerAccountPicker: () => null }));

const run = (over: Partial<RemitRun>): RemitRun => ({
  RunID: 4,
  RunNo: 'RM000004',
  Step: 'documents',
  PaymentMethod: 'transfer',
  PayerAccountID: null,
  PayerAccountName: null,
  Layout: null,
  CreditingDate: '2026-11-24',
  AuditMethod: 'payee',
  Documents: 2,
  Amount: '300.35',
  VoucherID: null,
  VoucherState: null,
  ErpDocNo: null,
  PrintedAt: null,
  RemittedAt: null,
  BankFile: null,
  BankSentAt: null,
  PostRemark: null,
  CreatedByName: 'Finance',
  CreatedAt: '2026-11-24T01:00:00Z',
  Version: 5,
  ...over,
});

function open() {
  const router = createMemoryRouter([{ path: '/remit', element: <ExpenseRemittancePage /> }], {
    initialEntries: ['/remit'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ExpenseRemittancePage', () => {
  beforeAll(async () => {
    await initTestI18n('en-GB');
  });
  beforeEach(() => {
    for (const f of Object.values(api)) f.mockReset();
    api.teams.mockResolvedValue({ Rows: [] });
    api.documents.mockResolvedValue({ Total: 0, Rows: [] });
    api.record.mockResolvedValue({
      Rows: [
        {
          LineNo: 1,
          PayeeKind: 'employee',
          PayeeCode: 'E1',
          PayeeName: '张伟',
          BankName: 'CMB',
          BankAccount: '6225001',
          Documents: 2,
          DocNos: 'D1, D2',
          Gross: '300.35',
          Deductions: [],
          Amount: '300.35',
          PaidAt: null,
        },
      ],
      Total: '300.35',
      Run: run({ Step: 'list' }),
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('resumes an unfinished run at the step it stopped at and confirms that step', async () => {
    api.load.mockResolvedValue({ Run: run({ Step: 'list' }) });
    api.confirm.mockResolvedValue(run({ Step: 'entries', Version: 6 }));
    open();
    // The first render loads antd's table and steps: give it time.
    expect(await screen.findByText('6225001', undefined, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(await screen.findByTestId('remit-confirm-list'));
    await waitFor(() => expect(api.confirm).toHaveBeenCalledWith({ RunID: 4, Version: 5, Step: 'list' }));
  });

  it('asks before a change of way regenerates a run that holds documents, and sends the confirmation', async () => {
    api.load.mockResolvedValue({ Run: run({ Step: 'list' }) });
    api.generate.mockResolvedValue(run({ AuditMethod: 'document', Version: 6 }));
    const ask = vi.spyOn(notice, 'ask').mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    open();
    await screen.findByTestId('remit-confirm-list', undefined, { timeout: 8000 });
    fireEvent.click(screen.getByText('Set way'));
    fireEvent.click(await screen.findByText('One line per document'));
    fireEvent.click(screen.getByTestId('remit-save-way'));
    await waitFor(() => expect(ask).toHaveBeenCalledTimes(1));
    expect(api.generate).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 1100)); // the button's anti-double-click
    fireEvent.click(screen.getByTestId('remit-save-way'));
    await waitFor(() =>
      expect(api.generate).toHaveBeenCalledWith({
        PaymentMethod: 'transfer',
        CreditingDate: '2026-11-24',
        AuditMethod: 'document',
        RunID: 4,
        Version: 5,
        Confirm: true,
      }),
    );
  });

  it('starts a run from the way when none is open', async () => {
    api.load.mockResolvedValue({ Run: null });
    api.generate.mockResolvedValue(run({}));
    open();
    fireEvent.click(await screen.findByTestId('remit-save-way', undefined, { timeout: 8000 }));
    await waitFor(() => expect(api.generate).toHaveBeenCalledTimes(1));
    expect(api.generate.mock.calls[0]![0]).toMatchObject({ PaymentMethod: 'transfer', AuditMethod: 'payee' });
    expect(api.generate.mock.calls[0]![0].RunID).toBeUndefined();
  });

  it('sums up a remitted run: documents, payees, owed, kept back, paid, and the bank answers so far', async () => {
    const done = run({ Step: 'done', RemittedAt: '2026-11-24T03:00:00Z', BankFile: 'RM000004.csv' });
    api.load.mockResolvedValue({ Run: done });
    api.record.mockResolvedValue({
      Rows: [
        {
          LineNo: 1,
          PayeeKind: 'employee',
          PayeeCode: 'E1',
          PayeeName: '张伟',
          BankName: 'CMB',
          BankAccount: '6225001',
          BankCnaps: null,
          BankBranch: null,
          Currency: 'CNY',
          EndToEndID: 'RM4-1',
          BankStatus: 'paid',
          BankReason: null,
          Documents: 2,
          DocNos: 'D1, D2',
          Gross: '300.35',
          Deductions: [{ DocNo: 'D1', Kind: 'card', Source: '**** 1234', Date: '2026-11-02', Amount: '20.00' }],
          Amount: '280.35',
          PaidAt: null,
        },
      ],
      Total: '280.35',
      Run: done,
    });
    open();
    const summary = await screen.findByTestId('remit-summary', undefined, { timeout: 8000 });
    await waitFor(() =>
      expect(summary.textContent).toContain('Documents: 2, payees: 1; owed 300.35, kept back 20.00, paid 280.35'),
    );
    expect(summary.textContent).toContain("The bank's answer: 1 paid, 0 failed, 0 awaited");
    expect(summary.textContent).toContain('Bank file: RM000004.csv');
  });
});
