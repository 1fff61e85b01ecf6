import type { Page } from '@ems/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Flex, Input, Table, type TableColumnsType } from 'antd';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../../app/i18n/BootProvider';
import { notice } from '../../../../app/notice';

interface Props<Row> {
  /** react-query key; the list refetches when any part of it changes. */
  queryKey: readonly unknown[];
  load: (body: { PageIndex: number; PageSize: number; Keyword?: string }) => Promise<Page<Row>>;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  /** Buttons acting on the selected rows; they get the rows and clear the selection when done. */
  actions: (selected: Row[], done: () => void) => ReactNode;
  testId: string;
}

/** A server-paged, searchable table with row selection: one side of a "selected / not selected" pair. */
export function PagedPicker<Row extends object>({ queryKey, load, rowKey, columns, actions, testId }: Props<Row>) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const [page, setPage] = useState({ index: 1, size: 10 });
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Row[]>([]);
  const query = useQuery({
    queryKey: [...queryKey, culture, keyword, page.index, page.size],
    queryFn: () => load({ PageIndex: page.index, PageSize: page.size, ...(keyword ? { Keyword: keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.error) notice.error(query.error);
  }, [query.error]);
  const done = () => setSelected([]);
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          placeholder={t('expenseMaster.picker.search')}
          style={{ maxWidth: 280 }}
          data-testid={`${testId}-search`}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, index: 1 }));
            done();
          }}
        />
        {actions(selected, done)}
      </Flex>
      <Table<Row>
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={query.data?.Rows ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r[rowKey] as Key),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: query.data?.Total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('list.total', { total }),
          onChange: (index, size) => {
            setPage({ index: size === page.size ? index : 1, size });
            done();
          },
        }}
      />
    </Flex>
  );
}
