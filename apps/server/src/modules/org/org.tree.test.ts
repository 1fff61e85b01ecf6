import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathTo, subtree, wouldCycle } from './org.tree';

const links = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 1 },
];

describe('team tree walks', () => {
  it('finds a loop when a team would hang below itself or its descendants', () => {
    expect(wouldCycle(links, 1, 3)).toBe(true);
    expect(wouldCycle(links, 2, 2)).toBe(true);
    expect(wouldCycle(links, 2, 4)).toBe(false);
    expect(wouldCycle(links, 4, 3)).toBe(false);
  });

  it('collects subtrees and paths', () => {
    expect([...subtree(links, [2])].sort()).toEqual([2, 3]);
    expect(pathTo(links, 3).map((l) => l.id)).toEqual([1, 2, 3]);
  });

  it('never lets an accepted move create a loop (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(20), fc.nat(20)), { maxLength: 60 }), (moves) => {
        const parent = new Map<number, number | null>(Array.from({ length: 21 }, (_, i) => [i, null]));
        for (const [team, to] of moves) {
          const current = [...parent].map(([id, parentId]) => ({ id, parentId }));
          if (!wouldCycle(current, team, to)) parent.set(team, to);
        }
        for (const start of parent.keys()) {
          const seen = new Set<number>();
          let c: number | null | undefined = start;
          while (c !== null && c !== undefined) {
            expect(seen.has(c)).toBe(false);
            seen.add(c);
            c = parent.get(c);
          }
        }
      }),
    );
  });
});
