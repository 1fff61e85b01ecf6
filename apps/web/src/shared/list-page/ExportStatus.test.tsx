import type { Page } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../app/http/client';
import MessageHost from '../../app/MessageHost';
import { initTestI18n } from '../../test/i18n';
import { sizeText } from './ExportStatus';
import { ListPage } from './ListPage';

interface Row {
  ID: number;
  Name: string;
}

/** A response whose body arrives in the chunks given, each only when the test lets it (`release`). */
function streamed(chunks: number[]) {
  const gates: (() => void)[] = [];
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const size of chunks) {
        await new Promise<void>((resolve) => gates.push(resolve));
        if (cancelled) return;
        controller.enqueue(new Uint8Array(size));
      }
      controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': "attachment; filename*=UTF-8''%E5%8D%95%E6%8D%AE.xlsx",
    },
  });
  const release = async () => {
    await waitFor(() => expect(gates.length).toBeGreaterThan(0));
    gates.shift()?.();
  };
  return { response, release, isCancelled: () => cancelled };
}

function setup(file: ReturnType<typeof streamed>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).endsWith('/Export')) return file.response;
    const page: Page<Row> = { Total: 1, Rows: [{ ID: 1, Name: '差旅费' }] };
    return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  const http = createHttpClient({ fetch: fetchMock });
  const router = createMemoryRouter(
    [
      {
        path: '/list',
        element: (
          <ListPage<Row>
            titleKey="menu.report.documentList"
            queryKey="rows"
            searchCall={(body) => http.post<Page<Row>>('/api/Test/Search', body)}
            exportCall={(body, progress) => http.download('/api/Test/Export', body, progress)}
            rowKey="ID"
            columns={[{ dataIndex: 'Name', labelKey: 'report.field.groupName' }]}
          />
        ),
      },
    ],
    { initialEntries: ['/list'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MessageHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('export progress', () => {
  const saved: string[] = [];
  beforeAll(async () => {
    await initTestI18n('zh-CN');
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
  });
  afterEach(() => {
    saved.length = 0;
  });

  it('shows the bytes received while the file streams in, then saves it under the server’s name', async () => {
    const file = streamed([300 * 1024, 2 * 1024 * 1024, 1024]);
    setup(file);
    await screen.findByText('差旅费');
    fireEvent.click(screen.getByTestId('list-action-export'));
    expect(await screen.findByText('正在生成导出文件…')).toBeTruthy();
    await file.release();
    expect(await screen.findByText('正在下载，已接收 300 KB')).toBeTruthy();
    await file.release();
    expect(await screen.findByText('正在下载，已接收 2.3 MB')).toBeTruthy();
    await file.release();
    await waitFor(() => expect(saved).toEqual(['单据.xlsx']));
    await waitFor(() => expect(screen.queryByTestId('export-status')).toBeNull());
  });

  it('cancels: the download stops, nothing is saved and the user is told', async () => {
    const file = streamed([1024, 1024, 1024]);
    setup(file);
    await screen.findByText('差旅费');
    fireEvent.click(screen.getByTestId('list-action-export'));
    await file.release();
    expect(await screen.findByText('正在下载，已接收 1 KB')).toBeTruthy();
    fireEvent.click(screen.getByTestId('export-cancel'));
    expect(await screen.findByText('已取消导出')).toBeTruthy();
    await waitFor(() => expect(file.isCancelled()).toBe(true));
    expect(screen.queryByTestId('export-status')).toBeNull();
    expect(saved).toEqual([]);
  });

  it('writes sizes as people read them', () => {
    expect(sizeText(0)).toBe('0 KB');
    expect(sizeText(1536)).toBe('2 KB');
    expect(sizeText(5 * 1024 * 1024 + 300 * 1024)).toBe('5.3 MB');
  });
});
