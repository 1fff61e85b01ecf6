import { DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Flex, Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import { type Key, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notice } from '../../app/notice';
import { ActionButton } from '../ActionButton';
import { columnWidth } from '../format';
import { EditorDrawer } from './EditorDrawer';
import { ExportStatus, useExport } from './ExportStatus';
import { ImportButton } from './ImportButton';
import { SearchForm } from './SearchForm';
import type { ActionDef, ListPageProps } from './types';
import {
  afterTableChange,
  filterBody,
  type ListState,
  listBody,
  pagerOf,
  readListState,
  selectionProblem,
  writeListState,
} from './urlState';

/**
 * The list-screen kit: search form, server-paged and sorted table, row selection, toolbar actions, export
 * and a create/edit drawer. Filters, page and sort live in the URL, so a reload or a shared link restores them.
 */
export function ListPage<Row extends object>(props: ListPageProps<Row>) {
  const { titleKey, queryKey, searchCall, exportCall, rowKey, columns, editor, defaultPageSize } = props;
  const filters = useMemo(() => props.filters ?? [], [props.filters]);
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<Row[]>([]);
  const [editing, setEditing] = useState<{ row: Row | undefined } | null>(null);

  const sortFields = useMemo(() => columns.filter((c) => c.sortable).map((c) => c.dataIndex), [columns]);
  // Opened without any filter in the URL: the default filters apply from the first search and go into the URL.
  const defaults = useRef(
    props.defaultFilters && filters.every((f) => !params.has(f.name)) ? props.defaultFilters : undefined,
  );
  useEffect(() => {
    const add = defaults.current;
    if (!add) return;
    defaults.current = undefined;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(add)) if (!next.has(k)) next.set(k, v);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  const state = useMemo(() => {
    const read = new URLSearchParams(params);
    for (const [k, v] of Object.entries(defaults.current ?? {})) if (!read.has(k)) read.set(k, v);
    return readListState(read, { filters, sortFields, ...(defaultPageSize ? { defaultPageSize } : {}) });
  }, [params, filters, sortFields, defaultPageSize]);
  const keepParams = props.keepParams;
  const setState = useCallback(
    (next: ListState) =>
      setParams(
        (current) => {
          const written = writeListState(next, defaultPageSize ? { defaultPageSize } : {});
          for (const k of keepParams ?? []) {
            const v = current.get(k);
            if (v !== null) written.set(k, v);
          }
          return written;
        },
        { replace: false },
      ),
    [setParams, defaultPageSize, keepParams],
  );

  const body = listBody(state, filters);
  const query = useQuery({
    queryKey: [queryKey, body],
    queryFn: () => searchCall(body),
    placeholderData: keepPreviousData,
  });
  const { refetch } = query;
  useEffect(() => {
    if (query.error) notice.error(query.error);
  }, [query.error]);

  const exporting = useExport();

  const clearSelection = useCallback(() => setSelected([]), []);
  const closeEditor = useCallback(() => setEditing(null), []);
  const reload = useCallback(() => refetch(), [refetch]);

  const runAction = async (action: ActionDef<Row>) => {
    const problem = selectionProblem(action, selected.length);
    if (problem) {
      notice.warning(t(problem));
      return;
    }
    if (action.confirmKey && !(await notice.ask(t(action.confirmKey)))) return;
    await action.run({ rows: selected, reload, clearSelection });
  };

  const toolbar: ActionDef<Row>[] = [];
  if (editor) {
    if (editor.allowCreate !== false) {
      toolbar.push({
        key: 'new',
        labelKey: 'common.new',
        icon: <PlusOutlined />,
        primary: true,
        run: () => setEditing({ row: undefined }),
      });
    }
    toolbar.push({
      key: 'edit',
      labelKey: 'common.edit',
      icon: <EditOutlined />,
      needsOne: true,
      run: ({ rows }) => setEditing({ row: rows[0] }),
    });
  }
  const remove = props.delete;
  if (remove) {
    toolbar.push({
      key: 'delete',
      labelKey: 'common.delete',
      icon: <DeleteOutlined />,
      danger: true,
      needsSome: true,
      confirmKey: 'common.confirmDelete',
      run: async ({ rows }) => {
        await remove(rows);
        notice.success(t('common.deleted'));
        clearSelection();
        await reload();
      },
    });
  }
  toolbar.push(...(props.actions ?? []));
  if (exportCall) {
    toolbar.push({
      key: 'export',
      labelKey: 'common.export',
      icon: <ExportOutlined />,
      run: () => exporting.start((progress) => exportCall(filterBody(state, filters), progress)),
    });
  }

  const tableColumns: TableColumnsType<Row> = columns.map((c) => {
    const title = t(c.labelKey);
    const render = c.render;
    return {
      key: c.dataIndex,
      dataIndex: c.dataIndex,
      title,
      width: c.width ?? columnWidth(title),
      ellipsis: c.ellipsis,
      sorter: c.sortable === true,
      sortOrder: state.sortField === c.dataIndex ? (state.sortOrder ?? null) : null,
      ...(render ? { render: (value: Row[keyof Row], row: Row) => render(value, row) } : {}),
    };
  });

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const sortField = one?.order ? String(one.field ?? one.columnKey ?? '') : undefined;
    const sortOrder = one?.order ?? undefined;
    setState(afterTableChange(state, pagination, sortField, sortOrder));
    clearSelection();
  };

  const rows = query.data?.Rows ?? [];
  const selectedKeys: Key[] = selected.map((r) => r[rowKey] as Key);

  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(titleKey)}
      </Typography.Title>
      {props.header}
      <SearchForm
        filters={filters}
        values={state.filters}
        onSearch={(next) => {
          const again = { ...state, filters: next, page: 1 };
          // The same search again asks the server again: the rows may have moved on (a posting done meanwhile).
          if (JSON.stringify(listBody(again, filters)) === JSON.stringify(body)) void refetch();
          else setState(again);
          clearSelection();
        }}
      />
      <Flex wrap gap={8} role="toolbar" aria-label={t('list.toolbar')}>
        {toolbar.map((a) => (
          <ActionButton
            key={a.key}
            icon={a.icon}
            danger={a.danger}
            type={a.primary ? 'primary' : 'default'}
            data-testid={`list-action-${a.key}`}
            onAction={() => runAction(a)}
          >
            {t(a.labelKey)}
          </ActionButton>
        ))}
        {props.importCall ? (
          <ImportButton
            importCall={props.importCall}
            onImported={reload}
            {...(props.importAccept ? { accept: props.importAccept } : {})}
          />
        ) : null}
      </Flex>
      <ExportStatus state={exporting.state} onCancel={exporting.cancel} />
      <Table<Row>
        rowKey={rowKey}
        size="middle"
        columns={tableColumns}
        dataSource={rows}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        onChange={onTableChange}
        rowSelection={{
          selectedRowKeys: selectedKeys,
          onChange: (_keys, selectedRows) => setSelected(selectedRows),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        pagination={pagerOf(state, query.data, t)}
      />
      {editor ? (
        <EditorDrawer<Row>
          editor={editor}
          target={editing}
          onClose={closeEditor}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      ) : null}
    </Flex>
  );
}
