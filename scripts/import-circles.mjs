// The import circles of a source tree, for the server's and the web app's structural tests: every relative import of
// every .ts/.tsx/.mjs file under a folder (type imports, re-exports and lazy `import()` included), resolved to its file,
// then each group of files that reach each other named by one circle through it. The map in docs/ARCHITECTURE.md is
// checked against the same graph (apps/server/test/docs.test.ts), with the workspace packages resolved too.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SOURCE = /\.(tsx?|mjs)$/;
const IMPORT = /\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

function sources(dir) {
  return readdirSync(dir).flatMap((f) => {
    if (f === 'node_modules' || f.startsWith('.')) return [];
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : SOURCE.test(p) && !/\.test\.tsx?$/.test(p) ? [p] : [];
  });
}

/** The file an import names: as written, with a source extension, or a folder's index. */
function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  const tries = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return tries.find((p) => SOURCE.test(p) && existsSync(p) && statSync(p).isFile());
}

/**
 * Each file's relative imports, as absolute paths (a file outside the tree included). `packages` maps a bare
 * specifier (`@ems/contracts`) to the file it stands for; other bare imports (npm packages) are left out.
 */
export function importGraph(dir, { packages = {} } = {}) {
  const graph = new Map();
  for (const file of sources(resolve(dir))) {
    const targets = new Set();
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      const target = spec.startsWith('.') ? resolveImport(file, spec) : Object.hasOwn(packages, spec) && packages[spec];
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The groups of files that import each other (Tarjan's strongly connected components of more than one file). */
function tangles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** One circle through a group: the shortest way back from its first file to itself, within the group. */
function circleIn(graph, group) {
  const members = new Set(group);
  const start = [...group].sort()[0];
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = cameFrom.get(v); p; p = cameFrom.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/**
 * Every import circle under `dir`, one line each (`a.ts -> b.ts -> a.ts`, paths relative to `dir`), with how many
 * files its group holds when more files than the circle's take part.
 */
export function importCircles(dir) {
  const graph = importGraph(dir);
  return tangles(graph).map((group) => {
    const circle = circleIn(graph, group)
      .map((f) => relative(resolve(dir), f))
      .join(' -> ');
    return group.length > circle.split(' -> ').length - 1 ? `${circle} (${group.length} files tangled)` : circle;
  });
}
