import type { DefaultInfo } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Divider, Drawer, Form, Grid, Input, Select, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../app/i18n/BootProvider';
import { shellKeys, useDefaultInfoQuery } from '../../app/layout/queries';
import { notice } from '../../app/notice';
import { getUserInfo } from '../../app/session/session';
import { applyFieldErrors } from '../../shared/formErrors';
import { useActionGuard } from '../../shared/useActionGuard';
import { BankBranchPicker } from '../masterdata/banks/BankBranchPicker';
import { authApi } from './api';

interface ProfileForm {
  Email: string | null;
  Mobile: string | null;
  BankName: string | null;
  BankAccount: string | null;
  BankAccountName: string | null;
  BankCnaps: string | null;
  Language: 'zh-CN' | 'en-GB';
  DefaultCostCenterID: number | null;
}

const EDITABLE = [
  'Email',
  'Mobile',
  'BankName',
  'BankAccount',
  'BankAccountName',
  'BankCnaps',
  'Language',
  'DefaultCostCenterID',
] as const;
const blankToNull = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** The signed-in user's profile: contact and bank details and language editable, the rest read-only. */
export function ProfileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { culture, setCulture } = useBoot();
  const [form] = Form.useForm<ProfileForm>();
  const queryClient = useQueryClient();
  const info = useDefaultInfoQuery();
  const screens = Grid.useBreakpoint();
  const centres = useQuery({
    queryKey: ['profile', 'chargeable', info.data?.UserID, info.data?.CompanyID, culture],
    queryFn: authApi.chargeable,
    enabled: open,
  });
  const centreOptions = (centres.data?.Rows ?? [])
    .filter((r) => r.Kind === 'cost_centre')
    .map((r) => ({ value: r.ID, label: `${r.Code} ${r.Name}` }));

  useEffect(() => {
    if (!open || !info.data) return;
    const d = info.data;
    form.setFieldsValue({
      Email: d.Email,
      Mobile: d.Mobile,
      BankName: d.BankName,
      BankAccount: d.BankAccount,
      BankAccountName: d.BankAccountName,
      BankCnaps: d.BankCnaps,
      Language: d.Language === 'en-GB' ? 'en-GB' : 'zh-CN',
      DefaultCostCenterID: d.DefaultCostCenterID,
    });
  }, [open, info.data, form]);

  const { run: save, busy } = useActionGuard(async () => {
    if (!info.data) return;
    let values: ProfileForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const saved = await authApi.modifyPersonalInfo({
        Email: blankToNull(values.Email),
        Mobile: blankToNull(values.Mobile),
        BankName: blankToNull(values.BankName),
        BankAccount: blankToNull(values.BankAccount),
        BankAccountName: blankToNull(values.BankAccountName),
        BankCnaps: blankToNull(values.BankCnaps),
        Language: values.Language,
        ...(values.DefaultCostCenterID && values.DefaultCostCenterID !== info.data.DefaultCostCenterID
          ? { DefaultCostCenterID: values.DefaultCostCenterID }
          : {}),
        Version: info.data.Version,
      });
      const user = getUserInfo();
      // The other language's cached profile is stale too; it is fetched again when next shown.
      await queryClient.invalidateQueries({ queryKey: ['shell', 'defaultInfo'], refetchType: 'none' });
      queryClient.setQueryData<DefaultInfo>(shellKeys.defaultInfo(user?.UserID, user?.CompanyID, culture), saved);
      notice.success(t('common.saved'));
      onClose();
      if (values.Language !== culture) await setCulture(values.Language);
    } catch (error) {
      if (!applyFieldErrors(form, error, EDITABLE)) notice.error(error);
    }
  });

  const d = info.data;
  const name = d ? (culture === 'zh-CN' ? d.UserNameZH : d.UserNameEN) || d.UserName : '';
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('profile.title')}
      size={screens.sm ? 480 : '100%'}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!d} onClick={() => void save()} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={info.isLoading}>
        {d ? (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('profile.code')}>{d.UserCode}</Descriptions.Item>
            <Descriptions.Item label={t('profile.name')}>{name}</Descriptions.Item>
            <Descriptions.Item label={t('profile.nameZh')}>{d.UserNameZH}</Descriptions.Item>
            <Descriptions.Item label={t('profile.nameEn')}>{d.UserNameEN}</Descriptions.Item>
            <Descriptions.Item label={t('profile.company')}>{d.CompanyName}</Descriptions.Item>
            <Descriptions.Item label={t('profile.team')}>{d.TeamName ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('profile.lineManager')}>{d.LineManagerName ?? ''}</Descriptions.Item>
          </Descriptions>
        ) : null}
        <Divider />
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          <Form.Item
            name="Email"
            label={t('profile.email')}
            rules={[{ type: 'email', message: t('profile.emailInvalid') }]}
          >
            <Input autoComplete="email" maxLength={200} data-testid="profile-email" />
          </Form.Item>
          <Form.Item
            name="Mobile"
            label={t('profile.mobile')}
            rules={[{ pattern: /^[0-9+\- ]{5,20}$/, message: t('profile.mobileInvalid') }]}
          >
            <Input autoComplete="tel" maxLength={20} data-testid="profile-mobile" />
          </Form.Item>
          <Form.Item name="BankName" label={t('profile.bankName')}>
            <Input maxLength={100} data-testid="profile-bank-name" />
          </Form.Item>
          <Form.Item
            name="BankAccount"
            label={t('profile.bankAccount')}
            rules={[{ pattern: /^[0-9 ]{8,32}$/, message: t('profile.bankAccountInvalid') }]}
          >
            <Input maxLength={32} inputMode="numeric" data-testid="profile-bank-account" />
          </Form.Item>
          <Form.Item
            name="BankCnaps"
            label={t('profile.bankCnaps')}
            extra={d?.BankBranch ?? t('profile.bankCnapsHint')}
            dependencies={['BankAccount', 'BankName']}
            rules={[
              ({ getFieldValue }) => ({
                // Every account names its branch (CNAPS code) from the directory: the bank pays by it.
                validator: async (_, v) => {
                  if (getFieldValue('BankAccount') && !v) throw new Error(t('profile.bankCnapsRequired'));
                },
              }),
            ]}
          >
            <BankBranchPicker data-testid="profile-bank-cnaps" />
          </Form.Item>
          <Form.Item
            name="BankAccountName"
            label={t('profile.bankAccountName')}
            extra={t('profile.bankAccountNameHint')}
          >
            <Input maxLength={200} placeholder={d?.UserNameZH} data-testid="profile-bank-account-name" />
          </Form.Item>
          <Form.Item
            name="DefaultCostCenterID"
            label={t('profile.costCenter')}
            extra={d && !d.DefaultCostCenterID ? t('profile.costCenterMissing') : undefined}
          >
            <Select
              options={centreOptions}
              loading={centres.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('profile.costCenterPick')}
              notFoundContent={t('profile.costCenterNone')}
              data-testid="profile-cost-centre"
            />
          </Form.Item>
          <Form.Item name="Language" label={t('profile.language')}>
            <Select
              options={[
                { value: 'zh-CN', label: t('common.culture.zhCN') },
                { value: 'en-GB', label: t('common.culture.enGB') },
              ]}
            />
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Spin>
    </Drawer>
  );
}
