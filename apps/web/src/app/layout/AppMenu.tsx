import {
  AccountBookOutlined,
  BarChartOutlined,
  CalculatorOutlined,
  DatabaseOutlined,
  HomeOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuSection } from './menu';

const GROUP_ICONS: Record<string, ReactNode> = {
  expense: <AccountBookOutlined />,
  master: <DatabaseOutlined />,
  account: <CalculatorOutlined />,
  report: <BarChartOutlined />,
  setting: <SettingOutlined />,
};

/** The side menu (or the drawer's on a phone): home, then the user's groups of built screens. */
export function AppMenu({
  sections,
  collapsed,
  onNavigate,
}: {
  sections: MenuSection[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items: MenuProps['items'] = [
    { key: '/manage', icon: <HomeOutlined />, label: t('layout.home') },
    ...sections.map((s) => ({
      key: `group:${s.group}`,
      icon: GROUP_ICONS[s.group],
      label: t(s.labelKey),
      children: s.items.map((i) => ({ key: i.path, label: t(i.labelKey) })),
    })),
  ];
  const selected = sections.flatMap((s) => s.items).find((i) => i.path.toLowerCase() === pathname.toLowerCase());
  // The current screen's group opens only where groups open in place (expanded, or in the phone's drawer): opened
  // on a collapsed menu it would float as a pop-up over the screen until the pointer passed over it.
  const openGroup = collapsed ? undefined : sections.find((s) => s.items.some((i) => i === selected));
  return (
    <Menu
      mode="inline"
      theme="dark"
      inlineCollapsed={collapsed}
      selectedKeys={[selected?.path ?? '/manage']}
      defaultOpenKeys={openGroup ? [`group:${openGroup.group}`] : []}
      items={items}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      aria-label={t('layout.menu')}
    />
  );
}
