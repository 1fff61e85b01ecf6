import type { PendingRow, TokenResponse } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notice } from '../../../app/notice';
import { startSession } from '../../../app/session/session';
import { initTestI18n } from '../../../test/i18n';
import ApproveCenterPage from './ApproveCenterPage';

let breakpoints: Record<string, boolean> = {};
vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd')>();
  return { ...antd, Grid: { ...antd.Grid, useBreakpoint: () => breakpoints } };
});

const row = (ID: number, over: Partial<PendingRow> = {}): PendingRow => ({
  ID,
  DocNo: `D1000250100${ID}`,
  DocType: 'deputy',
  ApplicantName: 'Wei Zhang',
  ExpenseTypeName: 'Travel',
  Currency: 'CNY',
  TotalAmount: '12345.5',
  TotalAmountCNY: '12345.5',
  Reason: null,
  StepName: 'Line manager',
  ForApproverID: null,
  PendingSince: '2025-01-02T01:00:00.000Z',
  Version: 2,
  BatchApprovable: true,
  TeamName: 'Oncology',
  ForApproverName: null,
  PendingDays: 1,
  Overdue: false,
  OverdueDays: 0,
  Attachments: 0,
  Fapiao: 0,
  ...over,
});

const bodies: { url: string; body: Record<string, unknown> }[] = [];
/** The second row's workflow may forbid approve-all. */
let secondBatchable = true;
beforeAll(() => initTestI18n('en-GB'));
beforeEach(() => {
  bodies.length = 0;
  startSession({ access_token: 'a', refresh_token: 'r', UserID: 7, CompanyID: 1 } as TokenResponse);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push({ url, body });
      const answer = url.endsWith('/BatchApprove')
        ? {
            Rows: [
              { ID: 1, DocNo: 'D10002501001', Ok: true, ErrorCode: null, Message: null },
              { ID: 2, DocNo: 'D10002501002', Ok: false, ErrorCode: 'x', Message: 'Changed by someone else' },
            ],
          }
        : {
            Total: 2,
            Rows: [
              row(1, { Reason: 'Client visit in Wuhan', Attachments: 2, Fapiao: 3 }),
              row(2, {
                TotalAmountCNY: '100.25',
                ForApproverID: 9,
                ForApproverName: 'Jing Li',
                Overdue: true,
                OverdueDays: 2,
                PendingDays: 5,
                BatchApprovable: secondBatchable,
              }),
            ],
          };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  secondBatchable = true;
});

function show() {
  const router = createMemoryRouter([{ path: '/manage/approveCenter', element: <ApproveCenterPage /> }], {
    initialEntries: ['/manage/approveCenter'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('approve centre', () => {
  it('on a desktop lists a table; approving two runs approve-all and sums up the result', async () => {
    breakpoints = { xs: false, sm: true, md: true, lg: true };
    show();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('D10002501002')).toBeTruthy();
    expect(within(table).getAllByText('CNY 12,345.50')).toHaveLength(2);
    expect(within(table).getByText('For Jing Li')).toBeTruthy();
    expect(within(table).getByText('Overdue by 2 d')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'D10002501001' }).getAttribute('href')).toBe('/manage/document/view/1');

    // The purpose and what there is to look at, on the row.
    expect(within(table).getByText('Client visit in Wuhan')).toBeTruthy();
    expect(within(table).getByLabelText('Files attached: 2')).toBeTruthy();
    expect(within(table).getByLabelText('Fapiao: 3')).toBeTruthy();

    for (const box of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(box);
    // What approve-all is about to approve, before it is clicked.
    expect(screen.getByTestId('approve-selected-total').textContent).toBe('Selected: 2, total CNY 12,445.75');
    fireEvent.click(screen.getByTestId('approve-selected'));
    expect(await screen.findByText('Approved: 1, not approved: 1')).toBeTruthy();
    expect(screen.getByText('Changed by someone else')).toBeTruthy();
    const batch = bodies.find((b) => b.url.endsWith('/BatchApprove'));
    expect(batch?.body.Items).toEqual([
      { ID: 1, Version: 2 },
      { ID: 2, Version: 2 },
    ]);
  });

  it('approves a document whose workflow forbids approve-all only on its own', async () => {
    breakpoints = { xs: false, sm: true, md: true, lg: true };
    secondBatchable = false;
    const warn = vi.spyOn(notice, 'warning').mockImplementation(() => undefined);
    show();
    const table = await screen.findByRole('table');
    expect(await within(table).findByTestId('one-by-one-D10002501002')).toBeTruthy();
    for (const box of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(box);
    fireEvent.click(screen.getByTestId('approve-selected'));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Approve these one by one, their workflow does not allow approve-all: D10002501002',
      ),
    );
    expect(bodies.some((b) => b.url.endsWith('/BatchApprove'))).toBe(false);
  });

  it('on a phone shows cards with big approve and reject buttons instead of the table', async () => {
    breakpoints = { xs: true, sm: false, md: false, lg: false };
    show();
    const card = await screen.findByTestId('pending-card-2');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(await screen.findByTestId('pending-card-1')).getByTestId('reason-1').textContent).toBe(
      'Client visit in Wuhan',
    );
    expect(within(card).getByText('For Jing Li')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: /Reject/ }));
    expect(await screen.findByText('Reject D10002501002')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('decision-comment')).toBeTruthy());
  });
});
