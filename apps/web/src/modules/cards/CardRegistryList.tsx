import type { BusinessCardRow } from '@ems/contracts';
import { Input, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../app/notice';
import {
  type ColumnDef,
  type CustomControlProps,
  type EditorDef,
  type FilterDef,
  ListPage,
} from '../../shared/list-page';
import { EmployeePicker } from '../org/pickers/EmployeePicker';
import { registryApi } from './api';

const C = 'cards.column.';
const ACTIVE_OPTIONS = [
  { value: 'true', labelKey: 'cards.cardActive.true' },
  { value: 'false', labelKey: 'cards.cardActive.false' },
];

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'cards.field.keyword', type: 'text' },
  { name: 'Active', labelKey: 'cards.field.active', type: 'select', options: ACTIVE_OPTIONS },
];

function ActiveTag({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <Tag color={value ? 'green' : 'default'}>{t(`cards.cardActive.${value}`)}</Tag>;
}

const COLUMNS: ColumnDef<BusinessCardRow>[] = [
  { dataIndex: 'EmployeeCode', labelKey: `${C}employeeCode`, sortable: true },
  { dataIndex: 'EmployeeName', labelKey: `${C}employeeName` },
  { dataIndex: 'CardNo', labelKey: `${C}cardNo`, width: 190 },
  { dataIndex: 'HolderName', labelKey: `${C}holderName`, sortable: true },
  { dataIndex: 'ValidUntil', labelKey: `${C}validUntil`, sortable: true, render: (v) => (v ? String(v) : '') },
  { dataIndex: 'Active', labelKey: `${C}active`, sortable: true, render: (v) => <ActiveTag value={v === true} /> },
  { dataIndex: 'Transactions', labelKey: `${C}transactions` },
];

/** The whole card number, typed once: the registry shows it masked after saving, and it never changes. */
function CardNoInput(props: CustomControlProps) {
  const { t } = useTranslation();
  return (
    <Input
      {...(props as object)}
      inputMode="numeric"
      autoComplete="off"
      maxLength={23}
      placeholder={t('cards.registry.cardNoHint')}
      title={props.disabled ? t('cards.registry.cardNoFixed') : undefined}
    />
  );
}

function HolderPicker(props: CustomControlProps) {
  return <EmployeePicker {...props} includeInactive />;
}

const EDITOR: EditorDef<BusinessCardRow> = {
  createTitleKey: 'cards.registry.add',
  editTitleKey: 'cards.registry.edit',
  initialValues: { Active: 'true' },
  fields: [
    { name: 'EmployeeID', labelKey: 'cards.field.employee', type: 'custom', control: HolderPicker, required: true },
    {
      name: 'CardNo',
      labelKey: `${C}cardNo`,
      type: 'custom',
      control: CardNoInput,
      required: true,
      readOnlyOnEdit: true,
    },
    { name: 'HolderName', labelKey: `${C}holderName`, type: 'text', required: true, maxLength: 100 },
    { name: 'ValidUntil', labelKey: `${C}validUntil`, type: 'date' },
    { name: 'Active', labelKey: 'cards.field.active', type: 'select', options: ACTIVE_OPTIONS, required: true },
  ],
  load: async (row) => ({ ...row, Active: String(row.Active) }),
  // An edit never sends the number: the form holds only its masked form.
  save: (values, row) =>
    registryApi.save({
      ...(row ? { ID: row.ID, Version: row.Version } : { CardNo: String(values.CardNo ?? '') }),
      ...(values.EmployeeID ? { EmployeeID: Number(values.EmployeeID) } : {}),
      HolderName: String(values.HolderName ?? ''),
      ValidUntil: typeof values.ValidUntil === 'string' ? values.ValidUntil : null,
      Active: values.Active !== 'false',
    }),
};

/**
 * The card registry (tab "Cards" of my business card, for those who receive the issuer's statements): which employee
 * holds which card, so the statement import can match it. Add, edit (cancel, re-activate), remove an unused card.
 */
export function CardRegistryList({ header, keepParams }: { header: ReactNode; keepParams: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ListPage<BusinessCardRow>
      key="registry"
      titleKey="menu.expense.myBusinessCard"
      header={header}
      keepParams={keepParams}
      queryKey="cards-registry"
      searchCall={(body) => registryApi.search(body)}
      exportCall={(body, progress) => registryApi.export(body, progress)}
      importCall={(file) => registryApi.importRegistry(file)}
      rowKey="ID"
      columns={COLUMNS}
      filters={FILTERS}
      editor={EDITOR}
      actions={[
        {
          key: 'remove',
          labelKey: 'common.delete',
          danger: true,
          needsSome: true,
          run: async ({ rows, reload, clearSelection }) => {
            if (!(await notice.ask(t('cards.registry.confirmDelete', { count: rows.length })))) return;
            try {
              for (const row of rows) await registryApi.remove(row);
              notice.success(t('common.deleted'));
            } finally {
              clearSelection();
              await reload();
            }
          },
        },
      ]}
    />
  );
}
