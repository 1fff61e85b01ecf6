import type { OutboundJobRow, PostingOrderRow, TokenResponse } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notice } from '../../../app/notice';
import { startSession } from '../../../app/session/session';
import { initTestI18n } from '../../../test/i18n';
import PostIntoAccountPage from './PostIntoAccountPage';

const waiting: PostingOrderRow = {
  ID: 7,
  DocNo: 'BX2026110007',
  DocType: 'deputy',
  Status: 'to_post',
  ApplicantCode: 'E00010',
  ApplicantName: '张伟',
  Currency: 'CNY',
  TotalAmountCNY: '321.50',
  VoucherID: 70,
  VoucherState: 'open',
  PostingDate: '2026-11-20',
  Period: '2026-11',
  ErpDocNo: null,
  LastError: null,
  Version: 5,
};
const erpJob: OutboundJobRow = {
  ID: 31,
  Queue: 'erp',
  State: 'done',
  Attempts: 2,
  LastError: null,
  RequestID: 'req-1',
  CreatedAt: '2026-11-20T01:00:00.000Z',
  CompletedAt: '2026-11-20T01:00:05.000Z',
  ErpCalls: [
    {
      ID: 2,
      VoucherID: 70,
      DocNo: 'BX2026110007',
      PostingRef: 'ref-70',
      Gateway: 'simulator',
      Outcome: 'ok',
      ErpDocNo: '5100000001',
      Error: null,
      Request: '{"postingRef":"ref-70"}',
      Response: '{"DocumentNo":"5100000001"}',
      DurationMs: 12,
      StartedAt: '2026-11-20T01:00:04.000Z',
    },
    {
      ID: 1,
      VoucherID: 70,
      DocNo: 'BX2026110007',
      PostingRef: 'ref-70',
      Gateway: 'simulator',
      Outcome: 'unreachable',
      ErpDocNo: null,
      Error: 'ERP did not answer in time',
      Request: '{"postingRef":"ref-70"}',
      Response: null,
      DurationMs: 30000,
      StartedAt: '2026-11-20T01:00:00.000Z',
    },
  ],
};

const bodies: { url: string; body: Record<string, unknown> }[] = [];
beforeEach(() => {
  bodies.length = 0;
  vi.spyOn(notice, 'ask').mockResolvedValue(true);
  vi.spyOn(notice, 'success').mockImplementation(() => undefined);
  vi.spyOn(notice, 'warning').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push({ url, body });
      const answer = url.endsWith('/BeginBatch')
        ? { BatchID: 4, Queued: 1, Skipped: [] }
        : url.endsWith('/GetCount')
          ? { ToPost: 3, Queued: 1, Failed: 2, Posted: 9 }
          : url.endsWith('/GetBatchRecord')
            ? {
                Total: 1,
                Rows: [
                  {
                    BatchID: 4,
                    CreatedAt: '2026-11-20T01:00:00.000Z',
                    CreatedByName: 'Finance',
                    DocumentCount: 1,
                    Queued: 0,
                    Posted: 1,
                    Failed: 0,
                  },
                ],
                Items: body.BatchID
                  ? [{ ...waiting, Status: 'posted', VoucherState: 'posted', ErpDocNo: '5100000009' }]
                  : [],
              }
            : url.endsWith('/SearchRFCLog')
              ? { Total: 1, Rows: [erpJob] }
              : { Total: 1, Rows: [waiting] };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  startSession({ access_token: 'a', refresh_token: 'r', UserID: 1, CompanyID: 1, IsAdmin: false } as TokenResponse);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(at = '/manage/postIntoAccount') {
  const router = createMemoryRouter([{ path: '/manage/postIntoAccount', element: <PostIntoAccountPage /> }], {
    initialEntries: [at],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('post into account', () => {
  it('lists waiting claims and begins a batch of the selected one (English)', async () => {
    await initTestI18n('en-GB');
    show();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('BX2026110007')).toBeTruthy();
    expect(within(table).getByText('Not sent')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Accounting entry' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: /Post selected/ }));
    await waitFor(() => expect(bodies.some((b) => b.url.endsWith('/BeginBatch'))).toBe(true));
    expect(bodies.find((b) => b.url.endsWith('/BeginBatch'))?.body).toMatchObject({ IDs: [7] });
    await waitFor(() => expect(notice.success).toHaveBeenCalledWith('Batch 4 started: 1 voucher on its way'));
    expect(bodies.find((b) => b.url.endsWith('/SearchOrderData'))?.body).toMatchObject({ PageIndex: 1 });
  });

  it('shows the ERP calls of the RFC log tab with their outcome and ERP number (Chinese)', async () => {
    await initTestI18n('zh-CN');
    show('/manage/postIntoAccount?tab=rfc');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(/成功\s*5100000001/)).toBeTruthy();
    expect(within(table).getByText('无法连接')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '接口日志' })).toBeTruthy();
    expect(bodies.find((b) => b.url.endsWith('/SearchRFCLog'))?.body).toMatchObject({ Queue: 'erp' });
    expect(i18n.language).toBe('zh-CN');
  });

  it('shows the counts and the batches, and opens a batch to its documents', async () => {
    await initTestI18n('en-GB');
    show('/manage/postIntoAccount?tab=erp');
    expect(await screen.findByText('Waiting')).toBeTruthy();
    expect(await screen.findByText('9')).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('1/1')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: /Documents of the batch/ }));
    expect(await screen.findByText('5100000009')).toBeTruthy();
    expect(bodies.find((b) => b.url.endsWith('/GetBatchRecord') && b.body.BatchID === 4)).toBeTruthy();
  });
});
