import type { MenuResult } from '@ems/contracts';
import { PUBLIC_ROUTES, SCREENS } from '@ems/contracts';
import { describe, expect, it } from 'vitest';
import { buildMenu, firstMasterScreen } from './layout/menu';
import { BUILT_SCREENS, builtScreenByPath, ROUTES } from './routes';

describe('route table', () => {
  it('has every public route and every screen of the specification, once', () => {
    expect(ROUTES.filter((r) => r.kind === 'public').map((r) => r.path)).toEqual([...PUBLIC_ROUTES]);
    const screens = ROUTES.filter((r) => r.kind === 'screen');
    expect(screens).toHaveLength(SCREENS.length);
    expect(screens.map((r) => r.path)).toEqual(SCREENS.map((s) => s.path));
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('routes only built screens', () => {
    // Each domain adds its screens; the table must only route screens of the specification that have a loader.
    const built = BUILT_SCREENS.map((s) => s.path);
    expect(built).toContain('/manage/languageManage');
    expect(built).toContain('/manage/reimbursement');
    expect(built.every((p) => SCREENS.some((s) => s.path === p))).toBe(true);
    expect(builtScreenByPath('/LANGUAGEMANAGE')?.functionCode).toBe('languageManage');
    expect(builtScreenByPath('/manage/approveCenter')?.functionCode).toBe('approveCenter');
    expect(builtScreenByPath('/manage/myDidiOrder')?.functionCode).toBe('myDidiOrder');
    // A screen without a loader (an invented code here) is not routed.
    expect(builtScreenByPath('/manage/unbuiltScreen')).toBeUndefined();
  });
});

describe('menu', () => {
  const menu: MenuResult = {
    Functions: ['unbuiltScreen', 'languageManage'],
    Groups: [
      {
        Group: 'expense',
        LabelKey: 'menu.group.expense',
        Items: [
          {
            // A screen the web has not built (an invented code): not in the menu.
            FunctionCode: 'unbuiltScreen',
            Path: '/manage/unbuiltScreen',
            LabelKey: 'menu.expense.unbuiltScreen',
            Sort: 1,
          },
        ],
      },
      {
        Group: 'master',
        LabelKey: 'menu.group.master',
        Items: [
          { FunctionCode: 'languageManage', Path: '/languageManage', LabelKey: 'menu.master.languageManage', Sort: 2 },
          // A function the server knows but the web has no screen for.
          { FunctionCode: 'notAScreen', Path: '/manage/notAScreen', LabelKey: 'menu.master.notAScreen', Sort: 1 },
        ],
      },
    ],
  };

  it('shows the intersection of getMenu and the built routes, dropping empty groups', () => {
    const sections = buildMenu(menu);
    expect(sections.map((s) => s.group)).toEqual(['master']);
    expect(sections[0]?.labelKey).toBe('menu.group.master');
    expect(sections[0]?.items.map((i) => i.path)).toEqual(['/manage/languageManage']);
    expect(firstMasterScreen(sections)).toBe('/manage/languageManage');
  });

  it('shows nothing for a user without built functions', () => {
    expect(buildMenu({ Functions: [], Groups: [] })).toEqual([]);
    expect(firstMasterScreen([])).toBeUndefined();
  });
});
