import { CloudUploadOutlined } from '@ant-design/icons';
import { CULTURES, type LanguageResource, type SearchLanguageBody, type UpdateLanguageBody } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../app/i18n/BootProvider';
import { notice } from '../../app/notice';
import { displayDateTime } from '../../shared/format';
import { type ActionDef, type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../shared/list-page';
import { languageApi } from './api';

const CULTURE_OPTIONS = CULTURES.map((c) => ({ value: c, label: c }));

const FILTERS: FilterDef[] = [
  { name: 'PageID', labelKey: 'language.field.pageId', type: 'text' },
  { name: 'ItemID', labelKey: 'language.field.itemId', type: 'text' },
  { name: 'CultureCode', labelKey: 'language.field.cultureCode', type: 'select', options: CULTURE_OPTIONS },
  { name: 'ItemContent', labelKey: 'language.field.itemContent', type: 'text' },
];

const COLUMNS: ColumnDef<LanguageResource>[] = [
  { dataIndex: 'PageID', labelKey: 'language.field.pageId', sortable: true },
  { dataIndex: 'ItemID', labelKey: 'language.field.itemId', sortable: true },
  { dataIndex: 'CultureCode', labelKey: 'language.field.cultureCode', sortable: true },
  { dataIndex: 'ItemContent', labelKey: 'language.field.itemContent', sortable: true, width: 360, ellipsis: true },
  { dataIndex: 'Type', labelKey: 'language.field.type', sortable: true },
  {
    dataIndex: 'UpdatedAt',
    labelKey: 'language.field.updatedAt',
    sortable: true,
    width: 180,
    render: (value) => displayDateTime(value),
  },
];

const EDITOR: EditorDef<LanguageResource> = {
  createTitleKey: 'language.createTitle',
  editTitleKey: 'language.editTitle',
  initialValues: { CultureCode: 'zh-CN' },
  fields: [
    {
      name: 'PageID',
      labelKey: 'language.field.pageId',
      type: 'text',
      required: true,
      maxLength: 100,
      readOnlyOnEdit: true,
    },
    {
      name: 'ItemID',
      labelKey: 'language.field.itemId',
      type: 'text',
      required: true,
      maxLength: 200,
      readOnlyOnEdit: true,
    },
    {
      name: 'CultureCode',
      labelKey: 'language.field.cultureCode',
      type: 'select',
      required: true,
      options: CULTURE_OPTIONS,
      readOnlyOnEdit: true,
    },
    { name: 'ItemContent', labelKey: 'language.field.itemContent', type: 'textarea', required: true, maxLength: 4000 },
    { name: 'Type', labelKey: 'language.field.type', type: 'text', maxLength: 20 },
    { name: 'Page', labelKey: 'language.field.page', type: 'text', maxLength: 100 },
  ],
  save: (values, row) =>
    languageApi.save({ ...(values as Omit<UpdateLanguageBody, 'ID'>), ...(row ? { ID: row.ID } : {}) }),
};

/** Language resources of both cultures; publishing makes the edited texts the packs every client loads. */
export default function LanguageManagePage() {
  const { t } = useTranslation();
  const { reloadPack } = useBoot();
  const actions: ActionDef<LanguageResource>[] = [
    {
      key: 'publish',
      labelKey: 'language.publish',
      icon: <CloudUploadOutlined />,
      confirmKey: 'language.publishConfirm',
      run: async () => {
        const { LanguageVersion } = await languageApi.publish();
        notice.success(t('language.published', { version: LanguageVersion }));
        await reloadPack();
      },
    },
  ];
  return (
    <ListPage<LanguageResource>
      titleKey="language.title"
      queryKey="languageResources"
      searchCall={(body) => languageApi.search(body as SearchLanguageBody)}
      exportCall={(filters) => languageApi.export(filters)}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      actions={actions}
      editor={EDITOR}
      delete={(rows) => languageApi.remove(rows.map((r) => r.ID))}
    />
  );
}
