import type { GRList, GRRow, MilestoneList } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import MessageHost from '../../../app/MessageHost';
import { initTestI18n } from '../../../test/i18n';
import { ApplyReceiptsSection, ClaimReceiptsSection } from './ReceiptsSection';

const api = vi.hoisted(() => ({
  milestones: vi.fn(),
  receipts: vi.fn(),
  unrelated: vi.fn(),
  relate: vi.fn(),
  unrelate: vi.fn(),
  deleteMilestone: vi.fn(),
  deleteReceipt: vi.fn(),
  byMilestone: vi.fn(),
  byMonth: vi.fn(),
  receipt: vi.fn(),
}));
vi.mock('./api', () => ({ appliesApi: api }));

const receipt = (over: Partial<GRRow> = {}): GRRow => ({
  ID: 11,
  DocumentID: 3,
  DocNo: 'A1000261100001',
  MilestoneID: 5,
  MilestoneName: '第一季度',
  GRDate: '2026-01-15',
  Month: '2026-01',
  Amount: '1500.00',
  Description: '一月住宿',
  ClaimID: null,
  ClaimNo: null,
  FileCount: 0,
  Version: 1,
  ...over,
});

const MILESTONES = (editable: boolean): MilestoneList => ({
  Rows: [
    {
      ID: 5,
      DocumentID: 3,
      Name: '第一季度',
      PlannedDate: '2026-03-31',
      Amount: '4500.00',
      ReceivedAmount: '1500.00',
      ReceiptCount: 1,
      Version: 1,
    },
  ],
  ApplyAmount: '18000.00',
  PlannedAmount: '4500.00',
  Editable: editable,
});

function show(node: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MessageHost />
      {node}
    </QueryClientProvider>,
  );
}

describe('apply receipts', () => {
  beforeAll(async () => {
    await initTestI18n('zh-CN');
  });
  beforeEach(() => {
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists milestones and receipts, and deletes a receipt only after the confirmation', async () => {
    api.milestones.mockResolvedValue(MILESTONES(true));
    const list: GRList = { Rows: [receipt()], TotalAmount: '1500.00', Editable: true };
    api.receipts.mockResolvedValue(list);
    api.deleteReceipt.mockResolvedValue({ Success: true });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    show(<ApplyReceiptsSection documentId={3} />);
    expect(await screen.findByText('一月住宿')).toBeTruthy();
    expect(screen.getAllByText('第一季度').length).toBeGreaterThan(0);
    expect(screen.getByText('已计划 4,500.00 / 总额 18,000.00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('receipt-table-delete'));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('确定要删除吗？'));
    expect(api.deleteReceipt).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    // The action button ignores a second click within a second.
    await new Promise((r) => setTimeout(r, 1100));
    fireEvent.click(screen.getByTestId('receipt-table-delete'));
    await waitFor(() => expect(api.deleteReceipt).toHaveBeenCalledWith(11, 1));
  });

  it('offers no changes when the server says the apply takes none', async () => {
    api.milestones.mockResolvedValue(MILESTONES(false));
    api.receipts.mockResolvedValue({
      Rows: [receipt({ ClaimID: 9, ClaimNo: 'D1000261100002' })],
      TotalAmount: '1500.00',
      Editable: false,
    });
    show(<ApplyReceiptsSection documentId={3} />);
    expect(await screen.findByText('D1000261100002')).toBeTruthy();
    expect(screen.queryByTestId('milestone-add')).toBeNull();
    expect(screen.queryByTestId('receipt-add')).toBeNull();
    expect(screen.queryByTestId('receipt-table-delete')).toBeNull();
  });

  it('lets a claim let a receipt go after asking', async () => {
    api.receipts.mockResolvedValue({
      Rows: [receipt({ ClaimID: 8, ClaimNo: 'D1' })],
      TotalAmount: '1500.00',
      Editable: true,
    });
    api.unrelate.mockResolvedValue({ Rows: [], TotalAmount: '0.00', Editable: true });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    show(<ClaimReceiptsSection documentId={8} />);
    expect(await screen.findByText('本报销单关联的收货合计：1,500.00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('related-table-delete'));
    await waitFor(() => expect(api.unrelate).toHaveBeenCalledWith(8, [11]));
    expect(confirm).toHaveBeenCalledWith('确定从报销单中移除该收货记录？');
  });
});
