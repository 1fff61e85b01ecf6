/**
 * Named points inside the remittance's transactions where a test makes the process fail, as a crash or a lost
 * connection would, after the step did its work and before it commits. Proves that a run stopped at any step
 * resumes where it stopped and pays nobody twice. Nothing is armed outside tests.
 */
export type RemitFaultPoint =
  | 'generate'
  | 'pass'
  | 'no_pass'
  | 'confirm_documents'
  | 'confirm_list'
  | 'confirm_entries'
  | 'confirm_print'
  | 'remit_paid'
  | 'remit'
  | 'bank_failed';

let armed: RemitFaultPoint | null = null;

/** Makes the next pass through `point` fail once. */
export function failRemittanceAt(point: RemitFaultPoint | null): void {
  armed = point;
}

export function faultPoint(point: RemitFaultPoint): void {
  if (armed !== point) return;
  armed = null;
  throw new Error(`remittance interrupted at ${point}`);
}
