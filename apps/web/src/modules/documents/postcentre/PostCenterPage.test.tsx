import type { PostBatch, PostCenterRow } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/http/ApiError';
import { initTestI18n } from '../../../test/i18n';
import PostCenterPage from './PostCenterPage';

const api = vi.hoisted(() => ({
  search: vi.fn(),
  receive: vi.fn(),
  returnAll: vi.fn(),
  deleteAll: vi.fn(),
  closeBatch: vi.fn(),
}));
vi.mock('./api', () => ({ postCentreApi: api }));

const batch: PostBatch = { BatchID: 3, OpenedAt: '2026-11-24T01:00:00Z', Count: 1 };
const row: PostCenterRow = {
  ID: 7,
  DocNo: 'D1000261100007',
  DocType: 'deputy',
  Status: 'received',
  ApplicantCode: 'E00010',
  ApplicantName: 'Wei Zhang',
  TeamName: null,
  Currency: 'CNY',
  TotalAmount: '88.00',
  TotalAmountCNY: '88.00',
  Reason: null,
  ApprovedAt: null,
  ReceivedAt: '2026-11-24T01:00:00Z',
  Version: 3,
};

function open() {
  const router = createMemoryRouter([{ path: '/post', element: <PostCenterPage /> }], { initialEntries: ['/post'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('PostCenterPage scan box', () => {
  beforeAll(async () => {
    await initTestI18n('en-GB');
  });
  beforeEach(() => {
    for (const f of Object.values(api)) f.mockReset();
    api.search.mockResolvedValue({ Total: 0, Rows: [], Batch: { BatchID: null, OpenedAt: null, Count: 0 } });
  });

  it('receives on Enter, empties the box, keeps its focus and shows the scan', async () => {
    api.receive.mockImplementation(async () => {
      // The list reloads after the scan and shows the batch the scan opened.
      api.search.mockResolvedValue({ Total: 1, Rows: [row], Batch: batch });
      return { Row: row, Batch: batch };
    });
    open();
    const box = (await screen.findByTestId('post-scan-input')) as HTMLInputElement;
    box.focus();
    fireEvent.change(box, { target: { value: ' D1000261100007 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByTestId('post-scan-ok')).toBeTruthy();
    expect(api.receive).toHaveBeenCalledWith('D1000261100007');
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
    expect(await screen.findByText(/Batch 3: 1 document,/)).toBeTruthy();
  });

  it('shows a refused scan with the server’s message and stays ready for the next', async () => {
    api.receive.mockRejectedValue(
      new ApiError({ status: 404, code: 'postcentre.unknown_number', message: 'No document has that number' }),
    );
    open();
    const box = (await screen.findByTestId('post-scan-input')) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'NOPE' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const failed = await screen.findByTestId('post-scan-failed');
    await waitFor(() => expect(failed.textContent).toContain('No document has that number'));
    expect(box.value).toBe('');
  });
});
