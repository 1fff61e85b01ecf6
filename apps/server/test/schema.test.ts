import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';

const SERVER = join(import.meta.dirname, '..');
const MODULES = join(SERVER, 'src/modules');
const SCHEMA = join(SERVER, 'src/db/schema.ts');

function tableFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? tableFiles(p) : p.endsWith('.table.ts') ? [p] : [];
  });
}

const files = tableFiles(MODULES).sort();

/**
 * drizzle-kit finds the tables by its glob (every `src/modules/**\/*.table.ts`), the Drizzle client by
 * `src/db/schema.ts`: a table file left out of the schema still gets its migration, but `db.query.<table>` and the
 * client's relations do not know it. The schema must list every table file, and only those.
 */
describe('db/schema.ts', () => {
  it('finds the table files', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('re-exports every *.table.ts file under src/modules, and nothing else', () => {
    const exported = [...readFileSync(SCHEMA, 'utf8').matchAll(/^export \* from '([^']+)';$/gm)].map(
      (m) => `${resolve(join(SERVER, 'src/db'), m[1] as string)}.ts`,
    );
    expect(exported.map((f) => relative(SERVER, f)).sort()).toEqual(files.map((f) => relative(SERVER, f)));
  });

  it("holds every table the table files declare (no two files' exports shadow each other)", async () => {
    const inSchema = new Set<unknown>(Object.values(schema).filter((v) => is(v, PgTable)));
    const missing: string[] = [];
    for (const file of files) {
      const tables = Object.entries(await import(file)).filter(([, v]) => is(v, PgTable));
      expect(tables.length, `${relative(SERVER, file)} declares no table`).toBeGreaterThan(0);
      for (const [name, table] of tables) if (!inSchema.has(table)) missing.push(`${relative(SERVER, file)}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('is read by drizzle-kit from the same files', () => {
    expect(readFileSync(join(SERVER, 'drizzle.config.ts'), 'utf8')).toContain("schema: './src/modules/**/*.table.ts'");
  });
});
