import type { F110Run } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notice } from '../../../app/notice';
import { initTestI18n } from '../../../test/i18n';
import PaymentManagePage from './PaymentManagePage';

const api = vi.hoisted(() => ({ runs: vi.fn(), items: vi.fn(), export: vi.fn(), remove: vi.fn() }));
vi.mock('./pipl-api', () => ({ piplApi: api }));
vi.mock('./api', () => ({ remitApi: {} }));

const run = (over: Partial<F110Run>): F110Run => ({
  RunID: 7,
  RunNo: 'RM000007',
  CreditingDate: '2025-10-20',
  RemittedAt: '2025-10-20T02:00:00.000Z',
  Payees: 2,
  Items: 3,
  Total: '1200.50',
  PersonalDataDeleted: false,
  DeletedAt: null,
  DeletedByName: null,
  DeletableFrom: '2026-10-20T02:00:00.000Z',
  Deletable: true,
  Version: 4,
  ...over,
});

function show() {
  const router = createMemoryRouter([{ path: '/pay', element: <PaymentManagePage /> }], {
    initialEntries: ['/pay?tab=pipl&Deleted=false'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  api.runs.mockResolvedValue({ Total: 2, Rows: [run({}), run({ RunID: 8, RunNo: 'RM000008', Deletable: false })] });
  api.items.mockResolvedValue({
    Total: 1,
    Rows: [
      {
        ItemID: 1,
        DocumentID: 3,
        DocNo: 'BX2025100001',
        PayeeKind: 'employee',
        PayeeCode: 'E1',
        PayeeName: 'Wei Zhang',
        BankName: 'CMB',
        BankAccount: '**** **** 1234',
        Amount: '1200.50',
        LineNo: 1,
        PaidAt: null,
      },
    ],
  });
  vi.spyOn(notice, 'success').mockImplementation(() => undefined);
  vi.spyOn(notice, 'warning').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('payment personal data tab', () => {
  it('lists the runs with the filter of the address and opens a run’s items', async () => {
    await initTestI18n('en-GB');
    show();
    const table = await screen.findByRole('table', undefined, { timeout: 8000 });
    expect(await within(table).findByText('RM000007')).toBeTruthy();
    expect(within(table).getByText('Deletable')).toBeTruthy();
    expect(within(table).getByText('Kept')).toBeTruthy();
    expect(api.runs.mock.calls[0]![0]).toMatchObject({ Deleted: 'false', PageIndex: 1 });
    expect(screen.getByRole('tab', { name: 'Payment personal data', selected: true })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: /Payment items/ }));
    expect(await screen.findByText('**** **** 1234')).toBeTruthy();
    expect(api.items.mock.calls[0]![0]).toMatchObject({ RunID: 7 });
  });

  it('asks before deleting, deletes the selected runs at their versions and shows each refusal', async () => {
    await initTestI18n('en-GB');
    const ask = vi.spyOn(notice, 'ask').mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    api.remove.mockResolvedValue({
      Deleted: [{ RunID: 7, RunNo: 'RM000007', Items: 3, FileRemoved: true }],
      Refused: [{ RunID: 8, RunNo: 'RM000008', Code: 'pipl.within_retention', Message: 'still kept' }],
    });
    show();
    const table = await screen.findByRole('table', undefined, { timeout: 8000 });
    await within(table).findByText('RM000008');
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[2]!);
    const button = screen.getByRole('button', { name: /Delete personal data/ });
    fireEvent.click(button);
    await waitFor(() => expect(ask).toHaveBeenCalledTimes(1));
    expect(ask.mock.calls[0]![0]).toContain('cannot be undone');
    expect(api.remove).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 1100)); // the button's anti-double-click
    fireEvent.click(button);
    await waitFor(() =>
      expect(api.remove).toHaveBeenCalledWith([
        { RunID: 7, Version: 4 },
        { RunID: 8, Version: 4 },
      ]),
    );
    await waitFor(() => expect(notice.warning).toHaveBeenCalledWith('RM000008: still kept'));
    expect(notice.success).toHaveBeenCalledWith('Payment personal data of 1 run(s) deleted');
  });
});
