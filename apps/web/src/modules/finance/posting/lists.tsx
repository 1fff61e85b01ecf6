import {
  type AuditTrailRow,
  type FinanceDocumentRow,
  POSTING_DOC_STATES,
  POSTING_VOUCHER_KINDS,
  POSTING_VOUCHER_STATES,
  type PostingOrderRow,
  type RecordRow,
  type RemitRow,
} from '@ems/contracts';
import { Flex, Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../shared/format';
import type { ColumnDef, FilterDef } from '../../../shared/list-page';
import { StatusTag } from '../../documents/labels';

/**
 * The entry-management lists' columns and filters: the posting centre's tabs and the report screens over the same
 * calls (document list, payment and financial vouchers, audit log) show them alike.
 */

const K = 'posting';
const F = `${K}.field`;

const VOUCHER_COLOUR: Record<string, string> = {
  open: 'default',
  queued: 'processing',
  posted: 'success',
  failed: 'error',
  cancelled: 'default',
};

export function VoucherTag({ state, error }: { state: string | null; error?: string | null }) {
  const { t } = useTranslation();
  if (!state) return null;
  const tag = <Tag color={VOUCHER_COLOUR[state]}>{t(`${K}.voucherState.${state}`)}</Tag>;
  return error ? <Popover content={<Typography.Text type="danger">{error}</Typography.Text>}>{tag}</Popover> : tag;
}

export function Translated({ k }: { k: string }) {
  const { t } = useTranslation();
  return <>{t(k)}</>;
}

export const docStatus = (v: unknown) => <StatusTag status={v as PostingOrderRow['Status']} />;

export const DOCUMENT_FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  {
    name: 'Status',
    labelKey: `${F}.status`,
    type: 'select',
    options: POSTING_DOC_STATES.map((s) => ({ value: s, labelKey: `doc.status.${s}` })),
  },
  {
    name: 'DocType',
    labelKey: `${F}.docType`,
    type: 'select',
    options: (['loan', 'deputy'] as const).map((d) => ({ value: d, labelKey: `${K}.docType.${d}` })),
  },
  { name: 'Date', labelKey: `${F}.approvedAt`, type: 'daterange' },
];
export const DOCUMENT_COLUMNS: ColumnDef<FinanceDocumentRow>[] = [
  { dataIndex: 'DocNo', labelKey: `${F}.docNo`, width: 170 },
  { dataIndex: 'DocType', labelKey: `${F}.docType`, render: (v) => <Translated k={`${K}.docType.${String(v)}`} /> },
  { dataIndex: 'Status', labelKey: `${F}.status`, render: docStatus },
  { dataIndex: 'ApplicantCode', labelKey: `${F}.applicantCode` },
  { dataIndex: 'ApplicantName', labelKey: `${F}.applicantName` },
  { dataIndex: 'Currency', labelKey: `${F}.currency` },
  { dataIndex: 'TotalAmount', labelKey: `${F}.amount` },
  { dataIndex: 'TotalAmountCNY', labelKey: `${F}.amountCny` },
  { dataIndex: 'ApprovedAt', labelKey: `${F}.approvedAt`, width: 180, render: displayDateTime },
  { dataIndex: 'ErpDocNo', labelKey: `${F}.erpDocNo` },
];

export const REMIT_FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  {
    name: 'Status',
    labelKey: `${F}.status`,
    type: 'select',
    options: POSTING_DOC_STATES.map((s) => ({ value: s, labelKey: `doc.status.${s}` })),
  },
];
export const REMIT_COLUMNS: ColumnDef<RemitRow>[] = [
  { dataIndex: 'DocNo', labelKey: `${F}.docNo`, width: 170 },
  { dataIndex: 'Status', labelKey: `${F}.status`, render: docStatus },
  { dataIndex: 'PayeeCode', labelKey: `${F}.payeeCode` },
  { dataIndex: 'PayeeName', labelKey: `${F}.payeeName` },
  { dataIndex: 'BankName', labelKey: `${F}.bankName` },
  { dataIndex: 'BankAccount', labelKey: `${F}.bankAccount` },
  { dataIndex: 'Amount', labelKey: `${F}.amountCny` },
  { dataIndex: 'ErpDocNo', labelKey: `${F}.erpDocNo` },
];

export function Entries({ row }: { row: RecordRow }) {
  const { t } = useTranslation();
  return (
    <Flex vertical>
      {row.Entries.map((e) => (
        <Typography.Text key={e.LineNo} style={{ whiteSpace: 'nowrap' }}>
          {t(`${K}.side.${e.Side}`)} {e.GLAccount} {e.Amount}
          {e.CostCentreCode ? ` · ${e.CostCentreCode}` : ''}
          {e.InternalOrderCode ? ` · ${e.InternalOrderCode}` : ''}
          {e.ProductCode ? ` · ${e.ProductCode}` : ''}
          {e.EmployeeCode ? ` · ${e.EmployeeCode}` : ''}
        </Typography.Text>
      ))}
    </Flex>
  );
}

export const RECORD_FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  {
    name: 'Kind',
    labelKey: `${F}.kind`,
    type: 'select',
    options: POSTING_VOUCHER_KINDS.map((k) => ({ value: k, labelKey: `${K}.kind.${k}` })),
  },
  {
    name: 'State',
    labelKey: `${F}.voucherState`,
    type: 'select',
    options: POSTING_VOUCHER_STATES.map((s) => ({ value: s, labelKey: `${K}.voucherState.${s}` })),
  },
  { name: 'Period', labelKey: `${F}.period`, type: 'text' },
];
export const RECORD_COLUMNS: ColumnDef<RecordRow>[] = [
  { dataIndex: 'VoucherID', labelKey: `${F}.voucherId`, width: 100 },
  { dataIndex: 'DocNo', labelKey: `${F}.docNo`, width: 170 },
  { dataIndex: 'Kind', labelKey: `${F}.kind`, render: (v) => <Translated k={`${K}.kind.${String(v)}`} /> },
  {
    dataIndex: 'State',
    labelKey: `${F}.voucherState`,
    render: (_v, r) => <VoucherTag state={r.State} error={r.LastError} />,
  },
  { dataIndex: 'PostingDate', labelKey: `${F}.postingDate` },
  { dataIndex: 'Period', labelKey: `${F}.period` },
  { dataIndex: 'Amount', labelKey: `${F}.amountCny` },
  { dataIndex: 'ErpDocNo', labelKey: `${F}.erpDocNo` },
  { dataIndex: 'Entries', labelKey: `${F}.entries`, width: 420, render: (_v, r) => <Entries row={r} /> },
];

export const AUDIT_FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
  { name: 'Action', labelKey: `${F}.action`, type: 'text' },
  { name: 'Date', labelKey: `${F}.at`, type: 'daterange' },
];
export const AUDIT_COLUMNS: ColumnDef<AuditTrailRow>[] = [
  { dataIndex: 'At', labelKey: `${F}.at`, width: 180, render: displayDateTime },
  { dataIndex: 'ActorName', labelKey: `${F}.actor` },
  { dataIndex: 'Action', labelKey: `${F}.action` },
  { dataIndex: 'Entity', labelKey: `${F}.entity` },
  { dataIndex: 'EntityID', labelKey: `${F}.entityId` },
  { dataIndex: 'DocNo', labelKey: `${F}.docNo`, width: 170 },
  { dataIndex: 'Detail', labelKey: `${F}.detail`, width: 320, ellipsis: true },
];
