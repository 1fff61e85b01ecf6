import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { WorkflowRow } from '@ems/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActionDef, type ColumnDef, type FilterDef, ListPage } from '../../shared/list-page';
import { workflowApi } from './api';
import { WorkflowEditor } from './WorkflowEditor';

const K = 'workflow.admin';
const QUERY_KEY = 'workflow-templates';

const FILTERS: FilterDef[] = [
  {
    name: 'DocType',
    labelKey: `${K}.field.docType`,
    type: 'select',
    options: ['apply', 'loan', 'deputy'].map((d) => ({ value: d, labelKey: `doc.type.${d}` })),
  },
  { name: 'Keyword', labelKey: `${K}.field.keyword`, type: 'text' },
  {
    name: 'Active',
    labelKey: `${K}.field.active`,
    type: 'select',
    options: [
      { value: 'true', labelKey: `${K}.active.yes` },
      { value: 'false', labelKey: `${K}.active.no` },
    ],
  },
];

function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <Tag color={active ? 'green' : 'default'}>{t(active ? `${K}.active.yes` : `${K}.active.no`)}</Tag>;
}

function DocTypeText({ value }: { value: string }) {
  const { t } = useTranslation();
  return <>{t(`doc.type.${value}`)}</>;
}

const COLUMNS: ColumnDef<WorkflowRow>[] = [
  { dataIndex: 'Code', labelKey: `${K}.field.code`, sortable: true },
  { dataIndex: 'Name', labelKey: `${K}.field.name`, sortable: true, width: 240 },
  {
    dataIndex: 'DocType',
    labelKey: `${K}.field.docType`,
    sortable: true,
    render: (v) => <DocTypeText value={String(v)} />,
  },
  { dataIndex: 'ExpenseTypeName', labelKey: `${K}.field.expenseType`, width: 200 },
  { dataIndex: 'StepCount', labelKey: `${K}.field.stepCount` },
  { dataIndex: 'Active', labelKey: `${K}.field.active`, render: (v) => <ActiveTag active={v === true} /> },
];

/** Route templates: which steps a document of each type (or expense type) goes through. */
export default function WorkflowPage() {
  const client = useQueryClient();
  const [target, setTarget] = useState<{ row?: WorkflowRow } | null>(null);
  const actions: ActionDef<WorkflowRow>[] = [
    { key: 'new', labelKey: 'common.new', icon: <PlusOutlined />, primary: true, run: () => setTarget({}) },
    {
      key: 'edit',
      labelKey: 'common.edit',
      icon: <EditOutlined />,
      needsOne: true,
      run: ({ rows }) => setTarget({ row: rows[0]! }),
    },
  ];
  return (
    <>
      <ListPage<WorkflowRow>
        titleKey="menu.setting.workflow"
        queryKey={QUERY_KEY}
        searchCall={(body) =>
          workflowApi.search({ ...body, Active: body.Active === undefined ? undefined : body.Active === 'true' })
        }
        rowKey="ID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
      />
      <WorkflowEditor
        target={target}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void client.invalidateQueries({ queryKey: [QUERY_KEY] });
        }}
      />
    </>
  );
}
