import { PauseCircleOutlined, PlayCircleOutlined, PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ReviewRow } from '@ems/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { saveDownload } from '../../../shared/download';
import { type ActionDef, ListPage } from '../../../shared/list-page';
import { itemsOf, reviewApi } from './api';
import { ChargebackModal, ReasonModal, useReviewTools } from './dialogs';
import { R, REVIEW_FILTERS, reportBatch, reviewColumns } from './shared';

const VIEWS = ['open', 'held'] as const;
type View = (typeof VIEWS)[number];
const QUERY = 'review-chargeback';

/**
 * /manage/chargeBack: batch chargeback with a reason per document (back to the owners; a passed document's unsent
 * voucher is withdrawn), batch S.T. hold with a reason and release, the printed list, assignment to SSC people.
 */
export default function ChargebackPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'held' ? 'held' : 'open';
  const [charging, setCharging] = useState<ReviewRow[]>([]);
  const [holding, setHolding] = useState<ReviewRow[]>([]);
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(QUERY) });
  const tools = useReviewTools(refresh);

  const actions: ActionDef<ReviewRow>[] = [
    {
      key: 'chargeback',
      labelKey: `${R}.action.chargeback`,
      icon: <RollbackOutlined />,
      danger: true,
      needsSome: true,
      run: ({ rows }) => setCharging(rows),
    },
    view === 'open'
      ? {
          key: 'hold',
          labelKey: `${R}.action.hold`,
          icon: <PauseCircleOutlined />,
          needsSome: true,
          run: ({ rows }) => setHolding(rows),
        }
      : {
          key: 'release',
          labelKey: `${R}.action.release`,
          icon: <PlayCircleOutlined />,
          needsSome: true,
          confirmKey: `${R}.confirmRelease`,
          run: async ({ rows, clearSelection }) => {
            reportBatch(await reviewApi.release(itemsOf(rows)), t, `${R}.done.release`);
            clearSelection();
            await refresh();
          },
        },
    {
      key: 'print',
      labelKey: `${R}.action.printList`,
      icon: <PrinterOutlined />,
      needsSome: true,
      run: async ({ rows }) => saveDownload(await reviewApi.printOrder(rows.map((r) => r.ID))),
    },
  ];

  return (
    <>
      <ListPage<ReviewRow>
        key={view}
        titleKey="menu.account.chargeBack"
        keepParams={['view']}
        queryKey={`${QUERY}-${view}`}
        searchCall={(body) => reviewApi.orderData({ ...body, View: view })}
        rowKey="ID"
        columns={reviewColumns(tools.openRow)}
        filters={REVIEW_FILTERS}
        actions={[...actions, ...tools.actions]}
        header={
          <Tabs
            activeKey={view}
            onChange={(k) => setParams(k === 'open' ? {} : { view: k })}
            items={VIEWS.map((v) => ({
              key: v,
              label: <span data-testid={`chargeback-tab-${v}`}>{t(`${R}.chargebackView.${v}`)}</span>,
            }))}
          />
        }
      />
      <ChargebackModal
        key={charging.map((r) => r.ID).join(',')}
        rows={charging}
        onClose={() => setCharging([])}
        onOk={async (items) => {
          reportBatch(await reviewApi.chargeback(items), t, `${R}.done.chargeback`);
          await refresh();
        }}
      />
      <ReasonModal
        open={holding.length > 0}
        kind="st"
        titleKey={`${R}.action.hold`}
        count={holding.length}
        onClose={() => setHolding([])}
        onOk={async (reasonId, comment) => {
          reportBatch(await reviewApi.hold(itemsOf(holding), reasonId, comment), t, `${R}.done.hold`);
          await refresh();
        }}
      />
      {tools.dialogs}
    </>
  );
}
