import { MailOutlined, ReloadOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import type { WalletMailRow } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Input, Modal, Pagination, Popconfirm, Tag, Typography, theme } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notice } from '../../../app/notice';
import { formatDateTime } from '../../../shared/format';
import { walletApi } from './api';
import { shrinkPhoto } from './shrinkPhoto';

const PAGE_SIZE = 5;
const ACCEPT = '.pdf,.ofd,.xml,image/jpeg,image/png';
const OUTCOME_COLOUR: Record<WalletMailRow['Outcome'], string> = {
  taken: 'success',
  no_attachment: 'warning',
  too_large: 'warning',
  unknown_recipient: 'error',
  unreadable: 'error',
};

/**
 * Forwarding fapiao into the wallet by mail (decision 067): the caller's address (copied, or renewed after a
 * confirmation), the mails received with what each attachment became, and, where no mail server is connected, the
 * simulated server's form to send one.
 */
export function WalletMailModal(props: { open: boolean; onClose: () => void; onTaken: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const address = useQuery({
    queryKey: ['wallet', 'mail', 'address'],
    queryFn: walletApi.mailAddress,
    enabled: props.open,
  });
  const mails = useQuery({
    queryKey: ['wallet', 'mail', 'log', page],
    queryFn: () => walletApi.mails(page, PAGE_SIZE),
    enabled: props.open,
  });
  const renew = async () => {
    try {
      await walletApi.renewMailAddress();
      notice.success(t('wallet.mail.renewed'));
      await address.refetch();
    } catch (error) {
      notice.error(error);
    }
  };
  return (
    <Modal
      open={props.open}
      title={t('wallet.mail.title')}
      onCancel={props.onClose}
      footer={<Button onClick={props.onClose}>{t('common.close')}</Button>}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="wallet-mail">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('wallet.mail.hint')}
        </Typography.Paragraph>
        {address.data ? (
          <Flex wrap gap={8} align="center">
            <MailOutlined aria-hidden />
            <Typography.Text
              strong
              copyable={{ text: address.data.Address, tooltips: [t('wallet.mail.copy'), t('wallet.mail.copied')] }}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="wallet-mail-address"
            >
              {address.data.Address}
            </Typography.Text>
            <Popconfirm title={t('wallet.mail.renewConfirm')} onConfirm={renew}>
              <Button size="small" icon={<ReloadOutlined />} data-testid="wallet-mail-renew">
                {t('wallet.mail.renew')}
              </Button>
            </Popconfirm>
          </Flex>
        ) : address.error ? (
          <Alert type="error" showIcon message={errorText(address.error)} />
        ) : null}
        {address.data?.Simulated ? (
          <SimulatedSend
            onSent={async () => {
              setPage(1);
              await Promise.all([mails.refetch(), props.onTaken()]);
            }}
          />
        ) : null}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('wallet.mail.log')}
        </Typography.Title>
        <MailLog rows={mails.data?.Rows ?? []} loading={mails.isLoading} />
        {(mails.data?.Total ?? 0) > PAGE_SIZE ? (
          <Pagination
            size="small"
            current={page}
            pageSize={PAGE_SIZE}
            total={mails.data?.Total ?? 0}
            onChange={setPage}
            showSizeChanger={false}
          />
        ) : null}
      </Flex>
    </Modal>
  );
}

/** The simulated mail server's form: a subject and the files, sent as one mail to the caller's address. */
function SimulatedSend(props: { onSent: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const send = async () => {
    setBusy(true);
    try {
      const sent = await walletApi.simulateMail(
        await Promise.all(files.map(shrinkPhoto)),
        subject.trim() || t('wallet.mail.defaultSubject'),
      );
      const added = sent.Parts.filter((p) => p.InvoiceID !== null).length;
      const refused = sent.Parts.filter((p) => p.Code && p.Code !== 'invoice.mail_same_fapiao').length;
      notice.success(t('wallet.mail.sent', { added, refused }));
      setFiles([]);
      setSubject('');
      await props.onSent();
    } catch (error) {
      notice.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={8}>
      <Alert type="info" showIcon message={t('wallet.mail.simulated')} />
      <Input
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        placeholder={t('wallet.mail.defaultSubject')}
        aria-label={t('wallet.mail.subject')}
        maxLength={200}
        data-testid="wallet-mail-subject"
      />
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        accept={ACCEPT}
        aria-label={t('wallet.mail.files')}
        data-testid="wallet-mail-files"
        onChange={(e) => {
          setFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <Flex wrap gap={8} align="center">
        <Button icon={<UploadOutlined />} onClick={() => picker.current?.click()}>
          {t('wallet.mail.files')}
        </Button>
        {files.map((f) => (
          <Tag key={f.name} style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
            {f.name}
          </Tag>
        ))}
      </Flex>
      <Button
        type="primary"
        icon={<SendOutlined />}
        disabled={!files.length}
        loading={busy}
        onClick={send}
        data-testid="wallet-mail-send"
      >
        {t('wallet.mail.simulate')}
      </Button>
    </Flex>
  );
}

/** The mails received, newest first: when, from whom, about what, and each attachment with what it became. */
function MailLog(props: { rows: WalletMailRow[]; loading: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (!props.rows.length)
    return props.loading ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wallet.mail.none')} />;
  return (
    <Flex vertical gap={8} role="list" data-testid="wallet-mail-log">
      {props.rows.map((m) => (
        <Flex
          key={m.ID}
          vertical
          gap={2}
          role="listitem"
          style={{ padding: 8, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }}
          data-testid={`wallet-mail-${m.ID}`}
        >
          <Flex wrap gap={8} align="baseline" justify="space-between">
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {m.Subject || '—'}
            </Typography.Text>
            <Tag color={OUTCOME_COLOUR[m.Outcome]}>{t(`wallet.mail.outcome.${m.Outcome}`)}</Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}>
            {t('wallet.mail.receivedAt')} {formatDateTime(m.ReceivedAt)}
            {m.From ? ` · ${t('wallet.mail.from')} ${m.From}` : ''}
          </Typography.Text>
          {m.Parts.map((p, n) => (
            <Typography.Text
              // biome-ignore lint/suspicious/noArrayIndexKey: a mail's parts keep their order and may share a name.
              key={n}
              type={p.InvoiceID !== null ? 'success' : p.Code === 'invoice.mail_same_fapiao' ? 'secondary' : 'danger'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {t('wallet.fileLine', { name: p.FileName, text: p.Message ?? t('wallet.state.done') })}
            </Typography.Text>
          ))}
        </Flex>
      ))}
    </Flex>
  );
}
