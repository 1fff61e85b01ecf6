import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `export const Name = Callee(` or `export const Name: Type = z.object(` at the start of a line. */
const SCHEMA_EXPORT = /^export const ([A-Za-z_$][\w$]*)(?:: [^=\n]+)? = [A-Za-z_$][\w$.]*\(/gm;

/**
 * The shared contracts build zod schemas at module level, and some schemas are built from others
 * (`PageQuery.extend(…)`, `Culture.optional()`). Building a schema only makes a value, so the bundler may treat
 * `z.…` and the exported schemas' methods as pure: the web keeps only the schemas it really uses, and the login
 * page does not carry zod at all. Only the web build reads this; the contracts' source is unchanged.
 */
export function contractPureFunctions(contractsSrc: string): string[] {
  const names = new Set<string>(['z']);
  for (const file of readdirSync(contractsSrc)) {
    if (!file.endsWith('.ts')) continue;
    for (const match of readFileSync(join(contractsSrc, file), 'utf8').matchAll(SCHEMA_EXPORT)) {
      if (match[1]) names.add(match[1]);
    }
  }
  return [...names].sort();
}
