import { BankOutlined, DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '../../modules/auth/api';
import { InboxBell } from '../../modules/inbox/InboxBell';
import { useBoot } from '../i18n/BootProvider';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { notice } from '../notice';
import { clearSession } from '../session/session';
import { useUserInfo } from '../session/useSession';
import { ProxySwitch } from './ProxySwitch';
import { useMasterInfoQuery } from './queries';

/** Switches to another company the user belongs to: new tokens, then menu and data are loaded again. */
function CompanySwitch({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const master = useMasterInfoQuery();
  const user = useUserInfo();
  const companies = master.data?.Companies ?? [];
  const name = (c: { CompanyName: string; CompanyNameZH: string; CompanyNameEN: string }) =>
    (culture === 'zh-CN' ? c.CompanyNameZH : c.CompanyNameEN) || c.CompanyName;
  const current = companies.find((c) => c.CompanyID === user?.CompanyID);
  const label = current ? name(current) : (user?.CompanyName ?? '');
  return (
    <Dropdown
      trigger={['click']}
      disabled={companies.length < 2}
      menu={{
        selectable: true,
        selectedKeys: user ? [String(user.CompanyID)] : [],
        items: companies.map((c) => ({ key: String(c.CompanyID), label: `${c.CompanyCode} ${name(c)}` })),
        onClick: ({ key }) => {
          if (Number(key) === user?.CompanyID) return;
          authApi
            .shiftCompany(Number(key))
            .then(() => {
              queryClient.removeQueries({ queryKey: ['shell'] });
              queryClient.invalidateQueries();
              navigate('/manage');
              notice.success(t('layout.companySwitched'));
            })
            .catch((error: unknown) => notice.error(error));
        },
      }}
    >
      <Button
        type="text"
        icon={<BankOutlined />}
        data-testid="company-switch"
        aria-label={t('layout.switchCompany', { company: label })}
      >
        {compact ? null : (
          <Typography.Text ellipsis style={{ maxWidth: 200 }}>
            {label}
          </Typography.Text>
        )}
        {companies.length > 1 && !compact ? <DownOutlined /> : null}
      </Button>
    </Dropdown>
  );
}

interface HeaderActionsProps {
  compact: boolean;
  onProfile: () => void;
  onPassword: () => void;
}

export function HeaderActions({ compact, onProfile, onPassword }: HeaderActionsProps) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const name = user ? (culture === 'zh-CN' ? user.UserNameZH : user.UserNameEN) || user.UserName : '';

  const signOut = async () => {
    try {
      await authApi.logout();
    } catch {
      // The session ends on this side whatever the server answered.
    }
    clearSession();
    queryClient.clear();
    navigate('/', { replace: true });
  };

  return (
    <Space size={compact ? 0 : 'small'}>
      <CompanySwitch compact={compact} />
      <ProxySwitch compact={compact} />
      <LanguageSwitch compact={compact} />
      <InboxBell />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: <span data-testid="profile">{t('profile.title')}</span> },
            {
              key: 'password',
              icon: <KeyOutlined />,
              label: <span data-testid="change-password">{t('password.title')}</span>,
            },
            { type: 'divider' },
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              danger: true,
              label: <span data-testid="logout">{t('layout.signOut')}</span>,
            },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') onProfile();
            else if (key === 'password') onPassword();
            else void signOut();
          },
        }}
      >
        <Button type="text" icon={<UserOutlined />} data-testid="user-menu" aria-label={t('layout.userMenu', { name })}>
          {compact ? null : name}
        </Button>
      </Dropdown>
    </Space>
  );
}
