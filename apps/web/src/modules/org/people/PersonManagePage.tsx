import { BankOutlined, ControlOutlined, KeyOutlined, MoneyCollectOutlined, ProfileOutlined } from '@ant-design/icons';
import type { EmployeeRow, SaveEmployeeBody } from '@ems/contracts';
import { Modal, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { type ActionDef, type ColumnDef, type EditorDef, type FilterDef, ListPage } from '../../../shared/list-page';
import { BankBranchPicker } from '../../masterdata/banks/BankBranchPicker';
import { EMPLOYEE_STATUS_OPTIONS, EmployeeStatusTag, YES_NO } from '../controls';
import { EmployeePicker } from '../pickers/EmployeePicker';
import { TeamTreeSelect } from '../pickers/TeamTreeSelect';
import { ApprovalLimitModal } from './ApprovalLimitModal';
import { peopleApi } from './api';
import { CompaniesModal } from './CompaniesModal';
import { PersonInfoDrawer } from './PersonInfoDrawer';
import { StatusModal } from './StatusModal';

const F = 'org.person.field.';

const FILTERS: FilterDef[] = [
  { name: 'Keyword', labelKey: 'org.person.keyword', type: 'text' },
  { name: 'TeamID', labelKey: `${F}team`, type: 'custom', control: TeamTreeSelect },
  { name: 'IncludeSubTeams', labelKey: 'org.person.includeSubTeams', type: 'select', options: YES_NO },
  { name: 'Status', labelKey: `${F}status`, type: 'select', options: EMPLOYEE_STATUS_OPTIONS },
  { name: 'LineManagerID', labelKey: `${F}lineManager`, type: 'custom', control: EmployeePicker },
  { name: 'HasAccount', labelKey: 'org.person.hasAccount', type: 'select', options: YES_NO },
];

const COLUMNS: ColumnDef<EmployeeRow>[] = [
  { dataIndex: 'Code', labelKey: `${F}code`, sortable: true },
  { dataIndex: 'Name', labelKey: `${F}name`, sortable: true, width: 140 },
  { dataIndex: 'TeamName', labelKey: `${F}team`, sortable: true, width: 200 },
  { dataIndex: 'LineManagerName', labelKey: `${F}lineManager`, width: 120 },
  {
    dataIndex: 'Status',
    labelKey: `${F}status`,
    sortable: true,
    render: (v) => <EmployeeStatusTag value={String(v)} />,
  },
  { dataIndex: 'Username', labelKey: `${F}username`, sortable: true, width: 160 },
  {
    dataIndex: 'ApprovalLimit',
    labelKey: `${F}approvalLimit`,
    sortable: true,
    render: (v) => (v ? formatAmount(String(v)) : ''),
  },
  { dataIndex: 'Email', labelKey: `${F}email`, width: 240, ellipsis: true },
];

const LANGUAGES = [
  { value: 'zh-CN', labelKey: 'common.culture.zhCN' },
  { value: 'en-GB', labelKey: 'common.culture.enGB' },
];

type Dialog = 'info' | 'status' | 'limit' | 'companies';

/** People of the company: list, edit, status, approval limit, companies, password, Excel. */
export default function PersonManagePage() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ kind: Dialog; row: EmployeeRow; reload: () => unknown } | null>(null);
  const [password, setPassword] = useState<{ name: string; value: string } | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const done = useCallback(() => {
    void dialog?.reload();
    setDialog(null);
  }, [dialog]);

  const editor = useMemo<EditorDef<EmployeeRow>>(
    () => ({
      createTitleKey: 'org.person.createTitle',
      editTitleKey: 'org.person.editTitle',
      initialValues: { Language: 'zh-CN' },
      load: async (row) => ({ ...(await peopleApi.select(row.EmployeeID)) }),
      fields: [
        { name: 'Code', labelKey: `${F}code`, type: 'text', required: true, maxLength: 40 },
        { name: 'NameZH', labelKey: `${F}nameZh`, type: 'text', required: true, maxLength: 100 },
        { name: 'NameEN', labelKey: `${F}nameEn`, type: 'text', required: true, maxLength: 100 },
        { name: 'TeamID', labelKey: `${F}team`, type: 'custom', control: TeamTreeSelect, required: true },
        { name: 'LineManagerID', labelKey: `${F}lineManager`, type: 'custom', control: EmployeePicker },
        { name: 'Username', labelKey: `${F}username`, type: 'text', maxLength: 100 },
        { name: 'Email', labelKey: `${F}email`, type: 'text', maxLength: 200 },
        { name: 'Mobile', labelKey: `${F}mobile`, type: 'text', maxLength: 30 },
        { name: 'BankName', labelKey: `${F}bankName`, type: 'text', maxLength: 100 },
        { name: 'BankAccount', labelKey: `${F}bankAccount`, type: 'text', maxLength: 40 },
        { name: 'BankCnaps', labelKey: `${F}bankCnaps`, type: 'custom', control: BankBranchPicker },
        { name: 'BankAccountName', labelKey: `${F}bankAccountName`, type: 'text', maxLength: 200 },
        { name: 'Language', labelKey: `${F}language`, type: 'select', options: LANGUAGES },
      ],
      save: async (values, row) => {
        const saved = await peopleApi.save({
          ...(values as Partial<SaveEmployeeBody>),
          LineManagerID: (values.LineManagerID as number | undefined) ?? null,
          ...(row ? { EmployeeID: row.EmployeeID, Version: row.Version } : {}),
        });
        if (saved.TemporaryPassword) setPassword({ name: String(values.NameZH ?? ''), value: saved.TemporaryPassword });
      },
    }),
    [],
  );

  const open =
    (kind: Dialog): ActionDef<EmployeeRow>['run'] =>
    ({ rows, reload }) =>
      setDialog({ kind, row: rows[0]!, reload });
  const actions: ActionDef<EmployeeRow>[] = [
    { key: 'info', labelKey: 'org.person.details', icon: <ProfileOutlined />, needsOne: true, run: open('info') },
    {
      key: 'status',
      labelKey: 'org.person.changeStatus',
      icon: <ControlOutlined />,
      needsOne: true,
      run: open('status'),
    },
    { key: 'limit', labelKey: `${F}approvalLimit`, icon: <MoneyCollectOutlined />, needsOne: true, run: open('limit') },
    {
      key: 'companies',
      labelKey: 'org.person.companies',
      icon: <BankOutlined />,
      needsOne: true,
      run: open('companies'),
    },
    {
      key: 'password',
      labelKey: 'org.person.resetPassword',
      icon: <KeyOutlined />,
      needsOne: true,
      confirmKey: 'org.person.resetPasswordConfirm',
      run: async ({ rows }) => {
        const row = rows[0]!;
        const { TemporaryPassword } = await peopleApi.resetPassword(row.EmployeeID);
        setPassword({ name: row.Name, value: TemporaryPassword });
      },
    },
  ];

  const row = dialog?.row ?? null;
  return (
    <>
      <ListPage<EmployeeRow>
        titleKey="menu.master.personManage"
        queryKey="orgPeople"
        searchCall={(body) => peopleApi.search(body)}
        exportCall={(filters) => peopleApi.export(filters)}
        importCall={(file) => peopleApi.import(file)}
        rowKey="EmployeeID"
        columns={COLUMNS}
        filters={FILTERS}
        actions={actions}
        editor={editor}
        delete={(rows) => peopleApi.remove(rows.map((r) => r.EmployeeID))}
      />
      <PersonInfoDrawer row={dialog?.kind === 'info' ? row : null} onClose={close} />
      <StatusModal row={dialog?.kind === 'status' ? row : null} onClose={close} onDone={done} />
      <ApprovalLimitModal row={dialog?.kind === 'limit' ? row : null} onClose={close} onDone={done} />
      <CompaniesModal row={dialog?.kind === 'companies' ? row : null} onClose={close} onDone={done} />
      <Modal
        open={password !== null}
        title={t('org.person.passwordTitle', { name: password?.name ?? '' })}
        onOk={() => setPassword(null)}
        onCancel={() => setPassword(null)}
        cancelButtonProps={{ hidden: true }}
        okText={t('common.ok')}
      >
        <Typography.Paragraph>{t('org.person.passwordHelp')}</Typography.Paragraph>
        <Typography.Paragraph copyable strong data-testid="temporary-password" style={{ fontSize: 18 }}>
          {password?.value}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
