import { DOC_STATES, DOC_TYPES, type DocState, type DocType } from '@ems/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldOption } from '../../shared/list-page';

export const DOC_TYPE_OPTIONS: FieldOption[] = DOC_TYPES.map((d) => ({ value: d, labelKey: `doc.type.${d}` }));
export const DOC_STATE_OPTIONS: FieldOption[] = DOC_STATES.map((s) => ({ value: s, labelKey: `doc.status.${s}` }));

const STATE_COLOUR: Partial<Record<DocState, string>> = {
  draft: 'default',
  confirming: 'gold',
  approving: 'processing',
  returned: 'error',
  approved: 'success',
  cancelled: 'default',
  closed: 'default',
  paid: 'success',
  post_failed: 'error',
  held: 'warning',
};

export function StatusTag({ status }: { status: DocState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOUR[status] ?? 'blue'} data-testid="doc-status">
      {t(`doc.status.${status}`)}
    </Tag>
  );
}

export function DocTypeLabel({ docType }: { docType: DocType }) {
  const { t } = useTranslation();
  return <>{t(`doc.type.${docType}`)}</>;
}

/** Where a document opens: its editable form for those who may edit it, else the read-only view. */
export function documentPath(id: number, editable = false): string {
  return `/manage/document/${editable ? 'edit' : 'view'}/${id}`;
}
