import type { Page } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../app/http/client';
import MessageHost from '../../app/MessageHost';
import { initTestI18n } from '../../test/i18n';
import { ListPage } from './ListPage';
import type { EditorDef, ListBody } from './types';

interface Row {
  ID: number;
  PageID: string;
  ItemContent: string;
}

function setup(url: string, keepParams?: string[], editor?: EditorDef<Row>) {
  const bodies: Record<string, unknown>[] = [];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    const page: Page<Row> = {
      Total: 42,
      Rows: [
        { ID: 1, PageID: 'login', ItemContent: '登录' },
        { ID: 2, PageID: 'common', ItemContent: '保存' },
      ],
    };
    return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  const http = createHttpClient({ fetch: fetchMock });
  const search = (body: ListBody) => http.post<Page<Row>>('/api/System/SearchLanguage', body);
  const router = createMemoryRouter(
    [
      {
        path: '/list',
        element: (
          <ListPage<Row>
            titleKey="language.title"
            queryKey="rows"
            {...(keepParams ? { keepParams } : {})}
            searchCall={search}
            rowKey="ID"
            columns={[
              { dataIndex: 'PageID', labelKey: 'language.field.pageId', sortable: true },
              { dataIndex: 'ItemContent', labelKey: 'language.field.itemContent' },
            ]}
            filters={[{ name: 'PageID', labelKey: 'language.field.pageId', type: 'text' }]}
            editor={
              editor ?? {
                fields: [{ name: 'PageID', labelKey: 'language.field.pageId', type: 'text', required: true }],
                save: async () => undefined,
              }
            }
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MessageHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { bodies, router };
}

describe('ListPage', () => {
  beforeAll(async () => {
    await initTestI18n('zh-CN');
  });

  it('restores filters, page and sort from the URL and asks the server for exactly that', async () => {
    const { bodies } = setup('/list?PageID=login&page=2&sort=PageID&order=descend');
    await screen.findByText('登录');
    expect(bodies[0]).toMatchObject({
      PageIndex: 2,
      PageSize: 20,
      SortField: 'PageID',
      SortOrder: 'descend',
      PageID: 'login',
    });
    expect((screen.getByTestId('field-PageID') as HTMLInputElement).value).toBe('login');
    expect(screen.getByText('共 42 条')).toBeTruthy();
  });

  it('a new search goes back to page 1 and into the URL', async () => {
    const { bodies, router } = setup('/list?page=3');
    await screen.findByText('登录');
    fireEvent.change(screen.getByTestId('field-PageID'), { target: { value: 'common' } });
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(router.state.location.search).toBe('?PageID=common'));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ PageIndex: 1, PageID: 'common' }));
  });

  it('asks the server again when the same search is pressed again', async () => {
    const { bodies } = setup('/list?PageID=common');
    await screen.findByText('登录');
    const before = bodies.length;
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(bodies.length).toBe(before + 1));
    expect(bodies.at(-1)).toMatchObject({ PageIndex: 1, PageID: 'common' });
  });

  it('keeps the surrounding screen’s own URL parameters (a tab) when its state changes', async () => {
    const { router } = setup('/list?list=follow&page=2', ['list']);
    await screen.findByText('登录');
    fireEvent.change(screen.getByTestId('field-PageID'), { target: { value: 'common' } });
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(router.state.location.search).toBe('?PageID=common&list=follow'));
  });

  it('says "Please select and only one" when Edit is pressed without exactly one row', async () => {
    setup('/list');
    await screen.findByText('登录');
    fireEvent.click(screen.getByTestId('list-action-edit'));
    expect(await screen.findByText('请选择且只选择一条数据')).toBeTruthy();
  });

  it('saves a required select whose value is a number (a picked id)', async () => {
    const save = vi.fn(async () => undefined);
    setup('/list', undefined, {
      fields: [
        {
          name: 'Level',
          labelKey: 'language.field.pageId',
          type: 'select',
          options: [{ value: 2, label: 'two' }],
          required: true,
        },
        { name: 'Note', labelKey: 'language.field.itemContent', type: 'text', required: true },
      ],
      initialValues: { Level: 2, Note: 'ok' },
      save,
    });
    await screen.findByText('登录');
    fireEvent.click(screen.getByTestId('list-action-new'));
    fireEvent.click(await screen.findByTestId('editor-save'));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(expect.objectContaining({ Level: 2, Note: 'ok' }), undefined),
    );
    expect(screen.queryByText('此项为必填项')).toBeNull();
  });
});
