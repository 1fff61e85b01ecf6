import type { QuotaRow } from '@ems/contracts';
import { shanghaiToday } from '@ems/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, mockListServer, renderListPage } from '../../shared/list-page/testing';
import QuotaManagementPage, { toBody } from './QuotaManagementPage';

// The editor's pickers read the culture.
vi.mock('../../app/i18n/BootProvider', () => ({ useBoot: () => ({ culture: 'zh-CN' }) }));

const row: QuotaRow = {
  QuotaID: 4,
  Year: 2026,
  Kind: 'hcp',
  SubjectID: 7,
  SubjectCode: 'P001',
  SubjectName: '王建国',
  ExpenseItemID: null,
  ExpenseItemName: null,
  Amount: '5000.00',
  Used: '4366.32',
  Available: '633.68',
  LimitStatus: 2,
  Archived: false,
  Remark: null,
  DetailCount: 0,
  Version: 3,
};

const bodies = mockListServer((url) =>
  url.endsWith('/api/quota/SearchSubject')
    ? { Rows: [{ ID: 7, Code: 'P001', Name: '王建国', Extra: '北京协和医院' }] }
    : { Total: 1, Rows: [row] },
);
const year = Number(shanghaiToday().slice(0, 4));

describe('quota management', () => {
  it('lists the quotas with their use and limit status in the user’s language', { timeout: 60_000 }, async () => {
    const router = renderListPage('/manage/quotaManagement', <QuotaManagementPage />);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('P001')).toBeTruthy();
    expect(within(table).getByText('4,366.32')).toBeTruthy();
    expect(within(table).getByText('禁止')).toBeTruthy();
    // The default list leaves archived quotas out and opens on this year (in Shanghai), kept in the URL.
    expect(bodyOf(bodies, '/api/quota/Search')).toEqual(expect.objectContaining({ Archived: false, Year: year }));
    await waitFor(() => expect(router.state.location.search).toContain(`Year=${year}`));
    expect(screen.getByTestId('field-Year').textContent).toContain(String(year));
  });

  it('keeps a year chosen in the URL, and picks the subject among those of the kind', { timeout: 60_000 }, async () => {
    renderListPage('/manage/quotaManagement', <QuotaManagementPage />, '/manage/quotaManagement?Year=2025');
    await screen.findByRole('table');
    expect(bodyOf(bodies, '/api/quota/Search')?.Year).toBe(2025);
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await waitFor(() =>
      expect(bodyOf(bodies, '/api/quota/SearchSubject')).toEqual(expect.objectContaining({ Kind: 'hcp' })),
    );
    expect(screen.getByTestId('field-SubjectID')).toBeTruthy();
  });

  it('saves the picked subject and item and the months with an amount as monthly caps; an edit keeps its subject', () => {
    const added = toBody(
      {
        Year: 2026,
        Kind: 'employee',
        SubjectID: 10,
        ExpenseItemID: 12,
        Amount: '3600',
        LimitStatus: 1,
        M1: '300',
        M2: '',
        M12: '300',
      },
      undefined,
    );
    expect(added).toEqual(
      expect.objectContaining({
        Kind: 'employee',
        SubjectID: 10,
        ExpenseItemID: 12,
        Details: [
          { Month: 1, Amount: '300' },
          { Month: 12, Amount: '300' },
        ],
      }),
    );
    expect(toBody({ Kind: 'hcp', SubjectID: 7, Amount: '1' }, undefined).ExpenseItemID).toBeNull();
    const changed = toBody({ Amount: '6000', LimitStatus: 2 }, row);
    expect(changed).toEqual(
      expect.objectContaining({
        QuotaID: 4,
        Version: 3,
        SubjectID: 7,
        ExpenseItemID: null,
        Amount: '6000',
        Details: [],
      }),
    );
  });
});
