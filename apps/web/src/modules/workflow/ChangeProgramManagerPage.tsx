import type { ChangeProgramManagerResult, HeadOfRow } from '@ems/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../shared/ActionButton';
import { formatAmount } from '../../shared/format';
import { Panel } from '../../shared/Panel';
import { reassignApi } from './api';
import { ChangeResultView } from './ChangeResult';
import { HandOverPeople, handOverAgreed } from './HandOverPeople';

const K = 'workflow.programManager';
const R = 'workflow.replace';

/** Puts another person in someone's place as head (programme manager) of the cost centres they head. */
export default function ChangeProgramManagerPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [from, setFrom] = useState<number | undefined>();
  const [to, setTo] = useState<number | undefined>();
  const [alsoSteps, setAlsoSteps] = useState(true);
  const [page, setPage] = useState({ PageIndex: 1, PageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<ChangeProgramManagerResult | null>(null);

  const heads = useQuery({
    queryKey: ['workflow', 'headsOf', from, page],
    queryFn: () => reassignApi.headsOf({ EmployeeID: from, ...page }),
    enabled: from !== undefined,
    placeholderData: keepPreviousData,
  });

  const change = async (all: boolean) => {
    if (!(await handOverAgreed(t, { from, to, all, selected: selected.length, keys: K })) || !from || !to) return;
    const done = await reassignApi.changeProgramManager({
      FromEmployeeID: from,
      ToEmployeeID: to,
      AlsoPendingSteps: alsoSteps,
      ...(all ? {} : { CostCenterIDs: selected }),
    });
    setResult(done);
    setSelected([]);
    await client.invalidateQueries({ queryKey: ['workflow', 'headsOf'] });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={4}>{t('menu.master.changeprogramManager')}</Typography.Title>
      <HandOverPeople
        idPrefix="pm"
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
      >
        <Form.Item>
          <Checkbox checked={alsoSteps} onChange={(e) => setAlsoSteps(e.target.checked)} data-testid="pm-also-steps">
            {t(`${K}.alsoSteps`)}
          </Checkbox>
        </Form.Item>
      </HandOverPeople>
      <Panel title={t(`${K}.listTitle`)}>
        <Space style={{ marginBottom: 12 }} wrap>
          <ActionButton
            onAction={() => change(false)}
            disabled={selected.length === 0}
            data-testid="pm-change-selected"
          >
            {t(`${K}.changeSelected`, { count: selected.length })}
          </ActionButton>
          <ActionButton
            type="primary"
            onAction={() => change(true)}
            disabled={!heads.data?.Total}
            data-testid="pm-change-all"
          >
            {t(`${K}.changeAll`)}
          </ActionButton>
        </Space>
        <Table<HeadOfRow>
          rowKey="CostCenterID"
          size="small"
          loading={heads.isFetching}
          dataSource={from === undefined ? [] : (heads.data?.Rows ?? [])}
          locale={{ emptyText: t(from === undefined ? `${R}.pickFirst` : 'common.noData') }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(Number)),
          }}
          pagination={{
            current: page.PageIndex,
            pageSize: page.PageSize,
            total: heads.data?.Total ?? 0,
            showSizeChanger: true,
            onChange: (PageIndex, PageSize) => setPage({ PageIndex, PageSize }),
          }}
          columns={[
            { dataIndex: 'CostCenterCode', title: t(`${K}.col.code`) },
            { dataIndex: 'CostCenterName', title: t(`${K}.col.name`) },
            {
              dataIndex: 'Seq',
              title: t(`${K}.col.place`),
              render: (_v: number, r) => t(`${K}.place`, { seq: r.Seq, count: r.HeadCount }),
            },
            {
              dataIndex: 'AmountLimit',
              title: t(`${K}.col.limit`),
              align: 'right',
              render: (v: string | null) => (v === null ? t(`${K}.noLimit`) : formatAmount(v)),
            },
            { dataIndex: 'OpenSteps', title: t(`${K}.col.openSteps`), align: 'right' },
          ]}
        />
      </Panel>
      {result ? (
        <ChangeResultView
          testId="pm-result"
          changedText={t(`${K}.changed`, { count: result.Changed, documents: result.DocumentsChanged })}
          skipped={[
            ...result.Skipped.map((s) => ({ key: `cc-${s.ID}`, label: s.CostCenterCode, reasonKey: s.ReasonKey })),
            ...result.DocumentsSkipped.map((s) => ({ key: `doc-${s.ID}`, label: s.DocNo, reasonKey: s.ReasonKey })),
          ]}
        />
      ) : null}
    </Space>
  );
}
