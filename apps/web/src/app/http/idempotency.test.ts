import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency';

const SRC = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
}

describe('idempotency keys', () => {
  it('are random UUIDs v4', () => {
    const keys = new Set(Array.from({ length: 200 }, newIdempotencyKey));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('need no secure context: the app is opened over plain HTTP on the intranet', () => {
    const original = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toHaveLength(36);
    } finally {
      if (original) Object.defineProperty(crypto, 'randomUUID', original);
    }
  });

  it('the web app uses no API that exists only over HTTPS or on localhost', () => {
    const secureOnly =
      /crypto\.randomUUID|crypto\.subtle|navigator\.clipboard|navigator\.serviceWorker|navigator\.credentials/;
    const offenders = sources(SRC).filter((f) => secureOnly.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });
});
