import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { DefaultInfo } from '@ems/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Drawer, Grid, Layout, Result, Typography, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { PasswordModal } from '../../modules/auth/PasswordModal';
import { ProfileDrawer } from '../../modules/auth/ProfileDrawer';
import { notice } from '../notice';
import { builtScreenByPath } from '../routes';
import { updateUserInfo } from '../session/session';
import { useUserInfo } from '../session/useSession';
import { AppMenu } from './AppMenu';
import { HeaderActions } from './HeaderBar';
import { ModalBridge } from './ModalBridge';
import { buildMenu } from './menu';
import { usePageTitleOverride } from './pageTitle';
import { useDefaultInfoQuery, useLanguageRefresh, useMasterInfoQuery, useMenuQuery } from './queries';

/** The signed-in frame: collapsed side menu (a drawer on phones), header, breadcrumb and the screen. */
export default function Shell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [collapsed, setCollapsed] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [profileAsked, setProfileOpen] = useState(false);
  // `?profile=open` opens the profile from a link (the expense pages' rules point there).
  const [params, setParams] = useSearchParams();
  const profileOpen = profileAsked || params.get('profile') === 'open';
  const closeProfile = () => {
    setProfileOpen(false);
    if (params.has('profile'))
      setParams(
        (p) => {
          p.delete('profile');
          return p;
        },
        { replace: true },
      );
  };
  const [passwordOpen, setPasswordOpen] = useState(false);
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const menu = useMenuQuery();
  const info = useDefaultInfoQuery();
  const master = useMasterInfoQuery();
  // A test system (technical parameter IsTest) says so on every screen.
  const isTest = /^(true|1)$/i.test(master.data?.Parameters?.IsTest?.trim() ?? '');
  const sections = useMemo(() => buildMenu(menu.data), [menu.data]);
  const { pathname, search } = useLocation();
  const screen = builtScreenByPath(pathname);
  // The list a document was opened from: the last menu screen shown, with its filters, for the breadcrumb back.
  const [lastScreen, setLastScreen] = useState<{ screen: NonNullable<typeof screen>; href: string } | null>(null);
  useEffect(() => {
    if (screen) setLastScreen({ screen, href: `${pathname}${search}` });
  }, [screen, pathname, search]);
  const mustChangePassword = user?.MustChangePassword === true || info.data?.MustChangePassword === true;

  // While the password must change every call but that one is refused; the form below says why.
  useEffect(() => {
    if (menu.error && !mustChangePassword) notice.error(menu.error);
  }, [menu.error, mustChangePassword]);

  const override = usePageTitleOverride();
  const title = override ?? (screen ? t(screen.labelKey) : t('layout.home'));
  useLanguageRefresh(info.data?.TeamName);
  useEffect(() => {
    document.title = `${title} - ${t('common.appName')}`;
  }, [title, t]);

  const toggle = () => (mobile ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c));
  const menuElement = (
    <AppMenu sections={sections} collapsed={mobile ? false : collapsed} onNavigate={() => setDrawerOpen(false)} />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main-content">
        {t('layout.skipToContent')}
      </a>
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={260}
          title={t('common.appName')}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          {menuElement}
        </Drawer>
      ) : (
        <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={240} style={{ overflow: 'auto' }}>
          {menuElement}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: mobile ? '0 4px' : '0 16px',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            icon={(mobile ? !drawerOpen : collapsed) ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggle}
            aria-label={t('layout.toggleMenu')}
            aria-expanded={mobile ? drawerOpen : !collapsed}
            data-testid="menu-toggle"
          />
          <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0, fontSize: mobile ? 14 : 16 }}>
            {t('common.appName')}
          </Typography.Text>
          <HeaderActions
            compact={mobile}
            onProfile={() => setProfileOpen(true)}
            onPassword={() => setPasswordOpen(true)}
          />
        </Layout.Header>
        {isTest ? (
          <Alert type="warning" banner title={t('system.testBanner')} data-testid="test-system-banner" />
        ) : null}
        <Layout.Content id="main-content" tabIndex={-1} style={{ margin: mobile ? 8 : 16, outline: 'none' }}>
          <Breadcrumb
            style={{ marginBottom: 8 }}
            items={[
              { title: <Link to="/manage">{t('layout.home')}</Link> },
              ...(screen
                ? [{ title: t(`menu.group.${screen.group}`) }, { title: t(screen.labelKey) }]
                : [
                    // A page off the menu (a document): the list it came from, back with its filters, then itself.
                    ...(lastScreen
                      ? [
                          { title: t(`menu.group.${lastScreen.screen.group}`) },
                          { title: <Link to={lastScreen.href}>{t(lastScreen.screen.labelKey)}</Link> },
                        ]
                      : []),
                    ...(override ? [{ title: override }] : []),
                  ]),
            ]}
            data-testid="breadcrumb"
          />
          <div
            style={{
              background: token.colorBgContainer,
              padding: mobile ? 12 : 24,
              borderRadius: token.borderRadiusLG,
            }}
          >
            {mustChangePassword ? <Result status="warning" title={t('password.mustChange')} /> : <Outlet />}
          </div>
        </Layout.Content>
      </Layout>
      <ModalBridge />
      <ProfileDrawer open={profileOpen} onClose={closeProfile} />
      <PasswordModal
        open={mustChangePassword || passwordOpen}
        forced={mustChangePassword}
        onClose={() => setPasswordOpen(false)}
        onChanged={() => {
          setPasswordOpen(false);
          updateUserInfo({ MustChangePassword: false });
          queryClient.setQueriesData<DefaultInfo>({ queryKey: ['shell', 'defaultInfo'] }, (d) =>
            d ? { ...d, MustChangePassword: false } : d,
          );
          // What was refused while the password was temporary is asked for again.
          void queryClient.invalidateQueries();
        }}
      />
    </Layout>
  );
}
