import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Line } from './report';
import { SERVER_DIR } from './server';

const ROOT = resolve(SERVER_DIR, '../..');
const WEB = join(ROOT, 'apps/web');
const DIST = join(WEB, 'dist');
const MANIFEST = join(DIST, '.vite/manifest.json');
const BEFORE_LOGIN_BUDGET_KB = 300;
const CHUNK_BUDGET_KB = 150;
/** The login screen's module, should it ever be loaded lazily rather than with the entry. */
const LOGIN_MODULE = /modules\/auth\/LoginPage\.tsx$/;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((n) => newest(join(path, n))));
}

/** Builds the web app when its sources (or the contracts it bundles) changed after the last build. */
function ensureBuilt(): void {
  const sources = Math.max(
    newest(join(WEB, 'src')),
    newest(join(WEB, 'index.html')),
    newest(join(WEB, 'vite.config.ts')),
    newest(join(ROOT, 'packages/contracts/src')),
  );
  if (existsSync(MANIFEST) && statSync(MANIFEST).mtimeMs >= sources) return;
  console.error('web: building the web app (its build is missing or older than its sources)');
  const built = spawnSync('npm', ['run', 'build', '-w', '@ems/web'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0 || !existsSync(MANIFEST)) throw new Error('the web build failed');
}

/** A chunk's files and everything it imports statically, each once. */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key]!.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return seen;
}

const kb = (bytes: number) => bytes / 1024;
const gzipKb = (file: string) => kb(gzipSync(readFileSync(join(DIST, file))).byteLength);

/**
 * The JavaScript a browser loads before the login page renders, gzip-compressed: the page's entry script with its
 * static imports (the modulepreloads), plus the login screen's chunk if it is split off; and the largest chunk.
 */
export async function runWeb(): Promise<Line[]> {
  ensureBuilt();
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  const entries = Object.entries(manifest)
    .filter(([, c]) => c.isEntry)
    .map(([k]) => k);
  const login = Object.entries(manifest)
    .filter(([k, c]) => c.isDynamicEntry && LOGIN_MODULE.test(k))
    .map(([k]) => k);
  const beforeLogin = [...staticClosure(manifest, [...entries, ...login])]
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js'));
  const beforeKb = beforeLogin.reduce((sum, f) => sum + gzipKb(f), 0);
  const chunks = readdirSync(join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, kb: gzipKb(join('assets', f)) }))
    .sort((a, b) => b.kb - a.kb);
  const largest = chunks[0]!;
  const over = chunks.filter((c) => c.kb > CHUNK_BUDGET_KB).length;
  return [
    {
      part: 'web',
      what: `JavaScript before the login page renders (${beforeLogin.length} files)`,
      figures: `${beforeKb.toFixed(1)} kB gzip`,
      budget: `≤ ${BEFORE_LOGIN_BUDGET_KB} kB gzip`,
      met: beforeKb <= BEFORE_LOGIN_BUDGET_KB,
    },
    {
      part: 'web',
      what: `largest chunk of ${chunks.length}`,
      figures: `${largest.file} ${largest.kb.toFixed(1)} kB gzip${over ? `; ${over} chunks over the budget` : ''}`,
      budget: `≤ ${CHUNK_BUDGET_KB} kB gzip per chunk`,
      met: largest.kb <= CHUNK_BUDGET_KB,
    },
  ];
}
