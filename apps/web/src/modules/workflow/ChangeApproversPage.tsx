import type { HeldStepRow } from '@ems/contracts';
import { Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../shared/ActionButton';
import { displayDateTime, formatAmount } from '../../shared/format';
import { Panel } from '../../shared/Panel';
import { reassignApi } from './api';
import { ChangeResultView } from './ChangeResult';
import { HandOverPeople } from './HandOverPeople';
import { useHandOver } from './useHandOver';

const K = 'workflow.replace';

/** Replaces a person (a leaver, a long absence) in the open approval steps of documents in flight. */
export default function ChangeApproversPage() {
  const { t } = useTranslation();
  const h = useHandOver({
    listKey: 'heldSteps',
    keys: K,
    list: (from, page) => reassignApi.heldSteps({ ApproverID: from, ...page }),
    handOver: ({ from, to, all, selected }) =>
      reassignApi.changeApprovers({
        FromApproverID: from,
        ToApproverID: to,
        ...(all ? {} : { DocumentIDs: selected }),
      }),
  });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={4}>{t('menu.master.ChangeApprovers')}</Typography.Title>
      <HandOverPeople idPrefix="replace" fromLabel={t(`${K}.from`)} toLabel={t(`${K}.to`)} {...h.people} />
      <Panel title={t(`${K}.stepsTitle`)}>
        <Space style={{ marginBottom: 12 }} wrap>
          <ActionButton onAction={() => h.run(false)} disabled={h.selected.length === 0} data-testid="replace-selected">
            {t(`${K}.replaceSelected`, { count: h.selected.length })}
          </ActionButton>
          <ActionButton
            type="primary"
            onAction={() => h.run(true)}
            disabled={!h.rows.data?.Total}
            data-testid="replace-all"
          >
            {t(`${K}.replaceAll`)}
          </ActionButton>
        </Space>
        <Table<HeldStepRow>
          rowKey="StepID"
          size="small"
          loading={h.rows.isFetching}
          dataSource={h.from === undefined ? [] : (h.rows.data?.Rows ?? [])}
          locale={{ emptyText: t(h.from === undefined ? `${K}.pickFirst` : 'common.noData') }}
          rowSelection={{
            selectedRowKeys: (h.rows.data?.Rows ?? [])
              .filter((r) => h.selected.includes(r.DocumentID))
              .map((r) => r.StepID),
            preserveSelectedRowKeys: true,
            onChange: (_keys, rows) =>
              h.setSelected((prev) => {
                const onPage = new Set((h.rows.data?.Rows ?? []).map((r) => r.DocumentID));
                return [...new Set([...prev.filter((id) => !onPage.has(id)), ...rows.map((r) => r.DocumentID)])];
              }),
          }}
          pagination={h.pagination}
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
      {h.result ? (
        <ChangeResultView
          testId="replace-result"
          changedText={t(`${K}.changed`, { count: h.result.Changed })}
          skipped={h.result.Skipped.map((s) => ({ key: s.ID, label: s.DocNo, reasonKey: s.ReasonKey }))}
        />
      ) : null}
    </Space>
  );
}
