import type { HeadOfRow } from '@ems/contracts';
import { Checkbox, Form, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../shared/ActionButton';
import { formatAmount } from '../../shared/format';
import { Panel } from '../../shared/Panel';
import { reassignApi } from './api';
import { ChangeResultView } from './ChangeResult';
import { HandOverPeople } from './HandOverPeople';
import { useHandOver } from './useHandOver';

const K = 'workflow.programManager';
const R = 'workflow.replace';

/** Puts another person in someone's place as head (programme manager) of the cost centres they head. */
export default function ChangeProgramManagerPage() {
  const { t } = useTranslation();
  const [alsoSteps, setAlsoSteps] = useState(true);
  const h = useHandOver({
    listKey: 'headsOf',
    keys: K,
    list: (from, page) => reassignApi.headsOf({ EmployeeID: from, ...page }),
    handOver: ({ from, to, all, selected }) =>
      reassignApi.changeProgramManager({
        FromEmployeeID: from,
        ToEmployeeID: to,
        AlsoPendingSteps: alsoSteps,
        ...(all ? {} : { CostCenterIDs: selected }),
      }),
  });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={4}>{t('menu.master.changeprogramManager')}</Typography.Title>
      <HandOverPeople idPrefix="pm" fromLabel={t(`${K}.from`)} toLabel={t(`${K}.to`)} {...h.people}>
        <Form.Item>
          <Checkbox checked={alsoSteps} onChange={(e) => setAlsoSteps(e.target.checked)} data-testid="pm-also-steps">
            {t(`${K}.alsoSteps`)}
          </Checkbox>
        </Form.Item>
      </HandOverPeople>
      <Panel title={t(`${K}.listTitle`)}>
        <Space style={{ marginBottom: 12 }} wrap>
          <ActionButton
            onAction={() => h.run(false)}
            disabled={h.selected.length === 0}
            data-testid="pm-change-selected"
          >
            {t(`${K}.changeSelected`, { count: h.selected.length })}
          </ActionButton>
          <ActionButton
            type="primary"
            onAction={() => h.run(true)}
            disabled={!h.rows.data?.Total}
            data-testid="pm-change-all"
          >
            {t(`${K}.changeAll`)}
          </ActionButton>
        </Space>
        <Table<HeadOfRow>
          rowKey="CostCenterID"
          size="small"
          loading={h.rows.isFetching}
          dataSource={h.from === undefined ? [] : (h.rows.data?.Rows ?? [])}
          locale={{ emptyText: t(h.from === undefined ? `${R}.pickFirst` : 'common.noData') }}
          rowSelection={{
            selectedRowKeys: h.selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => h.setSelected(keys.map(Number)),
          }}
          pagination={h.pagination}
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
      {h.result ? (
        <ChangeResultView
          testId="pm-result"
          changedText={t(`${K}.changed`, { count: h.result.Changed, documents: h.result.DocumentsChanged })}
          skipped={[
            ...h.result.Skipped.map((s) => ({ key: `cc-${s.ID}`, label: s.CostCenterCode, reasonKey: s.ReasonKey })),
            ...h.result.DocumentsSkipped.map((s) => ({ key: `doc-${s.ID}`, label: s.DocNo, reasonKey: s.ReasonKey })),
          ]}
        />
      ) : null}
    </Space>
  );
}
