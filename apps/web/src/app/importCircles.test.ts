import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../../../scripts/import-circles.mjs';

const SRC = resolve(import.meta.dirname, '..');

/**
 * No two web files import each other, however far round, lazy `import()` of a screen included: what two files
 * share (a props type, the route table the menu reads) lives in a file both import.
 */
describe('web imports', () => {
  it('finds the imports it walks', () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(250);
    expect([...graph.values()].flat().length).toBeGreaterThan(900);
  });

  it('has no import circle (type imports and lazy imports included)', () => {
    expect(importCircles(SRC)).toEqual([]);
  });
});
