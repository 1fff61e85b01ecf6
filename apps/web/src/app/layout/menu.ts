import { MENU_GROUPS, type MenuResult } from '@ems/contracts';
import { type BuiltScreen, builtScreenByPath } from '../routes';

export interface MenuSection {
  group: string;
  labelKey: string;
  items: BuiltScreen[];
}

/**
 * The menu is the intersection of the user's getMenu items and the built routes, grouped by menu group in the
 * product's group order, items in Sort order. Groups left empty are dropped.
 */
export function buildMenu(menu: MenuResult | undefined): MenuSection[] {
  if (!menu) return [];
  const sections: MenuSection[] = [];
  for (const group of menu.Groups) {
    const seen = new Set<string>();
    const items: BuiltScreen[] = [];
    for (const item of [...group.Items].sort((a, b) => a.Sort - b.Sort)) {
      const screen = builtScreenByPath(item.Path);
      if (screen && !seen.has(screen.path)) {
        seen.add(screen.path);
        items.push(screen);
      }
    }
    if (items.length > 0) sections.push({ group: group.Group, labelKey: `menu.group.${group.Group}`, items });
  }
  const order = (g: string) => {
    const i = (MENU_GROUPS as readonly string[]).indexOf(g);
    return i < 0 ? MENU_GROUPS.length : i;
  };
  return sections.sort((a, b) => order(a.group) - order(b.group));
}

/** Where /admin lands: the first master-group screen of the user's menu. */
export function firstMasterScreen(sections: MenuSection[]): string | undefined {
  return sections.find((s) => s.group === 'master')?.items[0]?.path;
}
