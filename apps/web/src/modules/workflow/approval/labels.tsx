import { DECISIONS, type Decision } from '@ems/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/format';
import type { ColumnDef, FieldOption } from '../../../shared/list-page/types';

export { DOC_TYPE_OPTIONS } from '../../documents/labels';
export const DECISION_OPTIONS: FieldOption[] = DECISIONS.map((d) => ({ value: d, labelKey: `approval.decision.${d}` }));

const DECISION_COLOURS: Record<Decision, string> = {
  approved: 'green',
  auto_approved: 'cyan',
  rejected: 'red',
};

export function DecisionTag({ decision }: { decision: Decision }) {
  const { t } = useTranslation();
  return <Tag color={DECISION_COLOURS[decision]}>{t(`approval.decision.${decision}`)}</Tag>;
}

export function DocTypeText({ docType }: { docType: string }) {
  const { t } = useTranslation();
  return <>{t(`doc.type.${docType}`)}</>;
}

export function StatusText({ status }: { status: string }) {
  const { t } = useTranslation();
  return <>{t(`doc.status.${status}`)}</>;
}

/** The document number, linking to the read-only document screen. */
export function DocLink({ id, docNo }: { id: number; docNo: string }) {
  return <Link to={`/manage/document/view/${id}`}>{docNo}</Link>;
}

/** An amount with thousands separators and two decimals, after its currency. */
export function Amount({ currency, value }: { currency: string; value: string }) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {currency} {formatAmount(value)}
    </span>
  );
}

/** "For X": the step belongs to someone the user approves for as approval proxy. */
export function ForApproverTag({ name }: { name: string | null }) {
  const { t } = useTranslation();
  if (!name) return null;
  return <Tag color="purple">{t('approval.center.forApprover', { name })}</Tag>;
}

type DocHead = {
  ID: number;
  DocNo: string;
  DocType: string;
  ApplicantName: string;
  ExpenseTypeName: string | null;
  Currency: string;
  TotalAmount: string;
};

/** The columns that open every approval list: number (a link), type, applicant, expense type and amount. */
export function docHeadColumns<T extends DocHead>(): ColumnDef<T>[] {
  const F = 'approval.field';
  return [
    {
      dataIndex: 'DocNo',
      labelKey: `${F}.docNo`,
      sortable: true,
      render: (_v, r) => <DocLink id={r.ID} docNo={r.DocNo} />,
    },
    {
      dataIndex: 'DocType',
      labelKey: `${F}.docType`,
      sortable: true,
      render: (v) => <DocTypeText docType={String(v)} />,
    },
    { dataIndex: 'ApplicantName', labelKey: `${F}.applicant`, sortable: true },
    { dataIndex: 'ExpenseTypeName', labelKey: `${F}.expenseType` },
    {
      dataIndex: 'TotalAmount',
      labelKey: `${F}.amount`,
      sortable: true,
      render: (_v, r) => <Amount currency={r.Currency} value={r.TotalAmount} />,
    },
  ];
}
