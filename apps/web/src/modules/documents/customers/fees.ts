import { afterLabourTax, type FeeBasis, formatAmount, grossUpLabourTax, isMoney, labourTax } from '@ems/contracts';

/**
 * The fee before tax, the tax withheld and the fee after it, as the server will work them out from the fee typed
 * (before or after tax); nothing while the fee is not an amount above zero.
 */
export function feePreview(basis: FeeBasis, fee: string | undefined) {
  const v = (fee ?? '').trim();
  if (!isMoney(v) || Number(v) <= 0) return null;
  const gross = basis === 'gross' ? v : grossUpLabourTax(v);
  return { gross: formatAmount(gross), tax: formatAmount(labourTax(gross)), net: formatAmount(afterLabourTax(gross)) };
}
