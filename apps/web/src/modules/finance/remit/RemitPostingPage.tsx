import { EditOutlined, RedoOutlined } from '@ant-design/icons';
import type { RemitPostingRow } from '@ems/contracts';
import { formatAmount } from '@ems/contracts';
import { Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { displayDateTime } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { remitApi } from './api';

const F = 'remit.field.';
const STATE_COLOR: Record<string, string> = { queued: 'processing', posted: 'success', failed: 'error' };

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: `${F}keywordPosting`, type: 'text' },
  {
    name: 'State',
    labelKey: `${F}voucherState`,
    type: 'select',
    options: ['queued', 'posted', 'failed'].map((s) => ({ value: s, labelKey: `remit.voucher.${s}` })),
  },
];

function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[state]}>{t(`remit.voucher.${state}`)}</Tag>;
}

const COLUMNS: ColumnDef<RemitPostingRow>[] = [
  { dataIndex: 'RunNo', labelKey: `${F}runNo` },
  { dataIndex: 'State', labelKey: `${F}voucherState`, sortable: true, render: (v) => <StateTag state={String(v)} /> },
  { dataIndex: 'Amount', labelKey: `${F}amount`, render: (v) => formatAmount(String(v)) },
  { dataIndex: 'PostingDate', labelKey: `${F}creditingDate` },
  { dataIndex: 'Period', labelKey: `${F}period` },
  { dataIndex: 'ErpDocNo', labelKey: `${F}erpDocNo` },
  { dataIndex: 'LastError', labelKey: `${F}lastError`, width: 240, ellipsis: true },
  { dataIndex: 'PostRemark', labelKey: `${F}postRemark`, width: 200, ellipsis: true },
  { dataIndex: 'RemittedAt', labelKey: `${F}remittedAt`, sortable: true, render: (v) => displayDateTime(v) },
];

/** Automatic remittance posting: the payment voucher of each remitted run, resent when the ERP refused it. */
export default function RemitPostingPage() {
  const { t } = useTranslation();
  const [remark, setRemark] = useState<{ row: RemitPostingRow; text: string; reload: () => unknown } | null>(null);
  const actions: ActionDef<RemitPostingRow>[] = [
    {
      key: 'resend',
      labelKey: 'remit.action.resend',
      icon: <RedoOutlined />,
      primary: true,
      needsSome: true,
      run: async ({ rows, reload, clearSelection }) => {
        const r = await remitApi.resend(rows.map((x) => x.RunID));
        notice.success(t('remit.posting.resent', { count: r.Queued }));
        for (const x of r.Refused) notice.warning(t(`error.${x.Code}`));
        clearSelection();
        await reload();
      },
    },
    {
      key: 'remark',
      labelKey: 'remit.action.remark',
      icon: <EditOutlined />,
      needsOne: true,
      run: ({ rows, reload }) => setRemark({ row: rows[0]!, text: rows[0]!.PostRemark ?? '', reload }),
    },
  ];
  return (
    <>
      <ListPage<RemitPostingRow>
        titleKey="menu.account.remitPosting"
        queryKey="remit-postings"
        searchCall={(body) => remitApi.postings(body)}
        rowKey="RunID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
      />
      <Modal
        open={remark !== null}
        title={t('remit.action.remark')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        destroyOnHidden
        onCancel={() => setRemark(null)}
        onOk={async () => {
          if (!remark) return;
          try {
            await remitApi.remark(remark.row.RunID, remark.row.Version, remark.text.trim());
            notice.success(t('remit.posting.remarkSaved'));
            void remark.reload();
            setRemark(null);
          } catch (error) {
            notice.error(error);
          }
        }}
      >
        <Input.TextArea
          autoFocus
          maxLength={500}
          rows={4}
          value={remark?.text ?? ''}
          onChange={(e) => setRemark((r) => (r ? { ...r, text: e.target.value } : r))}
        />
      </Modal>
    </>
  );
}
