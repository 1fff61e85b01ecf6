import { MASTER_NAME_KINDS, type MasterNameKind, type MasterNameRow } from '@ems/contracts';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { masterNameApi } from './api';
import { StatusTag } from './columns';

const KIND_OPTIONS = MASTER_NAME_KINDS.map((k) => ({ value: k, labelKey: `expenseMaster.kind.${k}` }));
const DEFAULT_KIND: MasterNameKind = 'expense_item';

const FILTERS: FilterDef[] = [
  { name: 'Kind', labelKey: 'expenseMaster.names.kind', type: 'select', options: KIND_OPTIONS },
  { name: 'Keyword', labelKey: 'expenseMaster.field.keyword', type: 'text' },
  {
    name: 'Untranslated',
    labelKey: 'expenseMaster.names.untranslated',
    type: 'select',
    options: [{ value: 'yes', labelKey: 'expenseMaster.names.onlyUntranslated' }],
  },
];

const EDITOR: EditorDef<MasterNameRow> = {
  allowCreate: false,
  editTitleKey: 'expenseMaster.names.editTitle',
  fields: [
    { name: 'Code', labelKey: 'expenseMaster.field.code', type: 'text', readOnlyOnEdit: true },
    { name: 'NameZH', labelKey: 'expenseMaster.field.nameZh', type: 'text', required: true, maxLength: 200 },
    { name: 'NameEN', labelKey: 'expenseMaster.field.nameEn', type: 'text', required: true, maxLength: 200 },
  ],
  // Names are only edited here; the records themselves are created on their own screens.
  save: async (v, row) =>
    row
      ? masterNameApi.save({
          Kind: row.Kind,
          ID: row.ID,
          Version: row.Version,
          NameZH: String(v.NameZH),
          NameEN: String(v.NameEN),
        })
      : undefined,
};

/** The "belongs to" of a row in words: a category or document type is a code the user should not have to read. */
function ownerText(t: TFunction, row: MasterNameRow): string {
  const owner = row.Owner ?? '';
  if (!owner) return '';
  if (row.Kind === 'expense_item') return t(`expenseMaster.category.${owner}`, { defaultValue: owner });
  if (row.Kind === 'expense_type') return t(`expenseMaster.docType.${owner}`, { defaultValue: owner });
  if (row.Kind === 'provider') return t(`expenseMaster.providerCategory.${owner}`, { defaultValue: owner });
  if (row.Kind === 'cost_centre') return t(`expenseMaster.costCentreType.${owner}`, { defaultValue: owner });
  return owner;
}

/** One screen for the Chinese and English names of master data of every kind. */
export default function MasterDataLanguagePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The kind is part of the search: show it chosen rather than an empty filter over some hidden default.
  useEffect(() => {
    if (!params.get('Kind')) {
      const next = new URLSearchParams(params);
      next.set('Kind', DEFAULT_KIND);
      setParams(next, { replace: true });
    }
  }, [params, setParams]);
  const columns: ColumnDef<MasterNameRow>[] = [
    { dataIndex: 'Kind', labelKey: 'expenseMaster.names.kind', render: (v) => t(`expenseMaster.kind.${String(v)}`) },
    { dataIndex: 'Code', labelKey: 'expenseMaster.field.code', sortable: true },
    { dataIndex: 'Owner', labelKey: 'expenseMaster.names.owner', render: (_v, row) => ownerText(t, row) },
    { dataIndex: 'NameZH', labelKey: 'expenseMaster.field.nameZh', sortable: true, width: 260 },
    { dataIndex: 'NameEN', labelKey: 'expenseMaster.field.nameEn', sortable: true, width: 300 },
    {
      dataIndex: 'Active',
      labelKey: 'expenseMaster.field.status',
      render: (v) => <StatusTag active={v === true} t={t} />,
    },
  ];
  return (
    <ListPage<MasterNameRow>
      titleKey="menu.master.MasterDataLanuage"
      queryKey="masterNames"
      searchCall={(body) => masterNameApi.search({ Kind: DEFAULT_KIND, ...body })}
      rowKey="Key"
      columns={columns}
      filters={FILTERS}
      editor={EDITOR}
    />
  );
}
