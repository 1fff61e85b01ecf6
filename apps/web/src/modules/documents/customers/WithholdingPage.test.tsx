import type { WithholdingRow } from '@ems/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockListServer, renderListPage } from '../../../shared/list-page/testing';
import WithholdingPage from './WithholdingPage';

// The filters' pickers read the culture.
vi.mock('../../../app/i18n/BootProvider', () => ({ useBoot: () => ({ culture: 'zh-CN' }) }));

const row: WithholdingRow = {
  WithholdingID: 7,
  Month: '2026-12',
  HCPID: 1,
  HCPCode: 'P001',
  Name: '王建国',
  IDNumber: '**************123X',
  Fees: 2,
  Gross: '5000.00',
  Tax: '800.00',
  Net: '4200.00',
};

const bodies = mockListServer(() => ({ Total: 1, Rows: [row] }));

describe('lecture-fee withholding', () => {
  it('lists each lecturer’s month with the ID number as the server masked it, filtered by the URL', {
    timeout: 60_000,
  }, async () => {
    renderListPage('/manage/lectureFeeWithholding', <WithholdingPage />, '/manage/lectureFeeWithholding?Month=2026-12');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('**************123X')).toBeTruthy();
    expect(within(table).getByText('5,000.00')).toBeTruthy();
    expect(within(table).getByText('800.00')).toBeTruthy();
    expect(within(table).getByText('4,200.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出|Export/ })).toBeTruthy();
    const search = bodies.find((b) => b.url.endsWith('/api/LectureFeeWithholding/Search'));
    expect(search?.body).toMatchObject({ Month: '2026-12' });
  });
});
