import type { WalletMailRow } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import MessageHost from '../../../app/MessageHost';
import { initTestI18n } from '../../../test/i18n';
import { WalletMailModal } from './WalletMailModal';

const api = vi.hoisted(() => ({
  mailAddress: vi.fn(),
  renewMailAddress: vi.fn(),
  mails: vi.fn(),
  simulateMail: vi.fn(),
}));
vi.mock('./api', () => ({ walletApi: api }));

beforeAll(() => initTestI18n('zh-CN'));
afterEach(() => vi.resetAllMocks());

const MAIL: WalletMailRow = {
  ID: 9,
  ReceivedAt: '2026-12-08T01:30:00.000Z',
  From: 'li.na@example.com',
  Subject: '三月发票',
  Outcome: 'taken',
  Parts: [
    { FileName: '发票.xml', InvoiceID: 4, Code: null, Message: null },
    { FileName: 'notes.docx', InvoiceID: null, Code: 'invoice.file_type_unsupported', Message: '仅可读取 XML' },
  ],
};

function renderModal(simulated: boolean, onTaken = vi.fn(async () => undefined)) {
  api.mailAddress.mockResolvedValue({ Address: 'abcdefgh2345@wallet-mail.invalid', Simulated: simulated });
  api.mails.mockResolvedValue({ Total: 1, Rows: [MAIL] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MessageHost />
      <WalletMailModal open onClose={() => undefined} onTaken={onTaken} />
    </QueryClientProvider>,
  );
  return onTaken;
}

describe('forwarding fapiao by mail', () => {
  it('shows the address and each mail received with what its files became', async () => {
    renderModal(false);
    expect((await screen.findByTestId('wallet-mail-address')).textContent).toContain(
      'abcdefgh2345@wallet-mail.invalid',
    );
    const mail = await screen.findByTestId('wallet-mail-9');
    expect(mail.textContent).toContain('三月发票');
    expect(mail.textContent).toContain('已读取');
    expect(mail.textContent).toContain('发票.xml：已放入票夹');
    expect(mail.textContent).toContain('notes.docx：仅可读取 XML');
    // With a mail server connected, there is nothing to simulate.
    expect(screen.queryByTestId('wallet-mail-send')).toBeNull();
  });

  it('renews the address only after a confirmation', async () => {
    renderModal(false);
    api.renewMailAddress.mockResolvedValue({ Address: 'zzzzzzzzzzzz@wallet-mail.invalid', Simulated: false });
    fireEvent.click(await screen.findByTestId('wallet-mail-renew'));
    expect(api.renewMailAddress).not.toHaveBeenCalled();
    api.mailAddress.mockResolvedValue({ Address: 'zzzzzzzzzzzz@wallet-mail.invalid', Simulated: false });
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(api.renewMailAddress).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.getByTestId('wallet-mail-address').textContent).toContain('zzzzzzzzzzzz@wallet-mail.invalid'),
    );
  });

  it('sends the chosen files as a simulated mail with its subject, and refreshes the wallet', async () => {
    const onTaken = renderModal(true);
    api.simulateMail.mockResolvedValue(MAIL);
    const send = await screen.findByTestId('wallet-mail-send');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const file = new File(['<Invoice/>'], 'a.xml', { type: 'application/xml' });
    fireEvent.change(screen.getByTestId('wallet-mail-files'), { target: { files: [file] } });
    fireEvent.change(screen.getByTestId('wallet-mail-subject'), { target: { value: '出差发票' } });
    fireEvent.click(send);
    await waitFor(() => expect(api.simulateMail).toHaveBeenCalledWith([file], '出差发票'));
    expect(await screen.findByText('邮件已送达票夹：1 张发票放入，1 个文件未放入')).toBeTruthy();
    expect(onTaken).toHaveBeenCalled();
  });
});
