import type { CostCenterDetail } from '@ems/contracts';

/** What the drawer hands each tab that changes a part of the cost centre (heads, allotments, form orders). */
export interface PartProps {
  detail: CostCenterDetail;
  /** Every part change answers with the new detail (and version): show it, and refresh the list and history. */
  onChanged: (next: CostCenterDetail) => void;
}
