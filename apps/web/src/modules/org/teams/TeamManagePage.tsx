import {
  EditOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import type { SaveTeamBody, TeamRow } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type Key, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { columnWidth } from '../../../shared/format';
import { EditorDrawer } from '../../../shared/list-page/EditorDrawer';
import type { EditorDef, FieldDef } from '../../../shared/list-page/types';
import { ActiveTag, SwitchControl, TherapeuticAreaSelect } from '../controls';
import { TeamTreeSelect } from '../pickers/TeamTreeSelect';
import { teamApi } from './api';
import { branchIds, type TeamTreeRow, toTree } from './teamTree';

const FIELDS: FieldDef[] = [
  { name: 'Code', labelKey: 'org.team.field.code', type: 'text', required: true, maxLength: 40 },
  { name: 'NameZH', labelKey: 'org.team.field.nameZh', type: 'text', required: true, maxLength: 200 },
  { name: 'NameEN', labelKey: 'org.team.field.nameEn', type: 'text', required: true, maxLength: 200 },
  { name: 'ParentID', labelKey: 'org.team.field.parent', type: 'custom', control: TeamTreeSelect },
  { name: 'BU', labelKey: 'org.team.field.bu', type: 'text', maxLength: 40 },
  {
    name: 'TherapeuticAreaID',
    labelKey: 'org.team.field.therapeuticArea',
    type: 'custom',
    control: TherapeuticAreaSelect,
  },
  { name: 'IsEVM', labelKey: 'org.team.field.isEvm', type: 'custom', control: SwitchControl },
  { name: 'IsSupportFunction', labelKey: 'org.team.field.isSupportFunction', type: 'custom', control: SwitchControl },
  { name: 'Active', labelKey: 'org.common.active', type: 'custom', control: SwitchControl },
  { name: 'Sort', labelKey: 'org.common.sort', type: 'number' },
];

/** The company's teams as a tree: create, edit, stop and start them in place. */
export default function TeamManagePage() {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const client = useQueryClient();
  const [showStopped, setShowStopped] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const [editing, setEditing] = useState<{ row: TeamRow | undefined; parentId: number | null } | null>(null);

  const query = useQuery({
    queryKey: ['org', 'teamManage', culture, showStopped],
    queryFn: () => teamApi.all(showStopped),
  });
  const tree = useMemo(() => toTree(query.data ?? [], keyword), [query.data, keyword]);
  const reload = async () => {
    await client.invalidateQueries({ queryKey: ['org'] });
  };

  const editor = useMemo<EditorDef<TeamRow>>(
    () => ({
      createTitleKey: 'org.team.createTitle',
      editTitleKey: 'org.team.editTitle',
      fields: FIELDS,
      initialValues: {
        ParentID: editing?.parentId ?? undefined,
        IsEVM: false,
        IsSupportFunction: false,
        Active: true,
        Sort: 0,
      },
      load: async (row) => ({ ...(await teamApi.info(row.TeamID)) }),
      save: (values, row) =>
        teamApi.save({
          ...(values as Partial<SaveTeamBody>),
          ParentID: (values.ParentID as number | undefined) ?? null,
          TherapeuticAreaID: (values.TherapeuticAreaID as number | undefined) ?? null,
          ...(row ? { TeamID: row.TeamID, Version: row.Version } : {}),
        }),
    }),
    [editing?.parentId],
  );

  const target = useMemo(() => (editing ? { row: editing.row } : null), [editing]);
  const close = useCallback(() => setEditing(null), []);

  const toggle = async (row: TeamRow) => {
    if (!(await notice.ask(t(row.Active ? 'org.team.stopConfirm' : 'org.team.startConfirm', { name: row.Name }))))
      return;
    const info = await teamApi.info(row.TeamID);
    await teamApi.save({ ...info, Active: !info.Active });
    notice.success(t(row.Active ? 'org.team.stopped' : 'org.team.started'));
    await reload();
  };

  const title = (key: string) => t(key);
  const columns: TableColumnsType<TeamTreeRow> = [
    {
      key: 'Name',
      title: title('org.team.field.name'),
      width: 320,
      // The tree's indent and expand icon sit inline before the name: a name that wrapped below them (long
      // English names did) lost its indent, so the name stays on one line and the column grows instead.
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, r) => (
        <Space size={4}>
          <Typography.Text strong={r.ParentID === null}>{r.Name}</Typography.Text>
          <Typography.Text type="secondary">{r.Code}</Typography.Text>
        </Space>
      ),
    },
    { key: 'BU', dataIndex: 'BU', title: title('org.team.field.bu'), width: columnWidth(title('org.team.field.bu')) },
    { key: 'TA', dataIndex: 'TherapeuticAreaName', title: title('org.team.field.therapeuticArea'), width: 140 },
    {
      key: 'EVM',
      title: title('org.team.field.isEvm'),
      width: columnWidth(title('org.team.field.isEvm')),
      render: (_, r) => (r.IsEVM ? <Tag color="purple">EVM</Tag> : null),
    },
    {
      key: 'Support',
      title: title('org.team.field.isSupportFunction'),
      width: columnWidth(title('org.team.field.isSupportFunction')),
      render: (_, r) => (r.IsSupportFunction ? <Tag color="blue">{t('org.common.yes')}</Tag> : null),
    },
    { key: 'Members', dataIndex: 'MemberCount', title: title('org.team.field.memberCount'), width: 100 },
    { key: 'Active', title: title('org.common.status'), width: 90, render: (_, r) => <ActiveTag value={r.Active} /> },
    {
      key: 'actions',
      title: title('org.common.actions'),
      width: 260,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            data-testid={`team-edit-${r.Code}`}
            onClick={() => setEditing({ row: r, parentId: r.ParentID })}
          >
            {t('common.edit')}
          </Button>
          {r.Active ? (
            <Button
              type="link"
              size="small"
              icon={<SubnodeOutlined />}
              onClick={() => setEditing({ row: undefined, parentId: r.TeamID })}
            >
              {t('org.team.addChild')}
            </Button>
          ) : null}
          <ActionButton
            type="link"
            size="small"
            danger={r.Active}
            icon={r.Active ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            onAction={() => toggle(r)}
          >
            {t(r.Active ? 'org.common.stop' : 'org.common.start')}
          </ActionButton>
        </Space>
      ),
    },
  ];

  const allBranches = branchIds(tree);
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('menu.master.teamManage')}
      </Typography.Title>
      <Flex wrap gap={8} align="center" role="toolbar" aria-label={t('list.toolbar')}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="team-new"
          onClick={() => setEditing({ row: undefined, parentId: null })}
        >
          {t('org.team.newRoot')}
        </Button>
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('org.team.searchPlaceholder')}
          aria-label={t('org.common.keyword')}
          onSearch={(v) => {
            setKeyword(v);
            setExpanded(null);
          }}
        />
        <Space>
          <Switch checked={showStopped} onChange={setShowStopped} aria-label={t('org.team.showStopped')} />
          <Typography.Text>{t('org.team.showStopped')}</Typography.Text>
        </Space>
        <Button onClick={() => setExpanded(allBranches)}>{t('org.team.expandAll')}</Button>
        <Button onClick={() => setExpanded([])}>{t('org.team.collapseAll')}</Button>
      </Flex>
      <Table<TeamTreeRow>
        rowKey="TeamID"
        size="middle"
        columns={columns}
        dataSource={tree}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expanded ?? allBranches,
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        locale={{ emptyText: t('list.empty') }}
      />
      <EditorDrawer<TeamRow>
        editor={editor}
        target={target}
        onClose={close}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
    </Flex>
  );
}
