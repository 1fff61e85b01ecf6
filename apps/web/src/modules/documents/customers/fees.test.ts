import { describe, expect, it } from 'vitest';
import { feePreview } from './fees';

describe('lecture fee preview', () => {
  it('shows the tax withheld from a fee before tax and grosses up a fee after tax', () => {
    expect(feePreview('gross', '5000')).toEqual({ gross: '5,000.00', tax: '800.00', net: '4,200.00' });
    expect(feePreview('net', '2560')).toEqual({ gross: '3,000.00', tax: '440.00', net: '2,560.00' });
  });

  it('shows nothing until the fee is an amount above zero', () => {
    expect(feePreview('gross', '')).toBeNull();
    expect(feePreview('gross', '0')).toBeNull();
    expect(feePreview('net', '12.345')).toBeNull();
    expect(feePreview('net', 'abc')).toBeNull();
  });
});
