import type { BaseInfoRow, SaveBaseInfoBody } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Row } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useBoot } from '../../../app/i18n/BootProvider';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { YesNoTag } from '../finance-shared';
import { baseInfoApi } from './api';
import { BaseInfoTypes } from './BaseInfoTypes';

const F = 'finmd.baseInfo.field';
const ACTIVE_OPTIONS = [
  { value: 'true', labelKey: 'finmd.yes' },
  { value: 'false', labelKey: 'finmd.no' },
];

const COLUMNS: ColumnDef<BaseInfoRow>[] = [
  { dataIndex: 'Sort', labelKey: `${F}.sort`, sortable: true },
  { dataIndex: 'Code', labelKey: `${F}.code`, sortable: true },
  { dataIndex: 'Name', labelKey: `${F}.name`, sortable: true, width: 280 },
  { dataIndex: 'Value', labelKey: `${F}.value`, sortable: true },
  {
    dataIndex: 'Active',
    labelKey: `${F}.active`,
    sortable: true,
    render: (v) => <YesNoTag value={v === true} yesKey="finmd.yes" noKey="finmd.no" />,
  },
];

/** Base info: lookup lists (chargeback reasons, S.T. reasons, payment methods …) on the left, their items on the right. */
export default function BasicInfoPage() {
  const { culture } = useBoot();
  const [params, setParams] = useSearchParams();
  const types = useQuery({ queryKey: ['finmd', 'baseInfoTypes', culture], queryFn: () => baseInfoApi.types() });
  const list = types.data?.Rows ?? [];
  const fromUrl = Number(params.get('TypeID'));
  const selected = list.some((t) => t.TypeID === fromUrl) ? fromUrl : list[0]?.TypeID;

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        name: 'TypeID',
        labelKey: `${F}.type`,
        type: 'select',
        options: list.map((t) => ({ value: t.TypeID, label: t.Name })),
      },
      { name: 'Keyword', labelKey: `${F}.keyword`, type: 'text' },
    ],
    [list],
  );
  const editor = useMemo<EditorDef<BaseInfoRow>>(
    () => ({
      createTitleKey: 'finmd.baseInfo.newItem',
      editTitleKey: 'finmd.baseInfo.editItem',
      initialValues: { TypeID: selected, Active: 'true' },
      fields: [
        {
          name: 'TypeID',
          labelKey: `${F}.type`,
          type: 'select',
          required: true,
          readOnlyOnEdit: true,
          options: list.map((t) => ({ value: t.TypeID, label: t.Name })),
        },
        { name: 'Code', labelKey: `${F}.code`, type: 'text', required: true, maxLength: 40 },
        { name: 'NameZH', labelKey: `${F}.nameZh`, type: 'text', required: true, maxLength: 200 },
        { name: 'NameEN', labelKey: `${F}.nameEn`, type: 'text', required: true, maxLength: 200 },
        { name: 'Value', labelKey: `${F}.value`, type: 'text', maxLength: 20 },
        { name: 'Active', labelKey: `${F}.active`, type: 'select', required: true, options: ACTIVE_OPTIONS },
        { name: 'Sort', labelKey: `${F}.sort`, type: 'number' },
      ],
      load: async (row) => ({ ...row, Active: String(row.Active), Value: row.Value ?? undefined }),
      save: (values, row) =>
        baseInfoApi.saveItem({
          ...(values as unknown as SaveBaseInfoBody),
          Active: values.Active === 'true',
          Value: (values.Value as string | undefined) ?? null,
          ...(row ? { BaseInfoID: row.BaseInfoID, Version: row.Version, TypeID: row.TypeID } : {}),
        }),
    }),
    [list, selected],
  );

  // The items shown are always those of one list: the first, until the user picks another.
  useEffect(() => {
    if (!params.get('TypeID') && selected !== undefined) {
      const next = new URLSearchParams(params);
      next.set('TypeID', String(selected));
      setParams(next, { replace: true });
    }
  }, [params, selected, setParams]);

  const select = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('TypeID', String(id));
    next.delete('page');
    setParams(next);
  };

  return (
    <Row gutter={16}>
      <Col xs={24} lg={8} xl={6}>
        <BaseInfoTypes types={list} selected={selected} onSelect={select} onChanged={() => types.refetch()} />
      </Col>
      <Col xs={24} lg={16} xl={18}>
        {selected === undefined ? (
          <Empty />
        ) : (
          <ListPage<BaseInfoRow>
            titleKey="menu.setting.basicInfo"
            queryKey="finmd-baseInfoItems"
            searchCall={async (body) => {
              const page = await baseInfoApi.items({ ...body, TypeID: body.TypeID ?? selected });
              void types.refetch();
              return page;
            }}
            rowKey="BaseInfoID"
            columns={COLUMNS}
            filters={filters}
            editor={editor}
            delete={(rows) => baseInfoApi.deleteItems(rows.map((r) => r.BaseInfoID))}
          />
        )}
      </Col>
    </Row>
  );
}
