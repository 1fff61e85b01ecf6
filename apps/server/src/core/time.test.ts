import { describe, expect, it } from 'vitest';
import { monthsBetween } from './time';

describe('monthsBetween', () => {
  it('cuts a range into whole months and the odd days at either end', () => {
    expect(monthsBetween('2025-11-26', '2026-11-25')).toEqual({
      whole: { from: '2025-12-01', to: '2026-10-01' },
      odd: [
        { from: '2025-11-26', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-25' },
      ],
    });
    expect(monthsBetween('2026-01-01', '2026-12-31')).toEqual({
      whole: { from: '2026-01-01', to: '2026-12-01' },
      odd: [],
    });
    expect(monthsBetween('2024-02-01', '2024-02-29')).toEqual({
      whole: { from: '2024-02-01', to: '2024-02-01' },
      odd: [],
    });
  });

  it('leaves a range inside one month odd, and an open end open', () => {
    expect(monthsBetween('2026-03-05', '2026-03-20')).toEqual({
      whole: undefined,
      odd: [{ from: '2026-03-05', to: '2026-03-20' }],
    });
    expect(monthsBetween('2026-03-05', '2026-04-10')).toEqual({
      whole: undefined,
      odd: [{ from: '2026-03-05', to: '2026-04-10' }],
    });
    expect(monthsBetween(undefined, undefined)).toEqual({ whole: {}, odd: [] });
    expect(monthsBetween('2026-03-05', undefined)).toEqual({
      whole: { from: '2026-04-01' },
      odd: [{ from: '2026-03-05', to: '2026-03-31' }],
    });
    expect(monthsBetween(undefined, '2026-03-05')).toEqual({
      whole: { to: '2026-02-01' },
      odd: [{ from: '2026-03-01', to: '2026-03-05' }],
    });
  });
});
