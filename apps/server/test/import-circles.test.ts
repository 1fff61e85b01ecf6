import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../../scripts/import-circles.mjs';

const SRC = join(import.meta.dirname, '../src');

/**
 * No two server files import each other, however far round: a module that must react to another's change registers
 * with it (the lifecycle's followers) instead of being imported by it, and what both sides share lives lower.
 */
describe('server imports', () => {
  it('finds the imports it walks', () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(300);
    expect([...graph.values()].flat().length).toBeGreaterThan(2000);
  });

  it('has no import circle (type imports and lazy imports included)', () => {
    expect(importCircles(SRC)).toEqual([]);
  });
});
