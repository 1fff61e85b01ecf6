import type { ChargeableRow } from '@ems/contracts';
import { Alert, Flex, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { StatusTag, YesNoTag } from '../finance-shared';
import { EmployeeCodePicker } from '../pickers/PeoplePicker';
import { fundsApi, type QueryResult } from './api';

const F = 'finmd.funds.field';
type Row = ChargeableRow & { Key: string };

const FILTERS: FilterDef[] = [
  { name: 'EmployeeCode', labelKey: `${F}.employee`, type: 'custom', control: EmployeeCodePicker },
  { name: 'OnDate', labelKey: `${F}.onDate`, type: 'date' },
  {
    name: 'Kind',
    labelKey: `${F}.targetKind`,
    type: 'select',
    options: [
      { value: 'cost_centre', labelKey: 'finmd.funds.kind.cost_centre' },
      { value: 'internal_order', labelKey: 'finmd.funds.kind.internal_order' },
    ],
  },
  { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
];

function Reasons({ row }: { row: Row }) {
  const { t } = useTranslation();
  return (
    <Space size={[4, 4]} wrap>
      {row.Reasons.map((r) => (
        <Tooltip key={`${r.Reason}-${r.Detail}`} title={r.Detail || undefined}>
          <Tag color="geekblue">
            {t(`finmd.funds.reason.${r.Reason}`)}
            {r.Detail ? ` · ${r.Detail}` : ''}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

const COLUMNS: ColumnDef<Row>[] = [
  { dataIndex: 'Kind', labelKey: `${F}.targetKind`, render: (v) => <KindLabel kind={String(v)} /> },
  { dataIndex: 'Code', labelKey: `${F}.code` },
  { dataIndex: 'Name', labelKey: `${F}.name`, width: 240 },
  { dataIndex: 'Status', labelKey: `${F}.targetStatus`, render: (v) => <StatusTag status={String(v)} /> },
  {
    dataIndex: 'Choosable',
    labelKey: 'finmd.field.choosable',
    render: (v) => <YesNoTag value={v === true} yesKey="finmd.yes" noKey="finmd.no" />,
  },
  { dataIndex: 'Reasons', labelKey: `${F}.reasons`, width: 380, render: (_, r) => <Reasons row={r} /> },
];

function KindLabel({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <>{t(`finmd.funds.kind.${kind}`)}</>;
}

/** What one person may charge on a day (themselves when nobody is chosen), and why. */
export default function QueryFundsPermissionPage() {
  const { t } = useTranslation();
  const [who, setWho] = useState<QueryResult['Employee']>(null);
  return (
    <Flex vertical gap={8}>
      <ListPage<Row>
        titleKey="menu.master.queryFundsPermission"
        queryKey="finmd-fundsQuery"
        searchCall={async (body) => {
          const res = await fundsApi.query(body);
          setWho(res.Employee);
          return { Total: res.Total, Rows: res.Rows.map((r) => ({ ...r, Key: `${r.Kind}-${r.ID}` })) };
        }}
        rowKey="Key"
        columns={COLUMNS}
        filters={FILTERS}
      />
      {who ? (
        <Alert
          type="info"
          showIcon
          data-testid="funds-query-employee"
          title={t('finmd.funds.queryFor', {
            name: who.EmployeeName,
            code: who.EmployeeCode,
            team: who.TeamName ?? '',
          })}
        />
      ) : null}
    </Flex>
  );
}
