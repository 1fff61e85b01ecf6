import { FreezePage } from './FreezePage';

/** People leaving, to freeze for resignation. */
export default function ResignationFreezePage() {
  return <FreezePage screen="ResignationFreeze" />;
}
