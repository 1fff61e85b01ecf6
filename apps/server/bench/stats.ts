/** Percentile by the nearest-rank method: the smallest sample with at least p% of the samples at or below it. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  /** The slowest sample: where one caller waited far longer than the rest. */
  max: number;
  n: number;
  errors: number;
  firstError?: string;
}

export function latencies(samples: readonly number[], errors = 0, firstError?: string): Latencies {
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: percentile(samples, 100),
    n: samples.length,
    errors,
    ...(firstError ? { firstError } : {}),
  };
}

/** Times calls one by one: a call that throws counts as an error, not as a sample. */
export class Recorder {
  /** The times of the calls that succeeded, in ms. */
  readonly samples: number[] = [];
  private errors = 0;
  private firstError: string | undefined;

  async time(work: () => Promise<unknown>): Promise<void> {
    const started = performance.now();
    try {
      await work();
      this.samples.push(performance.now() - started);
    } catch (err) {
      this.errors++;
      this.firstError ??= err instanceof Error ? err.message : String(err);
    }
  }

  get succeeded(): number {
    return this.samples.length;
  }

  result(): Latencies {
    return latencies(this.samples, this.errors, this.firstError);
  }
}

/**
 * `workers` loops run at once, each calling `work(worker, round)` `rounds` times, or fewer once `maxMs` has passed
 * (each worker makes at least one call, so a slow call still gets a sample per worker).
 */
/**
 * `workers` users, each making `rounds` calls one after the other. With `thinkMs`, each user pauses that long after
 * every answer, as a person reads before the next click (the users' first calls spread over one pause, so they do not
 * all start at the same instant); without it, every user calls again at once: `workers` requests always in flight.
 */
export async function timedConcurrently(
  workers: number,
  rounds: number,
  work: (worker: number, round: number) => Promise<unknown>,
  maxMs = Number.POSITIVE_INFINITY,
  thinkMs = 0,
): Promise<Latencies> {
  const until = performance.now() + maxMs;
  const recorder = new Recorder();
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      if (thinkMs) await pause((thinkMs * worker) / workers);
      for (let round = 0; round < rounds && (round === 0 || performance.now() < until); round++) {
        await recorder.time(() => work(worker, round));
        if (thinkMs) await pause(thinkMs);
      }
    }),
  );
  return recorder.result();
}

/** Runs `work` over `items` with at most `inFlight` at once; answers the times of those that succeeded. */
export async function timedEach<T>(
  items: readonly T[],
  inFlight: number,
  work: (item: T) => Promise<unknown>,
): Promise<Latencies> {
  const recorder = new Recorder();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await recorder.time(() => work(item));
      }
    }),
  );
  return recorder.result();
}

/**
 * One user's p95 of `runs` calls one after the other, after one warm-up call (the first may load a library or warm a
 * cache): a page as a person opens it again and again.
 */
export async function warmP95(run: () => Promise<unknown>, runs: number): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return percentile(samples, 95);
}
