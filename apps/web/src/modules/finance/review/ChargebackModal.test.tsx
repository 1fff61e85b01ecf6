import type { ReviewRow } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { ChargebackModal } from './dialogs';

const api = vi.hoisted(() => ({
  reasons: vi.fn(async () => ({ Rows: [{ ID: 5, Code: 'CB01', Name: 'Wrong invoice title' }] })),
  smeNames: vi.fn(async () => ({ Rows: [] })),
}));
vi.mock('./api', () => ({ reviewApi: api }));

const row = (ID: number, DocNo: string): ReviewRow => ({
  ID,
  DocNo,
  DocType: 'deputy',
  Status: 'reviewing',
  ApplicantCode: 'E00010',
  ApplicantName: 'Wei Zhang',
  TeamName: null,
  CostCenterName: null,
  Currency: 'CNY',
  TotalAmount: '88.00',
  TotalAmountCNY: '88.00',
  Reason: null,
  ApprovedAt: null,
  Paper: 'received',
  Special: false,
  AssigneeID: null,
  AssigneeName: null,
  HoldReason: null,
  HeldAt: null,
  Version: 4,
});

describe('ChargebackModal', () => {
  beforeAll(async () => {
    await initTestI18n('en-GB');
  });

  it('refuses to charge back until every document has its reason', async () => {
    const onOk = vi.fn(async () => {});
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ChargebackModal rows={[row(1, 'D1'), row(2, 'D2')]} onClose={() => {}} onOk={onOk} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('chargeback-ok'));
    await waitFor(() =>
      expect(screen.getAllByText('Please select a reason for all documents').length).toBeGreaterThan(0),
    );
    expect(onOk).not.toHaveBeenCalled();
    expect(screen.getByTestId('chargeback-reason-D1')).toBeTruthy();
    expect(screen.getByTestId('chargeback-reason-D2')).toBeTruthy();
  });
});
