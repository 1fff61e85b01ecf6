import type { TeamRow } from '@ems/contracts';

export type TeamTreeRow = TeamRow & { children?: TeamTreeRow[] };

/**
 * Flat teams as a tree (antd's tree table wants `children`, absent on leaves). With a keyword, only matching
 * teams and their ancestors remain, so a match is always shown in its place.
 */
export function toTree(rows: readonly TeamRow[], keyword = ''): TeamTreeRow[] {
  const k = keyword.trim().toLowerCase();
  const byId = new Map(rows.map((r) => [r.TeamID, r]));
  let keep: Set<number> | undefined;
  if (k) {
    keep = new Set();
    for (const r of rows) {
      if (![r.Code, r.Name, r.NameZH, r.NameEN].some((v) => v.toLowerCase().includes(k))) continue;
      for (let cur: TeamRow | undefined = r; cur && !keep.has(cur.TeamID); ) {
        keep.add(cur.TeamID);
        cur = cur.ParentID === null ? undefined : byId.get(cur.ParentID);
      }
    }
  }
  const nodes = new Map<number, TeamTreeRow>();
  for (const r of rows) if (!keep || keep.has(r.TeamID)) nodes.set(r.TeamID, { ...r });
  const roots: TeamTreeRow[] = [];
  for (const node of nodes.values()) {
    const parent = node.ParentID === null ? undefined : nodes.get(node.ParentID);
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}

/** Ids of every team that has children, to open the whole tree. */
export function branchIds(tree: readonly TeamTreeRow[]): number[] {
  const out: number[] = [];
  const walk = (nodes: readonly TeamTreeRow[]) => {
    for (const n of nodes) {
      if (n.children?.length) {
        out.push(n.TeamID);
        walk(n.children);
      }
    }
  };
  walk(tree);
  return out;
}
