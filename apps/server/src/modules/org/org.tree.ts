/** Walks over parent links held in memory: teams under their parent, people under their line manager. */
export interface ParentLink {
  id: number;
  parentId: number | null;
}

/** Would making `parentId` the parent of `nodeId` close a loop? True when it is the parent itself or one of its ancestors. */
export function wouldCycle(links: readonly ParentLink[], nodeId: number, parentId: number): boolean {
  const parentOf = new Map(links.map((l) => [l.id, l.parentId]));
  let current: number | null | undefined = parentId;
  const seen = new Set<number>();
  while (current !== null && current !== undefined) {
    if (current === nodeId) return true;
    // An existing loop in stored data must not hang the check.
    if (seen.has(current)) return true;
    seen.add(current);
    current = parentOf.get(current);
  }
  return false;
}

/** The given teams and everything below them. */
export function subtree(links: readonly ParentLink[], roots: Iterable<number>): Set<number> {
  const children = new Map<number, number[]>();
  for (const l of links) {
    if (l.parentId === null) continue;
    children.set(l.parentId, [...(children.get(l.parentId) ?? []), l.id]);
  }
  const out = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The team's ancestors from the root down, then the team. */
export function pathTo<T extends ParentLink>(links: readonly T[], nodeId: number): T[] {
  const byId = new Map(links.map((l) => [l.id, l]));
  const path: T[] = [];
  const seen = new Set<number>();
  let current = byId.get(nodeId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path;
}
