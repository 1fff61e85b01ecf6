import { describe, expect, it } from 'vitest';
import { AGEING_BUCKETS, AGEING_FROM, ageingBucket } from '../src/finance-loans';

describe('loan ageing buckets', () => {
  it('puts each age in the bucket whose first day it has reached', () => {
    expect([0, 30, 31, 60, 61, 90, 91, 180, 181, 5000].map(ageingBucket)).toEqual([
      'd0_30',
      'd0_30',
      'd31_60',
      'd31_60',
      'd61_90',
      'd61_90',
      'd91_180',
      'd91_180',
      'd181',
      'd181',
    ]);
  });

  it('starts the buckets in order, the first at day zero', () => {
    const starts = AGEING_BUCKETS.map((b) => AGEING_FROM[b]);
    expect(starts[0]).toBe(0);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });
});
