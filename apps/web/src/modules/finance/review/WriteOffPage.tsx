import { CheckOutlined, CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ReviewRow } from '@ems/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notice } from '../../../app/notice';
import { type ActionDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { itemsOf, reviewApi } from './api';
import { ReasonModal, useReviewTools } from './dialogs';
import { R, REVIEW_FILTERS, reportBatch, reviewColumns } from './shared';

const VIEWS = ['normal', 'special', 'written'] as const;
type View = (typeof VIEWS)[number];
const QUERY = 'review-writeoff';

/** Which documents besides those at SSC: also the ones awaiting paper, or only those needing no mailing. */
const PAPER_FILTER: FilterDef = {
  name: 'Paper',
  labelKey: `${R}.field.paper`,
  type: 'select',
  options: [
    { value: 'withNotReceived', labelKey: `${R}.paperFilter.withNotReceived` },
    { value: 'noMailing', labelKey: `${R}.paperFilter.noMailing` },
  ],
};

/**
 * /manage/expensewriteoff: accounting review. The normal and the special check list the documents at SSC; pass writes
 * their voucher (documents whose paper has not arrived only once the reviewer confirms it was not received), no-pass
 * asks "Sure to reject?" and a reason; written-off documents whose voucher was not sent can be cancelled.
 */
export default function WriteOffPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.find((v) => v === params.get('view')) ?? 'normal';
  const [rejecting, setRejecting] = useState<ReviewRow[]>([]);
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(QUERY) });
  const tools = useReviewTools(refresh);

  const passAction: ActionDef<ReviewRow> = {
    key: 'pass',
    labelKey: `${R}.action.pass`,
    icon: <CheckOutlined />,
    primary: true,
    needsSome: true,
    run: async ({ rows, clearSelection }) => {
      const notReceived = rows.filter((r) => r.Paper === 'not_received');
      if (notReceived.length > 0) {
        const list = notReceived.map((r) => r.DocNo).join(', ');
        if (!(await notice.ask(t(`${R}.confirmNotReceived`, { count: notReceived.length, list })))) return;
      } else if (!(await notice.ask(t(`${R}.confirmPass`, { count: rows.length })))) return;
      const check = view === 'special' ? 'special' : 'normal';
      reportBatch(await reviewApi.pass(check, itemsOf(rows), notReceived.length > 0), t, `${R}.done.pass`);
      clearSelection();
      await refresh();
    },
  };
  const rejectAction: ActionDef<ReviewRow> = {
    key: 'noPass',
    labelKey: `${R}.action.noPass`,
    icon: <CloseOutlined />,
    danger: true,
    needsSome: true,
    confirmKey: `${R}.confirmReject`,
    run: ({ rows }) => setRejecting(rows),
  };
  const cancelAction: ActionDef<ReviewRow> = {
    key: 'cancel',
    labelKey: `${R}.action.cancelWriteOff`,
    icon: <RollbackOutlined />,
    needsSome: true,
    confirmKey: `${R}.confirmCancelWriteOff`,
    run: async ({ rows, clearSelection }) => {
      reportBatch(await reviewApi.cancelWriteOff(itemsOf(rows)), t, `${R}.done.cancelWriteOff`);
      clearSelection();
      await refresh();
    },
  };

  return (
    <>
      <ListPage<ReviewRow>
        key={view}
        titleKey="menu.account.expensewriteoff"
        keepParams={['view']}
        queryKey={`${QUERY}-${view}`}
        searchCall={({ Paper, ...body }) =>
          reviewApi.orderList({
            ...body,
            Check: view,
            ...(Paper === 'withNotReceived' ? { IncludeNotReceived: true } : {}),
            ...(Paper === 'noMailing' ? { NoMailingOnly: true } : {}),
          })
        }
        rowKey="ID"
        columns={reviewColumns(tools.openRow)}
        filters={view === 'written' ? REVIEW_FILTERS : [...REVIEW_FILTERS, PAPER_FILTER]}
        actions={[...(view === 'written' ? [cancelAction] : [passAction, rejectAction]), ...tools.actions]}
        header={
          <Tabs
            activeKey={view}
            onChange={(k) => setParams(k === 'normal' ? {} : { view: k })}
            items={VIEWS.map((v) => ({
              key: v,
              label: <span data-testid={`review-tab-${v}`}>{t(`${R}.view.${v}`)}</span>,
            }))}
          />
        }
      />
      <ReasonModal
        open={rejecting.length > 0}
        kind="chargeback"
        titleKey={`${R}.action.noPass`}
        count={rejecting.length}
        onClose={() => setRejecting([])}
        onOk={async (reasonId, comment) => {
          reportBatch(await reviewApi.backOrder(itemsOf(rejecting), reasonId, comment), t, `${R}.done.noPass`);
          await refresh();
        }}
      />
      {tools.dialogs}
    </>
  );
}
