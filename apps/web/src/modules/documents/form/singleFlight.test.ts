import { describe, expect, it, vi } from 'vitest';
import { createSingleFlight } from './singleFlight';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('one action at a time on a document form', () => {
  it('sends one save when save and submit (or Enter twice) come while the first save is on its way', async () => {
    const flight = createSingleFlight();
    const answer = deferred();
    const save = vi.fn(() => answer.promise);
    const first = flight.run(save);
    const submit = flight.run(async () => {
      await save();
    });
    const again = flight.run(save);
    expect(await submit).toBe(false);
    expect(await again).toBe(false);
    answer.resolve();
    expect(await first).toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('takes the next action once the first is done, also after it failed, and tells who listens', async () => {
    const flight = createSingleFlight();
    const seen: boolean[] = [];
    const stop = flight.subscribe((busy) => seen.push(busy));
    await expect(flight.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(flight.isBusy()).toBe(false);
    expect(await flight.run(() => undefined)).toBe(true);
    expect(seen).toEqual([true, false, true, false]);
    stop();
    await flight.run(() => undefined);
    expect(seen).toHaveLength(4);
  });
});
