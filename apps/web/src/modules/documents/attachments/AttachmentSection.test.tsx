import { ACCEPTED_TYPES, type AttachmentList, type FileTypeList } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import MessageHost from '../../../app/MessageHost';
import { initTestI18n } from '../../../test/i18n';
import { AttachmentSection } from './AttachmentSection';

const api = vi.hoisted(() => ({
  fileTypes: vi.fn(),
  list: vi.fn(),
  upload: vi.fn(),
  remove: vi.fn(),
  view: vi.fn(),
  download: vi.fn(),
  downloadAll: vi.fn(),
  saveImage: vi.fn(),
}));
vi.mock('./api', () => ({ attachmentApi: api }));

const TYPES: FileTypeList = {
  Kinds: [
    { Kind: 'invoice', KindName: '发票' },
    { Kind: 'receipt', KindName: '收据' },
  ],
  AcceptedTypes: ACCEPTED_TYPES.map((t) => ({ MimeType: t.mimeType, Extensions: [...t.extensions], IsImage: t.image })),
  // Small, so the test need not build a 30 MB file.
  MaxBytes: 1024 * 1024,
};

function files(editable: boolean): AttachmentList {
  return {
    Editable: editable,
    Rows: [
      {
        ID: 7,
        DocumentID: 3,
        Kind: 'invoice',
        KindName: '发票',
        FileName: '酒店发票.pdf',
        MimeType: 'application/pdf',
        Size: 3482,
        UploadedByName: '张伟',
        UploadedAt: '2025-03-01T02:00:00.000Z',
        IsImage: false,
        CanRemove: editable,
      },
    ],
  };
}

function show(documentId: number | undefined, editable = true) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MessageHost />
      <AttachmentSection documentId={documentId} editable={editable} />
    </QueryClientProvider>,
  );
}

describe('AttachmentSection', () => {
  beforeAll(async () => {
    await initTestI18n('zh-CN');
  });
  beforeEach(() => {
    vi.clearAllMocks();
    api.fileTypes.mockResolvedValue(TYPES);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the document to be saved first when it has no id yet', () => {
    show(undefined);
    expect(screen.getByText('请先保存单据，再上传附件')).toBeTruthy();
    expect(api.list).not.toHaveBeenCalled();
  });

  it('lists the files and removes one after the confirmation', async () => {
    api.list.mockResolvedValue(files(true));
    api.remove.mockResolvedValue({ Success: true });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    show(3);
    expect(await screen.findByText('酒店发票.pdf')).toBeTruthy();
    expect(screen.getByText('3.4 KB')).toBeTruthy();
    fireEvent.click(screen.getByTestId('attachment-remove'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(7));
    expect(confirm).toHaveBeenCalledWith('确定要删除吗？');
  });

  it('offers no upload or removal once the server says the document is no longer editable', async () => {
    api.list.mockResolvedValue(files(false));
    show(3, true);
    await screen.findByText('酒店发票.pdf');
    expect(screen.queryByTestId('attachment-upload')).toBeNull();
    expect(screen.queryByTestId('attachment-remove')).toBeNull();
    expect(screen.getByTestId('attachment-download-all')).toBeTruthy();
  });

  it('refuses a file over the limit before sending it, and uploads an accepted one with the chosen kind', async () => {
    api.list.mockResolvedValue(files(true));
    api.upload.mockResolvedValue(files(true).Rows[0]);
    show(3);
    await screen.findByText('酒店发票.pdf');
    await waitFor(() => expect(screen.getByTestId('attachment-upload').closest('.ant-upload-disabled')).toBeNull());
    // The chooser is replaced after every choice.
    const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;

    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    fireEvent.change(input(), { target: { files: [big] } });
    expect(await screen.findByText('文件不能超过 1 MB')).toBeTruthy();
    expect(api.upload).not.toHaveBeenCalled();

    const exe = new File([new Uint8Array(10)], 'setup.exe', { type: 'application/x-msdownload' });
    fireEvent.change(input(), { target: { files: [exe] } });
    expect(await screen.findByText(/不支持的文件类型（\.exe）/)).toBeTruthy();
    expect(api.upload).not.toHaveBeenCalled();

    const pdf = new File([new Uint8Array(100)], 'taxi.pdf', { type: 'application/pdf' });
    fireEvent.change(input(), { target: { files: [pdf] } });
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith(3, 'invoice', expect.any(File)));
    expect(api.upload.mock.calls[0]?.[2]).toMatchObject({ name: 'taxi.pdf' });
  });
});
