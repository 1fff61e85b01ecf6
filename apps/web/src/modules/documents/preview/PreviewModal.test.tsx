import type { PreviewData } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { PreviewModal } from './PreviewModal';

const load = vi.hoisted(() => vi.fn());
vi.mock('../attachments/api', () => ({ previewApi: { load } }));

const DATA: PreviewData = {
  Header: {
    ID: 5,
    DocNo: 'D100025030001',
    DocType: 'deputy',
    DocTypeName: '报销单',
    CompanyName: '华康制药',
    ApplicantCode: 'E00010',
    ApplicantName: '张伟',
    PreparerName: '张伟',
    TeamName: '肿瘤华东上海',
    CostCenterCode: 'T-OWN',
    CostCenterName: '成本中心T-OWN',
    InternalOrderCode: null,
    ExpenseTypeName: '差旅',
    Currency: 'CNY',
    Reason: '上海出差',
    StartDate: '2025-03-01',
    EndDate: '2025-03-02',
    Status: 'approved',
    StatusName: '审批通过',
    CreatedAt: '2025-03-01T01:00:00.000Z',
    SubmittedAt: '2025-03-01T02:00:00.000Z',
    ApprovedAt: '2025-03-01T03:00:00.000Z',
    ApplyNo: 'A100025030001',
  },
  Lines: [
    {
      LineNo: 1,
      ExpenseItemName: '住宿费',
      ExpenseSubItemName: null,
      ExpenseDate: '2025-03-01',
      Amount: '12345.67',
      Currency: 'CNY',
      FxRate: '1',
      AmountCNY: '12345.67',
      Description: '酒店',
    },
  ],
  TotalAmount: '12345.67',
  TotalAmountCNY: '12345.67',
  TotalInWords: '壹万贰仟叁佰肆拾伍元陆角柒分',
  Route: [
    {
      ID: 1,
      Round: 1,
      Seq: 1,
      StepKind: 'line_manager',
      StepName: '直属经理',
      ApproverID: 2,
      ApproverName: '李静',
      Status: 'approved',
      ActedByID: 2,
      ActedByName: '李静',
      ActedAt: '2025-03-01T03:00:00.000Z',
      PendingSince: null,
      Comment: '同意',
      ReasonKey: 'workflow.reason.line_manager',
    },
  ],
  AttachmentCount: 2,
  Apportionment: [],
  Trips: [],
  Payee: null,
  PurchaseOrders: [],
  AirTicketShares: [],
  PrintedAt: '2025-03-02T01:00:00.000Z',
};

describe('PreviewModal', () => {
  beforeAll(async () => {
    await initTestI18n('zh-CN');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the sheet with totals in words and the route, and prints only when asked', async () => {
    load.mockResolvedValue(DATA);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PreviewModal documentId={5} docType="deputy" open onClose={() => undefined} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(load).toHaveBeenCalledWith('deputy', 5));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toContain('壹万贰仟叁佰肆拾伍元陆角柒分'));
    expect(dialog.textContent).toContain('A100025030001');
    expect(dialog.textContent).toContain('12,345.67 CNY');
    expect(dialog.textContent).toContain('直属经理');
    expect(dialog.textContent).toContain('同意');
    // Step and document states read as on the screen's route and lists (doc.step.*, doc.status.*).
    expect(dialog.textContent).toContain('已同意');
    expect(dialog.textContent).toContain('审批通过');
    // The print copy sits beside the page, hidden on screen.
    expect(document.querySelector('body > .ems-print-copy')?.textContent).toContain('华康制药 报销单');
    expect(print).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('preview-print'));
    expect(print).toHaveBeenCalledOnce();
  });

  it('loads nothing while closed', () => {
    load.mockClear();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PreviewModal documentId={5} docType="loan" open={false} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    expect(load).not.toHaveBeenCalled();
  });
});
