import { EditOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import type { ExpenseDocType, ExpenseTypeNode } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Col, Empty, Flex, Row, Spin, Tabs, Tag, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBoot } from '../../../../app/i18n/BootProvider';
import { notice } from '../../../../app/notice';
import { ActionButton } from '../../../../shared/ActionButton';
import { Panel } from '../../../../shared/Panel';
import { setupApi } from '../api';
import { AuthorityAssign } from './AuthorityAssign';
import { ItemRelations } from './ItemRelations';
import { TypeEditorModal, type TypeEditTarget } from './TypeEditorModal';

const flatten = (nodes: ExpenseTypeNode[]): ExpenseTypeNode[] => nodes.flatMap((n) => [n, ...flatten(n.Children)]);

interface TreeNode {
  key: number;
  title: React.ReactNode;
  children: TreeNode[];
}

/**
 * The setup of one document type's expense types: the type tree on the left; on the right the items the chosen
 * type offers and those it could offer, and for plan (apply) types the employees allowed to use a restricted type.
 */
export function ExpenseTypeSetupPage({ docType, titleKey }: { docType: ExpenseDocType; titleKey: string }) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<TypeEditTarget | null>(null);
  const query = useQuery({
    queryKey: ['expenseSetup', docType, 'types', culture],
    queryFn: () => setupApi(docType).types(),
  });
  useEffect(() => {
    if (query.error) notice.error(query.error);
  }, [query.error]);
  const tree = query.data?.Rows ?? [];
  const all = useMemo(() => flatten(tree), [tree]);
  const selectedId = Number(params.get('type')) || undefined;
  const selected = all.find((n) => n.ID === selectedId);
  const tab = params.get('tab') ?? 'selected';
  const select = (id: number | undefined, nextTab = tab) => {
    const next = new URLSearchParams();
    if (id) next.set('type', String(id));
    if (nextTab !== 'selected') next.set('tab', nextTab);
    setParams(next);
  };

  const toTree = (nodes: ExpenseTypeNode[]): TreeNode[] =>
    nodes.map((n) => ({
      key: n.ID,
      title: (
        <span data-testid={`type-node-${n.Code}`}>
          {n.Name} <Typography.Text type="secondary">({n.Code})</Typography.Text>{' '}
          {n.Children.length === 0 ? <Badge count={n.ItemCount} showZero color="#8c8c8c" size="small" /> : null}
          {n.Active ? null : <Tag style={{ marginInlineStart: 6 }}>{t('expenseMaster.status.inactive')}</Tag>}
          {n.Restricted ? (
            <Tag color="orange" style={{ marginInlineStart: 6 }}>
              {t('expenseMaster.setup.restricted')}
            </Tag>
          ) : null}
        </span>
      ),
      children: toTree(n.Children),
    }));

  const tabs = selected
    ? [
        {
          key: 'selected',
          label: t('expenseMaster.setup.selectedItems'),
          children: <ItemRelations docType={docType} type={selected} selected />,
        },
        {
          key: 'available',
          label: t('expenseMaster.setup.availableItems'),
          children: <ItemRelations docType={docType} type={selected} selected={false} />,
        },
        ...(docType === 'apply'
          ? [
              {
                key: 'authority',
                label: t('expenseMaster.setup.authority'),
                children: <AuthorityAssign type={selected} />,
              },
            ]
          : []),
      ]
    : [];

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(titleKey)}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Panel title={t('expenseMaster.setup.types')} testId="type-tree">
            <Flex gap={8} wrap style={{ marginBottom: 12 }}>
              <ActionButton icon={<PlusOutlined />} onAction={() => setEditing({ parentId: null })}>
                {t('expenseMaster.setup.newRoot')}
              </ActionButton>
              <ActionButton
                icon={<SubnodeOutlined />}
                disabled={!selected || selected.ItemCount > 0}
                onAction={() => selected && setEditing({ parentId: selected.ID })}
              >
                {t('expenseMaster.setup.newChild')}
              </ActionButton>
              <ActionButton
                icon={<EditOutlined />}
                disabled={!selected}
                data-testid="type-edit"
                onAction={() => selected && setEditing({ type: selected })}
              >
                {t('common.edit')}
              </ActionButton>
            </Flex>
            <Spin spinning={query.isFetching}>
              {tree.length ? (
                <Tree<TreeNode>
                  blockNode
                  defaultExpandAll
                  key={`${culture}-${all.length}`}
                  treeData={toTree(tree)}
                  selectedKeys={selected ? [selected.ID] : []}
                  onSelect={(keys) => select(keys[0] === undefined ? undefined : Number(keys[0]))}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />
              )}
            </Spin>
          </Panel>
        </Col>
        <Col xs={24} lg={15}>
          <Panel
            title={selected ? `${selected.Name} (${selected.Code})` : t('expenseMaster.setup.chooseType')}
            testId="type-detail"
          >
            {selected ? (
              <Tabs activeKey={tab} onChange={(key) => select(selected.ID, key)} items={tabs} destroyOnHidden />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('expenseMaster.setup.chooseTypeHelp')} />
            )}
          </Panel>
        </Col>
      </Row>
      <TypeEditorModal
        docType={docType}
        tree={tree}
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(id) => {
          setEditing(null);
          void query.refetch().then(() => select(id));
        }}
      />
    </Flex>
  );
}
