import { DeleteOutlined, FileAddOutlined, FileSearchOutlined, UploadOutlined } from '@ant-design/icons';
import { addMoney, formatAmount, type InvoiceRow } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Flex,
  Form,
  List,
  Modal,
  Pagination,
  Popconfirm,
  Progress,
  Segmented,
  Select,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../../app/layout/pageTitle';
import { errorText } from '../../../app/notice';
import { documentApi } from '../api';
import { walletApi } from './api';
import { openOriginal } from './original';
import { shrinkPhoto } from './shrinkPhoto';

const VERIFY_COLOUR = { not_verified: 'default', verified: 'success', failed: 'error' } as const;
const PAGE_SIZE = 20;
/** What the wallet reads: the tax platform's files and photos of paper fapiao. */
const ACCEPT = '.pdf,.ofd,.xml,image/jpeg,image/png';

type Upload = { key: string; name: string; state: 'waiting' | 'reading' | 'done' | 'failed'; text?: string };

/**
 * The receipt wallet (票夹, decision 062): fapiao files uploaded before any claim, several at once with progress,
 * each shown with what was read, its verification and whether a document holds it; chosen ones become a draft
 * reimbursement, one line per fapiao.
 */
export default function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { token } = theme.useToken();
  usePageTitle(t('wallet.title'));
  const [onDocument, setOnDocument] = useState(false);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<InvoiceRow[]>([]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [drafting, setDrafting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useQuery({
    queryKey: ['wallet', onDocument, page],
    queryFn: () => walletApi.search(onDocument, page, PAGE_SIZE),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['wallet'] });

  const uploadAll = async (files: File[]) => {
    const batch: Upload[] = files.map((f, n) => ({ key: `${Date.now()}-${n}`, name: f.name, state: 'waiting' }));
    setUploads(batch);
    const set = (key: string, change: Partial<Upload>) =>
      setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));
    // One after another: the server reads one file at a time anyway, and a phone's connection carries one well.
    for (const [n, file] of files.entries()) {
      const key = batch[n]!.key;
      set(key, { state: 'reading' });
      try {
        const res = await walletApi.upload(await shrinkPhoto(file));
        const i = res.Invoice;
        set(key, {
          state: 'done',
          text: `${i.InvoiceTypeName} ${i.Number} · ${formatAmount(i.TotalAmount)}${res.HeldByOther ? ` · ${t('wallet.heldByOther')}` : ''}`,
        });
      } catch (error) {
        set(key, { state: 'failed', text: errorText(error) });
      }
    }
    await refresh();
  };

  const finished = uploads.filter((u) => u.state === 'done' || u.state === 'failed').length;
  const total = addMoney('0', ...chosen.map((r) => r.TotalAmount));
  const rows = list.data?.Rows ?? [];
  const toggle = (row: InvoiceRow, on: boolean) =>
    setChosen((c) => (on ? [...c, row] : c.filter((r) => r.ID !== row.ID)));

  return (
    <Flex vertical gap={12} data-testid="wallet">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('wallet.intro')}
      </Typography.Paragraph>
      <Flex wrap gap={8} align="center">
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label={t('wallet.upload')}
          data-testid="wallet-file"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void uploadAll(files);
          }}
        />
        <Button type="primary" icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          {t('wallet.upload')}
        </Button>
        <Segmented
          value={onDocument ? 'used' : 'free'}
          onChange={(v) => {
            setOnDocument(v === 'used');
            setPage(1);
            setChosen([]);
          }}
          options={[
            { value: 'free', label: t('wallet.free') },
            { value: 'used', label: t('wallet.used') },
          ]}
          data-testid="wallet-filter"
        />
      </Flex>

      {uploads.length ? (
        <Flex vertical gap={4} data-testid="wallet-uploads" aria-live="polite">
          <Progress
            percent={Math.round((finished / uploads.length) * 100)}
            format={() => t('wallet.progress', { done: finished, total: uploads.length })}
          />
          {uploads.map((u) => (
            <Typography.Text
              key={u.key}
              type={u.state === 'failed' ? 'danger' : u.state === 'done' ? 'success' : 'secondary'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {t('wallet.fileLine', { name: u.name, text: u.text ?? t(`wallet.state.${u.state}`) })}
            </Typography.Text>
          ))}
        </Flex>
      ) : null}

      <List
        loading={list.isLoading}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t(onDocument ? 'wallet.noneUsed' : 'wallet.none')} /> }}
        data-testid="wallet-list"
        renderItem={(row) => (
          <List.Item
            key={row.ID}
            data-testid={`wallet-item-${row.Number}`}
            actions={[
              row.HasFile ? (
                <Button
                  key="file"
                  type="link"
                  size="small"
                  icon={<FileSearchOutlined />}
                  onClick={() => openOriginal(row.ID)}
                >
                  {t('wallet.original')}
                </Button>
              ) : null,
              row.CanChange && row.DocumentID === null ? (
                <Popconfirm
                  key="delete"
                  title={t('wallet.confirmDelete', { number: row.Number })}
                  onConfirm={async () => {
                    await walletApi.remove(row);
                    setChosen((c) => c.filter((r) => r.ID !== row.ID));
                    await refresh();
                  }}
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                </Popconfirm>
              ) : null,
            ].filter(Boolean)}
          >
            <Flex gap={12} align="flex-start" style={{ width: '100%', minWidth: 0 }}>
              {row.DocumentID === null ? (
                <Checkbox
                  checked={chosen.some((r) => r.ID === row.ID)}
                  onChange={(e) => toggle(row, e.target.checked)}
                  aria-label={t('wallet.choose', { number: row.Number })}
                />
              ) : null}
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong ellipsis>
                    {row.SellerName || row.InvoiceTypeName}
                  </Typography.Text>
                  <span className="amount">{formatAmount(row.TotalAmount)}</span>
                </Flex>
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {row.InvoiceTypeName} · {row.Number} · {row.InvoiceDate}
                </Typography.Text>
                <Flex wrap gap={4}>
                  <Tag color={VERIFY_COLOUR[row.VerifyStatus]}>{row.VerifyStatusName}</Tag>
                  {row.DocNo ? (
                    <Link to={`/manage/document/view/${row.DocumentID}`}>
                      {t('wallet.onDocument', { docNo: row.DocNo })}
                    </Link>
                  ) : null}
                </Flex>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
      {(list.data?.Total ?? 0) > PAGE_SIZE ? (
        <Pagination
          simple
          current={page}
          pageSize={PAGE_SIZE}
          total={list.data?.Total ?? 0}
          onChange={(p) => setPage(p)}
          style={{ alignSelf: 'center' }}
        />
      ) : null}

      {chosen.length ? (
        <Flex
          justify="space-between"
          align="center"
          gap={8}
          wrap
          // At hand on a phone however long the list: the bar stays at the bottom of the screen.
          style={{ position: 'sticky', bottom: 0, padding: '8px 0', background: token.colorBgContainer, zIndex: 2 }}
          data-testid="wallet-bar"
        >
          <Typography.Text>{t('wallet.chosen', { count: chosen.length, amount: formatAmount(total) })}</Typography.Text>
          <Button type="primary" icon={<FileAddOutlined />} onClick={() => setDrafting(true)}>
            {t('wallet.makeDraft')}
          </Button>
        </Flex>
      ) : null}
      <DraftModal
        open={drafting}
        invoiceIds={chosen.map((r) => r.ID)}
        onClose={() => setDrafting(false)}
        onDone={async (id) => {
          setDrafting(false);
          setChosen([]);
          await refresh();
          navigate(`/manage/document/edit/${id}`);
        }}
      />
    </Flex>
  );
}

/** Asks for the reimbursement's expense type, then writes the draft. */
function DraftModal(props: {
  open: boolean;
  invoiceIds: number[];
  onClose: () => void;
  onDone: (documentId: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ ExpenseTypeID: number }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const info = useQuery({
    queryKey: ['documents', 'mainInfo', 'deputy'],
    queryFn: () => documentApi.mainInfo('deputy'),
    enabled: props.open,
  });
  const submit = async () => {
    const { ExpenseTypeID } = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const d = await walletApi.draft(ExpenseTypeID, props.invoiceIds);
      await props.onDone(d.ID);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={t('wallet.makeDraft')}
      okText={t('wallet.makeDraftOk')}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="ExpenseTypeID"
          label={t('doc.field.expenseType')}
          rules={[{ required: true, message: t('common.required') }]}
          extra={t('wallet.draftHint', { count: props.invoiceIds.length })}
        >
          <Select
            loading={info.isLoading}
            options={(info.data?.Types ?? []).map((x) => ({ value: x.ID, label: x.Name }))}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('doc.field.expenseTypePlaceholder')}
            data-testid="wallet-type"
          />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
