import { PlusOutlined } from '@ant-design/icons';
import type { ClinicalTrialHcoRow } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { RemotePicker } from '../../../shared/RemotePicker';
import { WideTable } from '../../../shared/WideTable';
import { customerOption, removeColumn, run } from './AttendeeSection';
import { customerApi } from './api';
import type { CustomerChange } from './change';

/**
 * The clinical-trial HCOs a document is for: chosen among the hospitals that run clinical trials. On a new document
 * (no id yet) none are chosen, and the first addition saves it.
 */
export function ClinicalHcoSection({
  documentId,
  change,
}: {
  documentId: number | undefined;
  change?: CustomerChange | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: ['documents', 'customers', documentId, 'clinical', i18n.language],
    queryFn: () => customerApi.clinical(documentId as number),
    enabled: documentId !== undefined,
  });
  const editable = !!change && (documentId === undefined || !!list.data?.Editable);
  const add = async () => {
    if (!change || !picked.length) return;
    setBusy(true);
    const ok = await run(change, (doc) =>
      customerApi.saveClinical({ DocumentID: doc.ID, Version: doc.Version, HCOIDs: picked }),
    );
    setBusy(false);
    if (ok) {
      setPicked([]);
      notice.success(t('common.saved'));
    }
  };
  const remove = async (row: ClinicalTrialHcoRow) => {
    if (!change || !(await notice.ask(t('customer.clinicalRemoveConfirm')))) return;
    if (
      await run(change, (doc) =>
        customerApi.deleteClinical({ DocumentID: doc.ID, Version: doc.Version, IDs: [row.ID] }),
      )
    )
      notice.success(t('common.deleted'));
  };
  const columns: TableColumnsType<ClinicalTrialHcoRow> = [
    { title: t('customer.field.code'), dataIndex: 'Code', width: 100 },
    { title: t('customer.field.name'), dataIndex: 'Name' },
    {
      title: t('customer.field.level'),
      dataIndex: 'Level',
      width: 120,
      render: (v: string | null) => (v ? t(`customer.level.${v}`) : ''),
    },
    { title: t('customer.field.city'), dataIndex: 'City', width: 120, render: (v: string | null) => v ?? '' },
  ];
  if (editable) columns.push(removeColumn(t('customer.remove'), remove, 'clinical-remove'));
  return (
    <Flex vertical gap={8} data-testid="clinical-section">
      {editable ? (
        <Flex gap={8} wrap>
          <div style={{ flex: 1, minWidth: 260 }}>
            <RemotePicker
              queryKey={['documents', 'clinicalPicker']}
              placeholderKey="customer.clinicalPick"
              multiple
              value={picked as never}
              onChange={((v: number[] | undefined) => setPicked(v ?? [])) as never}
              search={async (k) =>
                (await customerApi.hcos({ ClinicalTrialOnly: true, ...(k ? { Keyword: k } : {}) })).Rows.map(
                  customerOption,
                )
              }
            />
          </div>
          <Button icon={<PlusOutlined />} onClick={() => void add()} loading={busy} disabled={!picked.length}>
            {t('customer.clinicalAdd')}
          </Button>
        </Flex>
      ) : null}
      <WideTable<ClinicalTrialHcoRow>
        size="small"
        rowKey="ID"
        columns={columns}
        dataSource={list.data?.Rows ?? []}
        loading={documentId !== undefined && list.isLoading}
        pagination={false}
        locale={{ emptyText: t('customer.noClinical') }}
      />
    </Flex>
  );
}
