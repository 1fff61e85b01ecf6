import type { EmployeeRow } from '@ems/contracts';

/** The props of a modal that changes one person of the list: open while `row` is set. */
export interface PersonModalProps {
  row: EmployeeRow | null;
  onClose: () => void;
  onDone: () => void;
}
