import type { FixedAssetRow } from '@ems/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockListServer, renderListPage } from '../../../shared/list-page/testing';
import FixedAssetsPage from './FixedAssetsPage';

// The cost-centre filter's picker reads the culture.
vi.mock('../../../app/i18n/BootProvider', () => ({ useBoot: () => ({ culture: 'zh-CN' }) }));

const asset: FixedAssetRow = {
  FixedAssetID: 1,
  AssetNo: 'FA12-2-1',
  DocumentID: 3,
  DocNo: 'EX202611000031',
  LineNo: 2,
  ItemName: 'Laptop',
  Description: null,
  CostCenterName: 'Oncology East',
  ProductName: null,
  EmployeeName: 'Wei Zhang',
  AcquiredOn: '2026-11-02',
  Amount: '7047.79',
  GLAccount: '160101',
  Period: '2026-11',
  State: 'cancelled',
  VoucherState: 'cancelled',
  ErpDocNo: null,
};

const bodies = mockListServer(() => ({ Total: 1, Rows: [asset] }));

describe('fixed assets', () => {
  it('lists the records with their amount and state in the user’s language', { timeout: 60_000 }, async () => {
    renderListPage('/manage/fixedAssets', <FixedAssetsPage />);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('FA12-2-1')).toBeTruthy();
    expect(within(table).getByText('7,047.79')).toBeTruthy();
    expect(within(table).getByText('已撤销')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出|Export/ })).toBeTruthy();
    expect(bodies.some((b) => b.url.endsWith('/api/FixedAssets/Search'))).toBe(true);
  });
});
