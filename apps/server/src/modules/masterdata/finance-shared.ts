import { fieldError } from '../../core/errors';
import { shanghaiToday } from '../../core/time';

export { shanghaiToday as today };

/** Started and, on `day`, within its validity: what a new document may choose. */
export function isChoosable(
  row: { status: string; validFrom: string | null; validTo: string | null },
  day: string = shanghaiToday(),
): boolean {
  return (
    row.status === 'started' &&
    (row.validFrom === null || row.validFrom <= day) &&
    (row.validTo === null || row.validTo >= day)
  );
}

export function checkValidity(from: string | null | undefined, to: string | null | undefined): void {
  if (from && to && from > to) throw fieldError('ValidTo', 'finmd.valid_to_before_from');
}
