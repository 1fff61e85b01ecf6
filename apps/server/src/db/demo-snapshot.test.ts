import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../core/paths';
import { addDays } from '../core/time';
import { demoSnapshotFor } from './demo-snapshot';

const dataDir = mkdtempSync(join(tmpdir(), 'ems-snapshot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo snapshot of the build', () => {
  it('is copied only on the day it was made: on another day the start loads the demo with its dates', () => {
    // The tests' global setup builds the server, which makes the snapshot.
    const { madeOn } = JSON.parse(readFileSync(join(SERVER_DIR, 'dist', 'demo', 'manifest.json'), 'utf8')) as {
      madeOn: string;
    };
    expect(demoSnapshotFor(dataDir, addDays(madeOn, 1))).toBeUndefined();
    expect(demoSnapshotFor(dataDir, madeOn)).toBeInstanceOf(Blob);
  });
});
