import type { ChangeApproversResult, HeldStepRow } from '@ems/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../shared/ActionButton';
import { displayDateTime, formatAmount } from '../../shared/format';
import { Panel } from '../../shared/Panel';
import { reassignApi } from './api';
import { ChangeResultView } from './ChangeResult';
import { HandOverPeople, handOverAgreed } from './HandOverPeople';

const K = 'workflow.replace';

/** Replaces a person (a leaver, a long absence) in the open approval steps of documents in flight. */
export default function ChangeApproversPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [from, setFrom] = useState<number | undefined>();
  const [to, setTo] = useState<number | undefined>();
  const [page, setPage] = useState({ PageIndex: 1, PageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<ChangeApproversResult | null>(null);

  const steps = useQuery({
    queryKey: ['workflow', 'heldSteps', from, page],
    queryFn: () => reassignApi.heldSteps({ ApproverID: from, ...page }),
    enabled: from !== undefined,
    placeholderData: keepPreviousData,
  });

  const replace = async (all: boolean) => {
    if (!(await handOverAgreed(t, { from, to, all, selected: selected.length, keys: K })) || !from || !to) return;
    const done = await reassignApi.changeApprovers({
      FromApproverID: from,
      ToApproverID: to,
      ...(all ? {} : { DocumentIDs: selected }),
    });
    setResult(done);
    setSelected([]);
    await client.invalidateQueries({ queryKey: ['workflow', 'heldSteps'] });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={4}>{t('menu.master.ChangeApprovers')}</Typography.Title>
      <HandOverPeople
        idPrefix="replace"
        fromLabel={t(`${K}.from`)}
        toLabel={t(`${K}.to`)}
        from={from}
        to={to}
        onFrom={(v) => {
          setFrom(v);
          setSelected([]);
          setResult(null);
          setPage((p) => ({ ...p, PageIndex: 1 }));
        }}
        onTo={setTo}
      />
      <Panel title={t(`${K}.stepsTitle`)}>
        <Space style={{ marginBottom: 12 }} wrap>
          <ActionButton onAction={() => replace(false)} disabled={selected.length === 0} data-testid="replace-selected">
            {t(`${K}.replaceSelected`, { count: selected.length })}
          </ActionButton>
          <ActionButton
            type="primary"
            onAction={() => replace(true)}
            disabled={!steps.data?.Total}
            data-testid="replace-all"
          >
            {t(`${K}.replaceAll`)}
          </ActionButton>
        </Space>
        <Table<HeldStepRow>
          rowKey="StepID"
          size="small"
          loading={steps.isFetching}
          dataSource={from === undefined ? [] : (steps.data?.Rows ?? [])}
          locale={{ emptyText: t(from === undefined ? `${K}.pickFirst` : 'common.noData') }}
          rowSelection={{
            selectedRowKeys: (steps.data?.Rows ?? [])
              .filter((r) => selected.includes(r.DocumentID))
              .map((r) => r.StepID),
            preserveSelectedRowKeys: true,
            onChange: (_keys, rows) =>
              setSelected((prev) => {
                const onPage = new Set((steps.data?.Rows ?? []).map((r) => r.DocumentID));
                return [...new Set([...prev.filter((id) => !onPage.has(id)), ...rows.map((r) => r.DocumentID)])];
              }),
          }}
          pagination={{
            current: page.PageIndex,
            pageSize: page.PageSize,
            total: steps.data?.Total ?? 0,
            showSizeChanger: true,
            onChange: (PageIndex, PageSize) => setPage({ PageIndex, PageSize }),
          }}
          columns={[
            { dataIndex: 'DocNo', title: t(`${K}.col.docNo`) },
            {
              dataIndex: 'DocType',
              title: t(`${K}.col.docType`),
              render: (v: string) => t(`doc.type.${v}`),
            },
            { dataIndex: 'ApplicantName', title: t(`${K}.col.applicant`) },
            {
              dataIndex: 'TotalAmountCNY',
              title: t(`${K}.col.amount`),
              align: 'right',
              render: (v: string) => formatAmount(v),
            },
            { dataIndex: 'StepName', title: t(`${K}.col.step`) },
            {
              dataIndex: 'StepStatus',
              title: t(`${K}.col.stepStatus`),
              render: (v: string) => (
                <Tag color={v === 'pending' ? 'gold' : 'default'}>{t(`${K}.stepStatus.${v}`)}</Tag>
              ),
            },
            {
              dataIndex: 'PendingSince',
              title: t(`${K}.col.pendingSince`),
              render: (v: string | null) => (v ? displayDateTime(v) : ''),
            },
          ]}
        />
      </Panel>
      {result ? (
        <ChangeResultView
          testId="replace-result"
          changedText={t(`${K}.changed`, { count: result.Changed })}
          skipped={result.Skipped.map((s) => ({ key: s.ID, label: s.DocNo, reasonKey: s.ReasonKey }))}
        />
      ) : null}
    </Space>
  );
}
