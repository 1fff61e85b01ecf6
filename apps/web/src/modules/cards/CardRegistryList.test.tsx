import type { BusinessCardRow } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notice } from '../../app/notice';
import { initTestI18n } from '../../test/i18n';
import BusinessCardPage from './BusinessCardPage';

const state = vi.hoisted(() => ({ mayImport: true }));
const registry = vi.hoisted(() => ({ search: vi.fn(), export: vi.fn(), save: vi.fn(), remove: vi.fn() }));
const cards = vi.hoisted(() => ({ search: vi.fn(), export: vi.fn(), importStatement: vi.fn() }));
vi.mock('./api', () => ({ registryApi: registry, cardApi: cards, useMayImport: () => state.mayImport }));
vi.mock('../../app/i18n/BootProvider', () => ({ useBoot: () => ({ culture: 'en-GB' }) }));
vi.mock('../org/api', () => ({
  orgApi: {
    chooseEmployee: async () => ({
      Total: 1,
      Rows: [{ EmployeeID: 5, Code: 'E005', Name: 'Wei Zhang', TeamName: null }],
    }),
  },
}));

/** Generous waits: the machine runs other suites at the same time. */
const SLOW = { timeout: 5000 };

const card = (over: Partial<BusinessCardRow>): BusinessCardRow => ({
  ID: 11,
  EmployeeID: 5,
  EmployeeCode: 'E005',
  EmployeeName: 'Wei Zhang',
  CardNo: '**** **** **** 7890',
  HolderName: 'ZHANG WEI',
  ValidUntil: '2029-12-31',
  Active: true,
  Transactions: 0,
  Version: 3,
  ...over,
});

function show(at = '/card?tab=registry') {
  const router = createMemoryRouter([{ path: '/card', element: <BusinessCardPage /> }], { initialEntries: [at] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  state.mayImport = true;
  for (const f of [...Object.values(registry), ...Object.values(cards)]) f.mockReset();
  registry.search.mockResolvedValue({
    Total: 2,
    Rows: [card({}), card({ ID: 12, CardNo: '**** **** **** 1111', Active: false, Transactions: 4, Version: 1 })],
  });
  cards.search.mockResolvedValue({ Total: 0, Rows: [] });
  vi.spyOn(notice, 'success').mockImplementation(() => undefined);
  vi.spyOn(notice, 'warning').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the card registry tab', () => {
  it('lists the cards masked, with their state, for those who receive the statements', async () => {
    await initTestI18n('en-GB');
    show();
    const table = await screen.findByRole('table', undefined, { timeout: 8000 });
    expect(await within(table).findByText('**** **** **** 7890')).toBeTruthy();
    expect(within(table).getByText('Cancelled')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Cards', selected: true })).toBeTruthy();
    expect(registry.search.mock.calls[0]![0]).toMatchObject({ PageIndex: 1 });
    expect(cards.search).not.toHaveBeenCalled();
  }, 15_000);

  it('is not there for a holder without the function: the address falls back to the transactions', async () => {
    state.mayImport = false;
    await initTestI18n('zh-CN');
    show();
    await waitFor(() => expect(cards.search).toHaveBeenCalled(), { timeout: 8000 });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(registry.search).not.toHaveBeenCalled();
  }, 15_000);

  it('edits a card at its version without sending the number, which stays read-only', async () => {
    await initTestI18n('en-GB');
    registry.save.mockResolvedValue(card({ Active: false, Version: 4 }));
    show();
    const table = await screen.findByRole('table', undefined, { timeout: 8000 });
    await within(table).findByText('**** **** **** 7890');
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByTestId('list-action-edit'));
    const number = (await screen.findByTestId('field-CardNo', undefined, SLOW)) as HTMLInputElement;
    // The drawer fills its fields just after it opens.
    await waitFor(() => expect(number.value).toBe('**** **** **** 7890'), SLOW);
    expect(number.disabled).toBe(true);
    const name = screen.getByTestId('field-HolderName') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('ZHANG WEI'), SLOW);
    fireEvent.change(name, { target: { value: 'ZHANG W' } });
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(registry.save).toHaveBeenCalledTimes(1), SLOW);
    const body = registry.save.mock.calls[0]![0];
    expect(body).toEqual({
      ID: 11,
      Version: 3,
      EmployeeID: 5,
      HolderName: 'ZHANG W',
      ValidUntil: '2029-12-31',
      Active: true,
    });
    expect(body).not.toHaveProperty('CardNo');
  }, 15_000);

  it('asks before removing, then removes the selected card at its version', async () => {
    await initTestI18n('zh-CN');
    const ask = vi.spyOn(notice, 'ask').mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    registry.remove.mockResolvedValue({ Success: true });
    show();
    const table = await screen.findByRole('table', undefined, { timeout: 8000 });
    await within(table).findByText('**** **** **** 7890');
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    const button = screen.getByTestId('list-action-remove');
    fireEvent.click(button);
    await waitFor(() => expect(ask).toHaveBeenCalledTimes(1), SLOW);
    expect(ask.mock.calls[0]![0]).toContain('注销');
    expect(registry.remove).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 1100)); // the button's anti-double-click
    fireEvent.click(button);
    await waitFor(
      () => expect(registry.remove).toHaveBeenCalledWith(expect.objectContaining({ ID: 11, Version: 3 })),
      SLOW,
    );
    expect(notice.success).toHaveBeenCalled();
  }, 15_000);
});
