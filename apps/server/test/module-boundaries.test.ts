import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = join(import.meta.dirname, '../src/modules');

/** SQL may be composed across modules only with a shared query builder, and only inside a repository. */
const SHARED_QUERY_BUILDERS = new Set([
  'documents/document-list.repository',
  'documents/postcentre/mailing.repository',
  'finance/loans/loan-balance.repository',
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

const moduleOf = (path: string) => path.split('/')[0];

/** Every relative import of every non-test source under src/modules, as paths relative to src/modules. */
function imports() {
  const found: { file: string; target: string }[] = [];
  for (const abs of sources(MODULES)) {
    const file = relative(MODULES, abs);
    const text = readFileSync(abs, 'utf8');
    for (const m of text.matchAll(/\bfrom\s+'(\.[^']+)'|\bimport\s*\(?\s*'(\.[^']+)'/g)) {
      const spec = (m[1] ?? m[2]) as string;
      found.push({ file, target: relative(MODULES, resolve(dirname(abs), spec)) });
    }
  }
  return found;
}

const foreign = (i: { file: string; target: string }) =>
  !i.target.startsWith('..') && moduleOf(i.file) !== moduleOf(i.target);

describe('module boundaries', () => {
  const all = imports();

  it('finds the imports it checks', () => {
    expect(all.filter(foreign).length).toBeGreaterThan(10);
  });

  it("no module imports another module's repository; modules call each other's services", () => {
    const crossings = all
      .filter(foreign)
      .filter((i) => /\.repository$/.test(i.target))
      .filter((i) => !(SHARED_QUERY_BUILDERS.has(i.target) && i.file.endsWith('.repository.ts')))
      .map((i) => `${i.file} -> ${i.target}`);
    expect(crossings).toEqual([]);
  });

  it("only repositories and tables use another module's tables", () => {
    const crossings = all
      .filter(foreign)
      .filter((i) => /\.table$/.test(i.target))
      .filter((i) => !/\.(repository|table)\.ts$/.test(i.file))
      .map((i) => `${i.file} -> ${i.target}`);
    expect(crossings).toEqual([]);
  });
});
