import type { DocState, DocType, ReviewBatchResult, ReviewRow } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notice } from '../../../app/notice';
import { displayDateTime } from '../../../shared/format';
import type { ColumnDef, CustomControlProps, FilterDef } from '../../../shared/list-page';
import { RemotePicker } from '../../../shared/RemotePicker';
import { DocTypeLabel, StatusTag } from '../../documents/labels';
import { reviewApi } from './api';

const F = 'doc.field';
export const R = 'review';

/** The SSC people, from GetSMEName, searched on the client (a short list). */
export function SmePicker(props: CustomControlProps) {
  return (
    <RemotePicker
      {...props}
      queryKey={['review', 'sme']}
      placeholderKey="review.field.assignee"
      search={async (k) =>
        (await reviewApi.smeNames()).Rows.filter(
          (p) => !k || `${p.Code} ${p.Name}`.toLowerCase().includes(k.toLowerCase()),
        ).map((p) => ({ value: p.ID, label: `${p.Name} (${p.Code})` }))
      }
    />
  );
}

/** A reason of the chargeback or S.T. list. */
export function ReasonSelect(props: {
  kind: 'chargeback' | 'st';
  value?: number | undefined;
  onChange?: (v: number | undefined) => void;
  'data-testid'?: string;
  status?: 'error';
}) {
  const { kind, ...rest } = props;
  const list = useQuery({
    queryKey: ['review', 'reasons', kind],
    queryFn: () => reviewApi.reasons(kind),
    staleTime: 60_000,
  });
  return (
    <Select
      {...rest}
      allowClear
      style={{ width: '100%' }}
      loading={list.isFetching}
      options={(list.data?.Rows ?? []).map((r) => ({ value: r.ID, label: r.Name }))}
    />
  );
}

/** The filters every review list starts with: keyword and document type (loans and reimbursements only). */
export const DOCUMENT_FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}.keywordApplicant`, type: 'text' },
  {
    name: 'DocType',
    labelKey: `${F}.docType`,
    type: 'select',
    options: [
      { value: 'loan', labelKey: 'doc.type.loan' },
      { value: 'deputy', labelKey: 'doc.type.deputy' },
    ],
  },
];
export const ASSIGNEE_FILTER: FilterDef = {
  name: 'AssigneeID',
  labelKey: `${R}.field.assignee`,
  type: 'custom',
  control: SmePicker,
};
export const REVIEW_FILTERS: FilterDef[] = [...DOCUMENT_FILTERS, ASSIGNEE_FILTER];

export function reviewColumns(onOpen: (row: ReviewRow) => void): ColumnDef<ReviewRow>[] {
  return [
    {
      dataIndex: 'DocNo',
      labelKey: `${F}.docNo`,
      width: 170,
      render: (v, r) => (
        <Link
          to={`/manage/document/view/${r.ID}`}
          onClick={(e) => {
            e.preventDefault();
            onOpen(r);
          }}
          data-testid={`review-doc-${String(v)}`}
        >
          {String(v)}
        </Link>
      ),
    },
    { dataIndex: 'DocType', labelKey: `${F}.docType`, render: (v) => <DocTypeLabel docType={v as DocType} /> },
    { dataIndex: 'Status', labelKey: `${F}.status`, render: (v) => <StatusTag status={v as DocState} /> },
    // The money right after the state: a clerk reads it first, and on a 1440 px screen it shows without scrolling.
    { dataIndex: 'Currency', labelKey: `${F}.currency` },
    { dataIndex: 'TotalAmount', labelKey: `${F}.amount`, render: (v) => formatAmount(String(v)) },
    { dataIndex: 'TotalAmountCNY', labelKey: `${R}.field.amountCny`, render: (v) => formatAmount(String(v)) },
    {
      dataIndex: 'Paper',
      labelKey: `${R}.field.paper`,
      render: (v, r) => (
        <Tag color={v === 'not_received' ? 'orange' : v === 'no_mailing' ? 'blue' : 'green'}>
          <PaperText paper={String(v)} special={r.Special} />
        </Tag>
      ),
    },
    { dataIndex: 'ApplicantName', labelKey: `${F}.applicant` },
    { dataIndex: 'TeamName', labelKey: `${F}.team`, width: 160, ellipsis: true },
    { dataIndex: 'CostCenterName', labelKey: `${R}.field.costCentre`, width: 160, ellipsis: true },
    { dataIndex: 'AssigneeName', labelKey: `${R}.field.assignee` },
    { dataIndex: 'HoldReason', labelKey: `${R}.field.holdReason`, width: 180, ellipsis: true },
    { dataIndex: 'ApprovedAt', labelKey: `${F}.approvedAt`, width: 170, render: (v) => displayDateTime(v) },
  ];
}

function PaperText({ paper, special }: { paper: string; special: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`${R}.paper.${paper}`)}
      {special ? ` · ${t(`${R}.special`)}` : ''}
    </>
  );
}

/**
 * Reports a batch: how many went through, and each document that did not with the server's reason (one that moved
 * on meanwhile is listed, the others are done).
 */
export function reportBatch(result: ReviewBatchResult, t: TFunction, doneKey: string) {
  const ok = result.Rows.filter((r) => r.Ok).length;
  const failed = result.Rows.filter((r) => !r.Ok);
  if (ok > 0) notice.success(t(doneKey, { count: ok }));
  if (failed.length > 0)
    notice.warning(
      [
        t(`${R}.batch.failed`, { count: failed.length }),
        ...failed.map((r) => `${r.DocNo ?? r.ID}: ${r.Message ?? ''}`),
      ].join('\n'),
    );
}
