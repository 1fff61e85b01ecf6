import type { DocumentInvoiceList, FapiaoFileRead, InvoiceLineCover, InvoiceRow } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import MessageHost from '../../../app/MessageHost';
import { initTestI18n } from '../../../test/i18n';
import { InvoiceSection } from './InvoiceSection';

const api = vi.hoisted(() => ({
  list: vi.fn(),
  save: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
  lines: vi.fn(),
  folder: vi.fn(),
  readFile: vi.fn(),
}));
vi.mock('./api', () => ({ invoiceApi: api }));
// The folder picker reads the culture from the app's boot context, which a section test does not start.
vi.mock('../../../app/i18n/BootProvider', () => ({ useBoot: () => ({ culture: 'zh-CN' }) }));

const QR = '01,32,,26312000000000000001,106.00,20261120,,C0FFEE,';
const ROW: InvoiceRow = {
  ID: 5,
  DocumentID: 3,
  DocNo: 'D100026110001',
  InvoiceType: 'digital_normal',
  InvoiceTypeName: '全电发票（普通发票）',
  Code: '',
  Number: '26312000000000000001',
  InvoiceDate: '2026-11-20',
  Amount: '106.00',
  TaxAmount: '0.00',
  FuelAmount: '0.00',
  TotalAmount: '106.00',
  DeductibleVat: '0.00',
  CheckCode: '',
  BuyerName: '',
  BuyerTaxID: '',
  BuyerPersonal: false,
  SellerName: '',
  SellerTaxID: '',
  Electronic: true,
  FullyDigital: true,
  Source: 'qr',
  HasFile: false,
  VerifyStatus: 'not_verified',
  VerifyStatusName: '未查验',
  VerifyMessage: null,
  ClaimState: 'free',
  Remark: null,
  CanChange: true,
  LineNo: 1,
  Version: 1,
};
const LINE: InvoiceLineCover = {
  LineNo: 1,
  ItemName: 'HOTEL 住宿费',
  Amount: '680.00',
  NeedsInvoice: true,
  PersonalBuyerAllowed: false,
  Covered: '106.00',
  Short: '574.00',
};
const COMPANY = { Name: '上海医药示范有限公司', TaxID: '91310000MA1FL1XX1X' };
const list = (rows: InvoiceRow[], editable = true, lines: InvoiceLineCover[] = []): DocumentInvoiceList => ({
  Rows: rows,
  Editable: editable,
  AllElectronic: rows.length > 0 && rows.every((r) => r.Electronic),
  TotalAmount: rows.length ? '106.00' : '0.00',
  DeductibleVat: '0.00',
  Lines: lines,
  Buyer: COMPANY,
});

function show(documentId: number | undefined, editable = true) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MessageHost />
      <InvoiceSection documentId={documentId} editable={editable} />
    </QueryClientProvider>,
  );
}

describe('InvoiceSection', () => {
  beforeAll(async () => {
    await initTestI18n('zh-CN');
  });
  beforeEach(() => {
    vi.clearAllMocks();
    api.folder.mockResolvedValue({ Total: 0, Rows: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the document to be saved first', () => {
    show(undefined);
    expect(screen.getByText('请先保存单据，再录入发票')).toBeTruthy();
    expect(api.list).not.toHaveBeenCalled();
  });

  it('takes what a scanner types, ended by Enter, as the QR text, and clears the box for the next one', async () => {
    api.list.mockResolvedValueOnce(list([])).mockResolvedValue(list([ROW]));
    api.save.mockResolvedValue(ROW);
    show(3);
    const box = (await screen.findByTestId('invoice-qr')) as HTMLInputElement;
    fireEvent.change(box, { target: { value: QR } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    await waitFor(() => expect(api.save).toHaveBeenCalledWith({ DocumentID: 3, QrText: QR }));
    expect(await screen.findByText('26312000000000000001')).toBeTruthy();
    expect(box.value).toBe('');
    expect(screen.getByTestId('invoice-no-mailing').textContent).toBe('全部为电子发票，无需邮寄');
    expect(screen.getByTestId('invoice-verify').textContent).toBe('未查验');
  });

  it('offers no entry or removal once the server says the document is no longer editable', async () => {
    api.list.mockResolvedValue(list([{ ...ROW, ClaimState: 'locked', CanChange: false }], false));
    show(3);
    await screen.findByText('26312000000000000001');
    expect(screen.queryByTestId('invoice-qr')).toBeNull();
    expect(screen.queryByTestId('invoice-remove')).toBeNull();
    expect(screen.getByText('已占用')).toBeTruthy();
  });

  it('removes a fapiao from the document after the confirmation', async () => {
    api.list.mockResolvedValue(list([ROW]));
    api.remove.mockResolvedValue({ Success: true });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    show(3);
    await screen.findByText('26312000000000000001');
    fireEvent.click(screen.getByTestId('invoice-remove'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(3, 5));
  });

  it('shows what each line still lacks, and flags a fully digital fapiao read without its buyer', async () => {
    api.list.mockResolvedValue(
      list([ROW], true, [
        LINE,
        {
          ...LINE,
          LineNo: 2,
          ItemName: 'TAXI 出租车费',
          Amount: '45.50',
          NeedsInvoice: false,
          Covered: '0.00',
          Short: '0.00',
        },
      ]),
    );
    show(3);
    expect((await screen.findByTestId('invoice-cover-line-1')).textContent).toContain(
      '第 1 行 HOTEL 住宿费：680.00，发票 106.00',
    );
    expect(screen.getByTestId('invoice-cover-line-1').textContent).toContain('差 574.00');
    expect(screen.getByTestId('invoice-cover-line-2').textContent).toContain('无需发票');
    expect(screen.getByTestId('invoice-buyer-missing').textContent).toBe('缺购买方税号');
  });

  it('fills in the company as the buyer and sends it with the fapiao’s version', async () => {
    api.list.mockResolvedValue(list([ROW], true, [LINE]));
    api.update.mockResolvedValue({ ...ROW, BuyerName: COMPANY.Name, BuyerTaxID: COMPANY.TaxID, Version: 2 });
    show(3);
    fireEvent.click(await screen.findByTestId('invoice-buyer-edit'));
    fireEvent.click(await screen.findByTestId('invoice-buyer-company'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith({
        DocumentID: 3,
        InvoiceID: 5,
        Version: 1,
        BuyerName: COMPANY.Name,
        BuyerTaxID: COMPANY.TaxID,
        BuyerPersonal: false,
      }),
    );
  });

  it('reads a fapiao file into the entry form to confirm, leaving what the file lacks, and saves what was confirmed', async () => {
    const read: FapiaoFileRead = {
      Format: 'pdf',
      Invoice: {
        InvoiceType: 'digital_special',
        Number: '24312000000012345678',
        InvoiceDate: '2024-03-05',
        Amount: '2000.00',
        TaxAmount: '120.00',
        SellerName: '北京样例信息技术有限公司',
        SellerTaxID: '91110108TEST00002Y',
        Electronic: true,
        Items: [{ Name: '*信息技术服务*软件维护费', Amount: '2000.00', TaxRate: '0.06', TaxAmount: '120.00' }],
      },
      Total: '2120.00',
      Sources: { number: 'qr', total: 'qr' },
      Conflicts: [{ Field: 'total', Kept: '2120.00', KeptFrom: 'qr', Other: '2210.00', OtherFrom: 'text' }],
      Duplicate: { Where: 'claimed', DocNo: 'D100026110009' },
    };
    api.list.mockResolvedValue(list([]));
    api.readFile.mockResolvedValue(read);
    api.save.mockResolvedValue(ROW);
    show(3);
    const input = (await screen.findByTestId('invoice-read-file')).closest('span')!.querySelector('input[type=file]')!;
    const file = new File(['%PDF-1.7'], 'fapiao.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(api.readFile).toHaveBeenCalledWith(file));
    const summary = await screen.findByTestId('invoice-read-summary');
    expect(summary.textContent).toContain('已从PDF 文件读取');
    expect(summary.textContent).toContain('这张发票已由单据 D100026110009 报销');
    expect(summary.textContent).toContain('价税合计：已采用二维码中的 2120.00，票面文字为 2210.00');
    expect((screen.getByTestId('invoice-number-input') as HTMLInputElement).value).toBe('24312000000012345678');
    expect((screen.getByTestId('invoice-amount') as HTMLInputElement).value).toBe('2000.00');
    // The file names no buyer: the claimant enters it.
    expect((screen.getByTestId('invoice-buyer') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByTestId('invoice-buyer'), { target: { value: COMPANY.Name } });
    fireEvent.change(screen.getByTestId('invoice-buyer-tax'), { target: { value: COMPANY.TaxID } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.save).toHaveBeenCalledWith(
        expect.objectContaining({
          DocumentID: 3,
          InvoiceType: 'digital_special',
          Number: '24312000000012345678',
          InvoiceDate: '2024-03-05',
          Amount: '2000.00',
          BuyerName: COMPANY.Name,
          BuyerTaxID: COMPANY.TaxID,
          SellerTaxID: '91110108TEST00002Y',
          Electronic: true,
          Items: read.Invoice.Items,
        }),
      ),
    );
  });
});
