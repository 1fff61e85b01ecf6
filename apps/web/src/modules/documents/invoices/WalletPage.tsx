import {
  DeleteOutlined,
  FileAddOutlined,
  FileSearchOutlined,
  MailOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  addMoney,
  formatAmount,
  type InvoiceRow,
  type WalletReceiptRow,
  type WalletReceiptUpload,
} from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Flex,
  Form,
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
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../app/http/ApiError';
import { usePageTitle } from '../../../app/layout/pageTitle';
import { errorText } from '../../../app/notice';
import { FormModal } from '../../../shared/FormModal';
import { useFormSubmit } from '../../../shared/useFormSubmit';
import { documentApi } from '../api';
import { walletApi } from './api';
import { openOriginal, openReceipt } from './original';
import { RECEIPT_FIELDS, ReceiptFormItems, type ReceiptValues, receiptFields } from './ReceiptSection';
import { shrinkPhoto } from './shrinkPhoto';
import { WalletMailModal } from './WalletMailModal';

const VERIFY_COLOUR = { not_verified: 'default', verified: 'success', failed: 'error' } as const;
const PAGE_SIZE = 20;
/** What the wallet reads: the tax platform's files and photos of paper fapiao. */
const ACCEPT = '.pdf,.ofd,.xml,image/jpeg,image/png';

/** What a receipt without a QR code may be uploaded as: a photo or a PDF. */
const RECEIPT_ACCEPT = '.pdf,image/jpeg,image/png';
/** A file refused as no fapiao at all, or one without what a fapiao needs, may still be kept as a receipt. */
const NOT_A_FAPIAO = new Set(['invoice.file_not_fapiao', 'invoice.file_incomplete']);

type Upload = {
  key: string;
  name: string;
  state: 'waiting' | 'reading' | 'done' | 'failed';
  text?: string;
  /** Set when the file was no fapiao but may go in as a receipt. */
  asReceipt?: File;
};

/** The chosen items' total per currency: yuan alone as an amount, others with their currency. */
function totalText(items: { Amount: string; Currency: string }[]): string {
  const by = new Map<string, string>();
  for (const i of items) by.set(i.Currency, addMoney(by.get(i.Currency) ?? '0', i.Amount));
  if (by.size === 1 && by.has('CNY')) return formatAmount(by.get('CNY')!);
  return [...by].map(([c, a]) => `${c} ${formatAmount(a)}`).join(' + ');
}

/**
 * The receipt wallet (票夹, decisions 062 and 066): fapiao files uploaded before any claim, several at once with
 * progress, each shown with what was read, its verification and whether a document holds it; receipts without a QR
 * code uploaded with what the claimant reads off them; chosen ones become a draft reimbursement, one line each.
 */
export default function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { token } = theme.useToken();
  usePageTitle(t('wallet.title'));
  const [onDocument, setOnDocument] = useState(false);
  const [page, setPage] = useState(1);
  const [receiptPage, setReceiptPage] = useState(1);
  const [chosen, setChosen] = useState<InvoiceRow[]>([]);
  const [chosenReceipts, setChosenReceipts] = useState<WalletReceiptRow[]>([]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [drafting, setDrafting] = useState(false);
  const [mailing, setMailing] = useState(false);
  /** The receipt dialog: open with no file yet, or with a file the fapiao reader did not take. */
  const [receiptFile, setReceiptFile] = useState<File | null | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const list = useQuery({
    queryKey: ['wallet', onDocument, page],
    queryFn: () => walletApi.search(onDocument, page, PAGE_SIZE),
  });
  const receipts = useQuery({
    queryKey: ['wallet', 'receipts', onDocument, receiptPage],
    queryFn: () => walletApi.receipts(onDocument, receiptPage, PAGE_SIZE),
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
        const receiptLike =
          error instanceof ApiError &&
          NOT_A_FAPIAO.has(error.code) &&
          /^(image\/(jpeg|png)|application\/pdf)$/.test(file.type);
        set(key, { state: 'failed', text: errorText(error), ...(receiptLike ? { asReceipt: file } : {}) });
      }
    }
    await refresh();
  };

  const finished = uploads.filter((u) => u.state === 'done' || u.state === 'failed').length;
  const total = totalText([
    ...chosen.map((r) => ({ Amount: r.TotalAmount, Currency: 'CNY' })),
    ...chosenReceipts.map((r) => ({ Amount: r.Amount, Currency: r.Currency })),
  ]);
  const count = chosen.length + chosenReceipts.length;
  const rows = list.data?.Rows ?? [];
  const receiptRows = receipts.data?.Rows ?? [];
  const toggle = (row: InvoiceRow, on: boolean) =>
    setChosen((c) => (on ? [...c, row] : c.filter((r) => r.ID !== row.ID)));
  const toggleReceipt = (row: WalletReceiptRow, on: boolean) =>
    setChosenReceipts((c) => (on ? [...c, row] : c.filter((r) => r.ID !== row.ID)));

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
        <Button icon={<PaperClipOutlined />} onClick={() => setReceiptFile(null)} data-testid="wallet-add-receipt">
          {t('wallet.addReceipt')}
        </Button>
        <Button icon={<MailOutlined />} onClick={() => setMailing(true)} data-testid="wallet-mail-open">
          {t('wallet.mail.open')}
        </Button>
        <Segmented
          value={onDocument ? 'used' : 'free'}
          onChange={(v) => {
            setOnDocument(v === 'used');
            setPage(1);
            setReceiptPage(1);
            setChosen([]);
            setChosenReceipts([]);
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
            <Flex key={u.key} gap={8} wrap align="baseline">
              <Typography.Text
                type={u.state === 'failed' ? 'danger' : u.state === 'done' ? 'success' : 'secondary'}
                style={{ overflowWrap: 'anywhere' }}
              >
                {t('wallet.fileLine', { name: u.name, text: u.text ?? t(`wallet.state.${u.state}`) })}
              </Typography.Text>
              {u.asReceipt ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setReceiptFile(u.asReceipt)}
                  data-testid="wallet-keep-receipt"
                >
                  {t('wallet.keepAsReceipt')}
                </Button>
              ) : null}
            </Flex>
          ))}
        </Flex>
      ) : null}

      <ItemList loading={list.isLoading} empty={t(onDocument ? 'wallet.noneUsed' : 'wallet.none')} testId="wallet-list">
        {rows.map((row) => (
          <WalletItem
            key={row.ID}
            testId={`wallet-item-${row.Number}`}
            choose={
              row.DocumentID === null
                ? {
                    checked: chosen.some((r) => r.ID === row.ID),
                    onChange: (on) => toggle(row, on),
                    label: t('wallet.choose', { number: row.Number }),
                  }
                : undefined
            }
            title={row.SellerName || row.InvoiceTypeName}
            amount={formatAmount(row.TotalAmount)}
            detail={`${row.InvoiceTypeName} · ${row.Number} · ${row.InvoiceDate}`}
            tags={<Tag color={VERIFY_COLOUR[row.VerifyStatus]}>{row.VerifyStatusName}</Tag>}
            docNo={row.DocNo}
            documentId={row.DocumentID}
            onOpen={row.HasFile ? () => openOriginal(row.ID) : undefined}
            onDelete={
              row.CanChange && row.DocumentID === null
                ? {
                    question: t('wallet.confirmDelete', { number: row.Number }),
                    run: async () => {
                      await walletApi.remove(row);
                      setChosen((c) => c.filter((r) => r.ID !== row.ID));
                      await refresh();
                    },
                  }
                : undefined
            }
          />
        ))}
      </ItemList>
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

      <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
        {t('wallet.receipts')}
      </Typography.Title>
      <ItemList
        loading={receipts.isLoading}
        empty={t(onDocument ? 'wallet.receiptsNoneUsed' : 'wallet.receiptsNone')}
        testId="wallet-receipts"
      >
        {receiptRows.map((row) => {
          const amount =
            row.Currency === 'CNY' ? formatAmount(row.Amount) : `${row.Currency} ${formatAmount(row.Amount)}`;
          return (
            <WalletItem
              key={row.ID}
              testId={`wallet-receipt-${row.ID}`}
              choose={
                row.DocumentID === null
                  ? {
                      checked: chosenReceipts.some((r) => r.ID === row.ID),
                      onChange: (on) => toggleReceipt(row, on),
                      label: t('wallet.chooseReceipt', { issuer: row.Issuer, amount }),
                    }
                  : undefined
              }
              title={row.Issuer}
              amount={amount}
              detail={[row.ReceiptDate, row.Description].filter(Boolean).join(' · ')}
              tags={<Tag>{t('wallet.receiptKind')}</Tag>}
              docNo={row.DocNo}
              documentId={row.DocumentID}
              onOpen={row.HasFile ? () => openReceipt(row.ID) : undefined}
              onDelete={
                row.DocumentID === null
                  ? {
                      question: t('wallet.confirmDeleteReceipt', { issuer: row.Issuer }),
                      run: async () => {
                        await walletApi.removeReceipt(row);
                        setChosenReceipts((c) => c.filter((r) => r.ID !== row.ID));
                        await refresh();
                      },
                    }
                  : undefined
              }
            />
          );
        })}
      </ItemList>
      {(receipts.data?.Total ?? 0) > PAGE_SIZE ? (
        <Pagination
          simple
          current={receiptPage}
          pageSize={PAGE_SIZE}
          total={receipts.data?.Total ?? 0}
          onChange={(p) => setReceiptPage(p)}
          style={{ alignSelf: 'center' }}
        />
      ) : null}

      {count ? (
        <Flex
          justify="space-between"
          align="center"
          gap={8}
          wrap
          // At hand on a phone however long the list: the bar stays at the bottom of the screen.
          style={{ position: 'sticky', bottom: 0, padding: '8px 0', background: token.colorBgContainer, zIndex: 2 }}
          data-testid="wallet-bar"
        >
          <Typography.Text>{t('wallet.chosen', { count, amount: total })}</Typography.Text>
          <Button type="primary" icon={<FileAddOutlined />} onClick={() => setDrafting(true)}>
            {t('wallet.makeDraft')}
          </Button>
        </Flex>
      ) : null}
      <DraftModal
        open={drafting}
        invoiceIds={chosen.map((r) => r.ID)}
        receiptIds={chosenReceipts.map((r) => r.ID)}
        onClose={() => setDrafting(false)}
        onDone={async (id) => {
          setDrafting(false);
          setChosen([]);
          setChosenReceipts([]);
          await refresh();
          navigate(`/manage/document/edit/${id}`);
        }}
      />
      <WalletMailModal open={mailing} onClose={() => setMailing(false)} onTaken={refresh} />
      <ReceiptUploadModal
        file={receiptFile}
        onClose={() => setReceiptFile(undefined)}
        onDone={async (name, text) => {
          setReceiptFile(undefined);
          setUploads((all) =>
            all.some((u) => u.asReceipt?.name === name)
              ? all.map((u) => (u.asReceipt?.name === name ? { key: u.key, name, state: 'done', text } : u))
              : all,
          );
          await refresh();
        }}
      />
    </Flex>
  );
}

/** A list of wallet items, or its empty state. */
function ItemList(props: { loading: boolean; empty: string; testId: string; children: ReactNode[] }) {
  const { token } = theme.useToken();
  if (!props.loading && props.children.length === 0)
    return <Empty description={props.empty} data-testid={props.testId} />;
  return (
    <ul
      aria-busy={props.loading}
      data-testid={props.testId}
      style={{ listStyle: 'none', margin: 0, padding: 0, borderTop: `1px solid ${token.colorSplit}` }}
    >
      {props.children}
    </ul>
  );
}

/** One fapiao or receipt of the wallet: a tick while free, what it is, its amount, where it is and its actions. */
function WalletItem(props: {
  testId: string;
  choose: { checked: boolean; onChange: (on: boolean) => void; label: string } | undefined;
  title: string;
  amount: string;
  detail: string;
  tags: ReactNode;
  docNo: string | null;
  documentId: number | null;
  onOpen: (() => void) | undefined;
  onDelete: { question: string; run: () => Promise<void> } | undefined;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <li data-testid={props.testId} style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
      <Flex gap={12} align="flex-start" style={{ width: '100%', minWidth: 0 }}>
        {props.choose ? (
          <Checkbox
            checked={props.choose.checked}
            onChange={(e) => props.choose?.onChange(e.target.checked)}
            aria-label={props.choose.label}
          />
        ) : null}
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text strong ellipsis>
              {props.title}
            </Typography.Text>
            <span className="amount">{props.amount}</span>
          </Flex>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {props.detail}
          </Typography.Text>
          <Flex wrap gap={4} align="center">
            {props.tags}
            {props.docNo ? (
              <Link to={`/manage/document/view/${props.documentId}`}>
                {t('wallet.onDocument', { docNo: props.docNo })}
              </Link>
            ) : null}
            {props.onOpen ? (
              <Button type="link" size="small" icon={<FileSearchOutlined />} onClick={props.onOpen}>
                {t('wallet.original')}
              </Button>
            ) : null}
            {props.onDelete ? (
              <Popconfirm title={props.onDelete.question} onConfirm={props.onDelete.run}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
              </Popconfirm>
            ) : null}
          </Flex>
        </Flex>
      </Flex>
    </li>
  );
}

/** A form's file: a button that opens the file picker, and the chosen file's name. */
function FileChoice(props: { value?: File; onChange?: (file: File) => void; accept: string; label: string }) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  return (
    <Flex gap={8} align="center" wrap>
      <input
        ref={picker}
        type="file"
        accept={props.accept}
        // Not the `hidden` attribute: antd's form styles show a form's file inputs as blocks.
        style={{ display: 'none' }}
        aria-label={props.label}
        data-testid="wallet-receipt-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) props.onChange?.(f);
        }}
      />
      <Button icon={<UploadOutlined />} onClick={() => picker.current?.click()}>
        {t('wallet.chooseFile')}
      </Button>
      {props.value ? <Typography.Text style={{ overflowWrap: 'anywhere' }}>{props.value.name}</Typography.Text> : null}
    </Flex>
  );
}

/**
 * A receipt without a QR code into the wallet (decision 066): its photo or PDF, and the date, amount and issuer the
 * claimant reads off it. `file` undefined: closed; null: open, the file still to choose.
 */
function ReceiptUploadModal(props: {
  file: File | null | undefined;
  onClose: () => void;
  onDone: (fileName: string, text: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReceiptValues & { File: File }>();
  const open = props.file !== undefined;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (props.file) form.setFieldsValue({ File: props.file });
  }, [open, props.file, form]);
  const { submit, busy } = useFormSubmit<ReceiptValues & { File: File }, WalletReceiptUpload>(form, {
    submit: async (v) => walletApi.uploadReceipt(await shrinkPhoto(v.File), receiptFields(v)),
    onSuccess: async (res, v) => {
      const r = res.Receipt;
      const amount = r.Currency === 'CNY' ? formatAmount(r.Amount) : `${r.Currency} ${formatAmount(r.Amount)}`;
      await props.onDone(v.File.name, `${t('wallet.receiptKind')} ${r.Issuer} · ${amount}`);
    },
    fields: [...RECEIPT_FIELDS],
  });
  return (
    <FormModal open={open} title={t('wallet.addReceipt')} onClose={props.onClose} onSave={submit} busy={busy}>
      <Typography.Paragraph type="secondary">{t('wallet.receiptHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ Currency: 'CNY' }}>
        <Form.Item
          name="File"
          label={t('wallet.receiptFile')}
          rules={[{ required: true, message: t('wallet.receiptFileMissing') }]}
        >
          <FileChoice accept={RECEIPT_ACCEPT} label={t('wallet.receiptFile')} />
        </Form.Item>
        <ReceiptFormItems />
      </Form>
    </FormModal>
  );
}

/** Asks for the reimbursement's expense type, then writes the draft. */
function DraftModal(props: {
  open: boolean;
  invoiceIds: number[];
  receiptIds: number[];
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
      const d = await walletApi.draft(ExpenseTypeID, props.invoiceIds, props.receiptIds);
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
          extra={t('wallet.draftHint', { count: props.invoiceIds.length + props.receiptIds.length })}
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
