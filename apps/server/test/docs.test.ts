import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../../../scripts/import-circles.mjs';

/**
 * The documentation stays true: the map in docs/ARCHITECTURE.md against the imports, a README.md in every module
 * folder, and every repository path a markdown file names against the files.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER_MODULES = 'apps/server/src/modules';
const WEB_MODULES = 'apps/web/src/modules';
const rel = (abs: string) => relative(ROOT, abs);
const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();
const folders = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => isDir(join(ROOT, dir, f)))
    .sort();

/** Folders .gitignore names (`node_modules/`, `dist/`, `e2e/artifacts/` …): generated, never repository paths. */
const IGNORED = readFileSync(join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l.endsWith('/') && !l.includes('*'));
const ignored = (path: string) =>
  IGNORED.some((g) =>
    g.slice(0, -1).includes('/') ? `${path}/`.startsWith(g) : `/${path}/`.includes(`/${g.slice(0, -1)}/`),
  );

/** Every markdown file of the repository, outside dot-folders and what .gitignore names. */
function markdownFiles(dir = ''): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((f) => {
    const path = dir ? `${dir}/${f}` : f;
    if (f.startsWith('.') || ignored(path)) return [];
    if (isDir(join(ROOT, path))) return markdownFiles(path);
    return f.endsWith('.md') ? [path] : [];
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The map. The ```mermaid block of docs/ARCHITECTURE.md, read as:
// - `subgraph id["folder"]` … `end`: the nodes inside name paths relative to that folder; nodes outside it, paths
//   relative to the repository root;
// - a node `ID["a · b · c"]`: the files it holds, each `x.ts` one file, `x/` a folder, `**/*.suffix` every file under
//   the folder so named (a file belongs to the node whose path names it most closely: a file, then a pattern, then
//   the longest folder); after a `<br/>`, the names of the folders directly inside the node's one folder, all of
//   them (the module lists);
// - an arrow `A --> B`, `A -->|why| B`, `A & B --> C & D`: files of A may import files of B. Nothing else may: a
//   file imports only within its node or along a drawn arrow (not along two), and every arrow is used.
// Tests and their helpers (`*.test.*`, `*.test-helper.*`, `testing.tsx`, `test/` folders) are off the map.
// ---------------------------------------------------------------------------------------------------------------

interface MapNode {
  id: string;
  paths: string[];
  /** The module list: the names after `<br/>`, and the folder they are the sub-folders of. */
  list?: { folder: string; names: string[] };
}

function readMap() {
  const text = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const block = /^```mermaid\n([\s\S]*?)^```/m.exec(text)?.[1];
  if (!block) throw new Error('docs/ARCHITECTURE.md has no ```mermaid block');
  const nodes = new Map<string, MapNode>();
  const arrows: [string, string][] = [];
  const subgraphs: string[] = [];
  let base = '';
  for (const raw of block.split('\n')) {
    const line = raw.trim();
    if (/-\.-|==>|---|<--|--[ox]/.test(line.replace(/\["[^"]*"\]/g, '')))
      throw new Error(`only solid arrows (-->) are read: ${line}`);
    const sub = /^subgraph\s+\w+\["([^"]+)"\]$/.exec(line);
    if (sub) {
      base = `${(sub[1] as string).replace(/\/$/, '')}/`;
      subgraphs.push(base);
      continue;
    }
    if (line === 'end') {
      base = '';
      continue;
    }
    for (const m of line.matchAll(/(\w+)\["([^"]+)"\]/g)) {
      const [head, ...rest] = (m[2] as string).split('<br/>');
      const paths = (head as string).split('·').map((p) => base + p.trim());
      const names = rest.flatMap((r) => r.split('·').map((n) => n.trim()));
      nodes.set(m[1] as string, {
        id: m[1] as string,
        paths,
        ...(names.length ? { list: { folder: paths[0] as string, names } } : {}),
      });
    }
    const chain = line
      .replace(/\["[^"]*"\]/g, '')
      .split(/\s*-->(?:\|[^|]*\|)?\s*/)
      .map((side) => side.split('&').map((s) => s.trim()));
    for (let i = 1; i < chain.length; i++)
      for (const from of chain[i - 1] as string[]) for (const to of chain[i] as string[]) arrows.push([from, to]);
  }
  return { nodes, arrows, subgraphs };
}

const isTestSupport = (path: string) =>
  /(^|\/)test\//.test(path) || /\.test(-helper)?\.[cm]?tsx?$/.test(path) || /(^|\/)testing\.tsx$/.test(path);

/** How closely a node's path names a file: a file itself, then a pattern, then the longest folder; -1 not at all. */
function closeness(file: string, path: string): number {
  const pattern = /^(.*)\*\*\/\*(\.[\w.]+)$/.exec(path);
  if (pattern) return file.startsWith(pattern[1] as string) && file.endsWith(pattern[2] as string) ? 10_000 : -1;
  if (path.endsWith('/')) return file.startsWith(path) ? path.length : -1;
  return file === path ? 100_000 : -1;
}

/** The node a file belongs to: the one whose path names it most closely. */
function nodeOf(nodes: Map<string, MapNode>, file: string): string | undefined {
  let best: string | undefined;
  let score = -1;
  for (const node of nodes.values())
    for (const path of node.paths) {
      const s = closeness(file, path);
      if (s > score) [best, score] = [node.id, s];
    }
  return best;
}

describe('the map in docs/ARCHITECTURE.md', () => {
  const { nodes, arrows, subgraphs } = readMap();
  const folderPaths = [
    ...subgraphs,
    ...[...nodes.values()].flatMap((n) => n.paths.filter((p) => p.endsWith('/') && !p.includes('*'))),
  ];
  // Every subgraph's folder and every folder a node names is walked (one inside another adds nothing).
  const walked = folderPaths.filter((p) => !folderPaths.some((q) => q !== p && p.startsWith(q)));
  const packages = { '@ems/contracts': join(ROOT, 'packages/contracts/src/index.ts') };
  const imports = walked.flatMap((dir) =>
    [...importGraph(join(ROOT, dir), { packages })].flatMap(([file, targets]) =>
      targets.map((t) => ({ file: rel(file), target: rel(t) })),
    ),
  );

  it('reads the diagram: nodes, arrows, both module lists, and the imports it walks', () => {
    expect(nodes.size).toBeGreaterThan(8);
    expect(arrows.length).toBeGreaterThan(8);
    for (const [from, to] of arrows)
      expect(
        [from, to].filter((id) => !nodes.has(id)),
        `${from} --> ${to}`,
      ).toEqual([]);
    expect([...nodes.values()].flatMap((n) => (n.list ? [n.list.folder] : [])).sort()).toEqual([
      `${SERVER_MODULES}/`,
      `${WEB_MODULES}/`,
    ]);
    expect(imports.length).toBeGreaterThan(3500);
  });

  it('lists every module folder of the server and of the web app, and no other', () => {
    for (const node of nodes.values())
      if (node.list) expect([...node.list.names].sort(), node.id).toEqual(folders(node.list.folder));
  });

  it('names paths that exist, each on one node only', () => {
    const paths = [...nodes.values()].flatMap((n) => n.paths);
    const missing = paths.filter((p) => !existsSync(join(ROOT, p.replace(/\*\*\/\*[\w.]+$/, ''))));
    const twice = paths.filter((p, i) => paths.indexOf(p) !== i);
    expect({ missing, twice }).toEqual({ missing: [], twice: [] });
  });

  it('places every source file on one node', () => {
    const files = new Set(imports.flatMap((i) => [i.file, i.target]));
    for (const dir of walked) for (const [file] of importGraph(join(ROOT, dir))) files.add(rel(file));
    const off = [...files].filter((f) => !isTestSupport(f) && !nodeOf(nodes, f));
    expect(off).toEqual([]);
  });

  it('draws every way the imports go, and no arrow they do not take', () => {
    const allowed = new Set(arrows.map(([a, b]) => `${a} --> ${b}`));
    const used = new Set<string>();
    const against: string[] = [];
    for (const { file, target } of imports) {
      if (isTestSupport(file) || isTestSupport(target)) continue;
      const [a, b] = [nodeOf(nodes, file), nodeOf(nodes, target)];
      if (a === b) continue;
      const arrow = `${a} --> ${b}`;
      if (allowed.has(arrow)) used.add(arrow);
      else against.push(`${file} -> ${target} (${arrow} is not drawn)`);
    }
    const unused = [...allowed].filter((a) => !used.has(a));
    expect({ against, unused }).toEqual({ against: [], unused: [] });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Module READMEs: every folder directly under apps/server/src/modules and apps/web/src/modules has a README.md; so
// does every folder under a server module that is only a grouping (no source file of its own: finance), and the
// lifecycle, the heart of documents. A README below a module's own is linked from the README of the folder above.
// ---------------------------------------------------------------------------------------------------------------

const SUB_DOMAINS = [`${SERVER_MODULES}/documents/lifecycle`];

function moduleFolders(): string[] {
  const server = folders(SERVER_MODULES).map((m) => `${SERVER_MODULES}/${m}`);
  const grouped = server.flatMap((m) =>
    readdirSync(join(ROOT, m)).some((f) => /\.tsx?$/.test(f)) ? [] : folders(m).map((f) => `${m}/${f}`),
  );
  const web = folders(WEB_MODULES).map((m) => `${WEB_MODULES}/${m}`);
  return [...server, ...grouped, ...SUB_DOMAINS, ...web];
}

describe('module READMEs', () => {
  const required = moduleFolders();

  it('finds the module folders', () => {
    expect(required.length).toBeGreaterThan(30);
  });

  it('has a README.md in every module folder', () => {
    expect(required.filter((m) => !existsSync(join(ROOT, m, 'README.md')))).toEqual([]);
  });

  it('links each sub-domain README from the README above it', () => {
    const unlinked = required
      .filter((m) => !/^apps\/(server|web)\/src\/modules\/[^/]+$/.test(m))
      .filter((m) => {
        const up = join(ROOT, dirname(m), 'README.md');
        const name = m.split('/').at(-1);
        return !existsSync(up) || !readFileSync(up, 'utf8').includes(`](${name}/README.md)`);
      });
    expect(unlinked).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Paths in the docs. In every markdown file of the repository (README.md, docs/**, every module README):
// - a markdown link's target that is not a URL or an anchor is a path, whatever its form (`#…` dropped), and must
//   exist relative to the doc's own folder, as a reader following it finds it;
// - in an inline code span (single backticks; fenced blocks are examples and left alone), each word is a path when
//   it holds a `/` between two names, does not start with `/` (URL paths, system folders), holds none of
//   `* < > { } | … $ = :` (patterns, placeholders, alternatives, commands) and ends with `/` or with a source or
//   document extension (EXTENSION below);
// - a path under a folder .gitignore names (`dist/`, `e2e/artifacts/` …) or starting with an environment variable
//   (`DATA_DIR/bank/`) names no repository file and is skipped;
// - a code word must exist relative to one of: the repository root, the doc's own folder, apps/server/src,
//   apps/server/src/modules, apps/web/src, apps/web/src/modules (so `core/xlsx.ts` or
//   `documents/lifecycle/transition.ts` are enough);
// - anywhere in the text, `docs/decisions/NNN` must be the number of one decision.
// ---------------------------------------------------------------------------------------------------------------

const EXTENSION = /\.(ts|tsx|mts|mjs|cjs|js|json|md|ya?ml|sh|sql|css|html)$/;
const BASES = ['', 'apps/server/src', SERVER_MODULES, 'apps/web/src', WEB_MODULES];

/** The paths one markdown text names, by the rule above: link targets and code words. */
function namedPaths(markdown: string): { links: string[]; words: string[] } {
  const text = markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
  const links = [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => (m[1] as string).replace(/#.*$/, ''))
    .filter((t) => t && !/^[a-z][a-z+.-]*:/i.test(t));
  const words = [...text.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)]
    .flatMap((m) => (m[1] as string).split(/\s+/))
    .map((w) => w.replace(/^[("'[]+|[)"',;:.\]]+$/g, ''))
    .filter(
      (w) =>
        /[\w.-]\/[\w.-]/.test(w) &&
        !w.startsWith('/') &&
        !/[*<>{}|…$=:]/.test(w) &&
        (w.endsWith('/') || EXTENSION.test(w)),
    );
  const named = (p: string) => !ignored(p.replace(/^\.\//, '')) && !/^[A-Z][A-Z0-9_]*\//.test(p);
  return { links: links.filter(named), words: words.filter(named) };
}

describe('paths named in the docs', () => {
  const docs = markdownFiles();

  it('reads every markdown file: README.md, docs/, the module READMEs', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain('docs/ARCHITECTURE.md');
    expect(docs).toContain(`${SERVER_MODULES}/documents/README.md`);
    expect(docs.length).toBeGreaterThan(80);
  });

  it('takes links and path-like code words, not commands, patterns or URL paths', () => {
    expect(
      namedPaths(
        [
          'See [the map](docs/ARCHITECTURE.md#server) and [a site](https://example.com/x.md).',
          'Uses `core/xlsx.ts`, `modules/followers.ts`, `apps/web/src/shared/` and `npm run db:generate -w @ems/server`;',
          'not `/api/budget/Search`, `src/modules/**/*.table.ts`, `lang/<culture>/<area>.json`, `DATA_DIR/bank/`,',
          '`apps/server/dist/main.js`, `teams/` or `x.ts`. Run `node --import tsx apps/server/src/main.ts`.',
          '```sh\nnode apps/gone/file.ts\n```',
        ].join('\n'),
      ),
    ).toEqual({
      links: ['docs/ARCHITECTURE.md'],
      words: ['core/xlsx.ts', 'modules/followers.ts', 'apps/web/src/shared/', 'apps/server/src/main.ts'],
    });
  });

  it('names only paths that exist', () => {
    const stale = docs.flatMap((doc) => {
      const { links, words } = namedPaths(readFileSync(join(ROOT, doc), 'utf8'));
      return [
        ...links.filter((p) => !existsSync(join(ROOT, p.startsWith('/') ? '' : dirname(doc), p))),
        ...words.filter((p) => ![dirname(doc), ...BASES].some((b) => existsSync(join(ROOT, b, p)))),
      ].map((p) => `${doc}: ${p}`);
    });
    expect(stale).toEqual([]);
  });

  it('names only decisions that exist', () => {
    const numbers = new Set(readdirSync(join(ROOT, 'docs/decisions')).map((f) => f.slice(0, 3)));
    const stale = docs.flatMap((doc) =>
      [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/docs\/decisions\/(\d{3})/g)]
        .filter((m) => !numbers.has(m[1] as string))
        .map((m) => `${doc}: ${m[0]}`),
    );
    expect(stale).toEqual([]);
  });
});
