import { describe, expect, it } from 'vitest';
import { joinKey, MENU_GROUPS, SCREEN_BY_PATH, SCREENS, splitKey } from '../src';

describe('screen table', () => {
  it('registers each of the 90 screens once, under a menu group', () => {
    expect(SCREENS).toHaveLength(90);
    expect(SCREEN_BY_PATH.size).toBe(90);
    for (const s of SCREENS) {
      expect(MENU_GROUPS).toContain(s.group);
      expect(s.path).toBe(`/manage/${s.functionCode}`);
      expect(s.labelKey).toBe(`menu.${s.group}.${s.functionCode}`);
    }
  });

  it('splits and joins language keys', () => {
    expect(splitKey('menu.expense.approveCenter')).toEqual({ PageID: 'menu', ItemID: 'expense.approveCenter' });
    expect(joinKey('menu', 'expense.approveCenter')).toBe('menu.expense.approveCenter');
  });
});
