import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/i18n';
import { builtScreenByPath } from '../routes';
import { AppMenu } from './AppMenu';
import type { MenuSection } from './menu';

beforeAll(() => initTestI18n('zh-CN'));

const postCentre = builtScreenByPath('/manage/documentPostCenter')!;
const proxyUser = builtScreenByPath('/manage/proxyUser')!;
const SECTIONS: MenuSection[] = [{ group: 'expense', labelKey: 'menu.group.expense', items: [postCentre, proxyUser] }];

function renderMenu(collapsed: boolean) {
  const router = createMemoryRouter(
    [{ path: '/manage/documentPostCenter', element: <AppMenu sections={SECTIONS} collapsed={collapsed} /> }],
    { initialEntries: ['/manage/documentPostCenter'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the side menu', () => {
  it('opens the current screen’s group in place when expanded', async () => {
    renderMenu(false);
    await screen.findByRole('menuitem', { name: '单据邮寄中心' });
    expect(document.querySelector('.ant-menu-submenu-open')).not.toBeNull();
  });

  it('opens no group when collapsed, so no pop-up covers the screen after it loads', async () => {
    renderMenu(true);
    await screen.findByRole('menu');
    // The pop-up of an open group on a collapsed menu appears a frame later.
    await new Promise((r) => setTimeout(r, 100));
    await waitFor(() => expect(document.querySelector('.ant-menu-submenu-popup')).toBeNull());
    expect(document.querySelector('.ant-menu-submenu-open')).toBeNull();
  });
});
