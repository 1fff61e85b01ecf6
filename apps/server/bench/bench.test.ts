import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownTable, mergePlans, writeMarkdown } from './report';
import { isRead, replayPlan, type Statement } from './sql-capture';
import { latencies, percentile, timedConcurrently, timedEach } from './stats';

const st = (sql: string, startMs: number, ms: number): Statement => ({ sql, params: [], startMs, ms });

describe('percentile', () => {
  it('takes the nearest rank: the smallest sample with at least p% at or below it', () => {
    const samples = [50, 15, 40, 20, 35];
    expect(percentile(samples, 5)).toBe(15);
    expect(percentile(samples, 30)).toBe(20);
    expect(percentile(samples, 40)).toBe(20);
    expect(percentile(samples, 50)).toBe(35);
    expect(percentile(samples, 100)).toBe(50);
    expect(percentile([], 95)).toBeNaN();
  });

  it('gives the 95th of 100 samples as the 95th smallest, not an interpolation', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(latencies(samples)).toMatchObject({ p50: 50, p95: 95, p99: 99, n: 100 });
  });
});

describe('timedEach', () => {
  it('never runs more than asked at once, and counts failures apart from samples', async () => {
    let running = 0;
    let most = 0;
    const result = await timedEach([1, 2, 3, 4, 5, 6, 7], 3, async (i) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (i === 4) throw new Error('refused');
    });
    expect(most).toBe(3);
    expect(result).toMatchObject({ n: 6, errors: 1, firstError: 'refused' });
  });
});

describe('timedConcurrently', () => {
  it('keeps every user calling at once without a pause, and at most one call per user in flight with one', async () => {
    let inFlight = 0;
    let most = 0;
    const work = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
    };
    const busy = await timedConcurrently(4, 3, work);
    expect(busy.n).toBe(12);
    expect(most).toBe(4);
    most = 0;
    const started = performance.now();
    const calm = await timedConcurrently(4, 2, work, Number.POSITIVE_INFINITY, 60);
    expect(calm.n).toBe(8);
    // Each user pauses 60 ms after each of its two calls, its first call starting within one pause.
    expect(performance.now() - started).toBeGreaterThanOrEqual(120);
    expect(most).toBeLessThan(4);
  });
});

describe('replayPlan', () => {
  it('runs together what the server called before the previous statements answered', () => {
    const plan = replayPlan([
      st('select session', 0, 1),
      st('select count', 2, 5),
      st('select page', 2.1, 6),
      st('select names', 9, 1),
    ]);
    expect(plan.transaction).toBe(false);
    expect(plan.waves.map((w) => w.map((s) => s.sql))).toEqual([
      ['select session'],
      ['select count', 'select page'],
      ['select names'],
    ]);
  });

  it('keeps a transaction on one connection, one statement after the other', () => {
    const plan = replayPlan([st('begin', 0, 1), st('update x', 0.5, 1), st('commit', 3, 1)]);
    expect(plan.transaction).toBe(true);
    expect(plan.waves).toHaveLength(3);
  });
});

describe('isRead', () => {
  it('explains with ANALYZE only statements that change nothing', () => {
    expect(isRead('select * from document')).toBe(true);
    expect(isRead('with x as (select 1) select * from x')).toBe(true);
    expect(isRead("select * from document where reason = 'update me'")).toBe(true);
    expect(isRead('with x as (delete from a returning id) select * from x')).toBe(false);
    expect(isRead('update document set status = $1')).toBe(false);
  });
});

describe('markdownTable', () => {
  it('writes one row per line with its verdict, escaping the column separator', () => {
    const md = markdownTable([
      { part: 'web', what: 'a | b', figures: '1 kB', budget: '≤ 2 kB', met: true },
      { part: 'web', what: 'c', figures: '3 kB', budget: '≤ 2 kB', met: false },
      { part: 'web', what: 'd', figures: '1', budget: '(context)', met: null },
    ]);
    const rows = md.split('\n');
    expect(rows).toHaveLength(5);
    expect(rows[2]).toBe('| web | a \\| b | 1 kB | ≤ 2 kB | yes |');
    expect(rows[3]).toContain('| NO |');
    expect(rows[4]!.endsWith('|  |')).toBe(true);
  });
});

describe('writeMarkdown', () => {
  it('keeps the written notes between the results and the plans, and replaces the lines of the parts run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ems-bench-'));
    const file = join(dir, 'benchmarks.md');
    const machine = {
      cpu: 'cpu',
      cores: 2,
      ramGb: 1,
      postgres: '15',
      node: 'v24',
      date: 'today',
      load: '0 / 0 / 0',
      data: 'none',
    };
    try {
      const line = (part: string, figures: string) => ({ part, what: 'x', figures, budget: '', met: null });
      writeMarkdown(file, machine, [line('web', '1'), line('start', '2')], [], 'web, start', new Set(['web', 'start']));
      const first = readFileSync(file, 'utf8');
      const noted = first.replace(
        '\n## Plans of the main list statements',
        '\n## What the web lines mean\n\nA note written by hand.\n\n## Plans of the main list statements',
      );
      writeFileSync(file, noted);
      writeMarkdown(file, machine, [line('web', '3')], [], 'web', new Set(['web']));
      const again = readFileSync(file, 'utf8');
      expect(again).toContain('## What the web lines mean\n\nA note written by hand.\n');
      expect(again).toContain('| web | x | 3 |');
      expect(again).toContain('| start | x | 2 |');
      expect(again.indexOf('A note written')).toBeLessThan(again.indexOf('## Plans of the main list statements'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mergePlans', () => {
  const plan = (call: string, ms: number) => ({
    call,
    plans: [
      {
        topNode: 'Limit',
        totalMs: ms,
        rows: 20,
        sharedHit: 1,
        sharedRead: 0,
        indexes: ['i'],
        seqScans: [],
        sql: `select ${call}`,
      },
    ],
  });

  it('replaces the plans of the calls run and keeps the others in their place', () => {
    const earlier = [
      'a (/api/A)',
      '  Limit, 1.00 ms, 20 rows, buffers hit 1 read 0; indexes: i; full scans: none',
      '    select a',
      'b (/api/B)',
      '  Limit, 2.00 ms, 20 rows, buffers hit 1 read 0; indexes: i; full scans: none',
      '    select b',
    ].join('\n');
    const merged = mergePlans(earlier, [plan('a (/api/A)', 9), plan('c (/api/C)', 3)] as never);
    expect(merged.split('\n').filter((l) => !l.startsWith(' '))).toEqual(['a (/api/A)', 'b (/api/B)', 'c (/api/C)']);
    expect(merged).toContain('Limit, 9.00 ms');
    expect(merged).toContain('Limit, 2.00 ms');
    expect(merged).not.toContain('Limit, 1.00 ms');
  });
});
