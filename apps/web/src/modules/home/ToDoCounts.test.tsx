import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test/i18n';
import { ToDoCounts } from './ToDoCounts';

const api = vi.hoisted(() => ({ mine: vi.fn(), waiting: vi.fn() }));
vi.mock('./api', () => ({ homeApi: api }));
let functions: string[] = [];
vi.mock('../../app/layout/queries', () => ({ useMenuQuery: () => ({ data: { Groups: [], Functions: functions } }) }));

function show() {
  const router = createMemoryRouter([{ path: '/manage', element: <ToDoCounts /> }], { initialEntries: ['/manage'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ToDoCounts', () => {
  beforeAll(() => initTestI18n('zh-CN'));
  beforeEach(() => {
    vi.clearAllMocks();
    api.waiting.mockResolvedValue({ Count: 3 });
    api.mine.mockResolvedValue({
      Rows: [
        { DocType: 'deputy', Status: 'returned', Count: 1 },
        { DocType: 'loan', Status: 'returned', Count: 1 },
        { DocType: 'deputy', Status: 'draft', Count: 4 },
      ],
    });
  });

  it('counts what waits for an approver who also claims, each opening the list behind it', async () => {
    functions = ['approveCenter', 'personalExpense'];
    show();
    const waiting = await screen.findByTestId('home-todo-waiting');
    expect(await within(waiting).findByText('3')).toBeTruthy();
    expect(waiting.getAttribute('href')).toBe('/manage/approveCenter');
    const returned = screen.getByTestId('home-todo-returned');
    expect(await within(returned).findByText('2')).toBeTruthy();
    expect(returned.getAttribute('href')).toBe('/manage/personalExpense?Status=returned');
    expect(within(screen.getByTestId('home-todo-draft')).getByText('4')).toBeTruthy();
    expect(within(screen.getByTestId('home-todo-paid')).getByText('0')).toBeTruthy();
  });

  it('asks only for what the user may see', async () => {
    functions = ['personalExpense'];
    show();
    await screen.findByTestId('home-todo-draft');
    expect(screen.queryByTestId('home-todo-waiting')).toBeNull();
    expect(api.waiting).not.toHaveBeenCalled();
  });
});
