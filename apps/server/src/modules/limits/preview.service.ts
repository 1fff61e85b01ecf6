import type { Culture, LimitPreview, LimitPreviewBody } from '@ems/contracts';
import type { Db } from '../../core/db';
import type { SessionUser } from '../../core/http';
import { previewBudgets } from '../budgets/budget-preview.service';
import { draftOf } from '../documents/form/draft.service';
import { previewCaps } from '../quotas/quota-preview.service';

/**
 * The limit preview (decision 065): where each line of a form stands against the budgets its spend falls in and the
 * caps of its attendees, as the submit's check would measure the form saved as it is now. Reads only: no lock is
 * taken and nothing written, so what it answers may change before the submit, whose check under the locks decides.
 */
export async function previewLimits(
  db: Db,
  user: SessionUser,
  body: LimitPreviewBody,
  culture: Culture,
): Promise<LimitPreview> {
  const draft = await draftOf(db, user, body);
  const [budgets, caps] = await Promise.all([previewBudgets(db, draft, culture), previewCaps(db, draft, culture)]);
  return {
    Lines: body.Lines.map((_, i) => ({
      Index: i,
      Budgets: budgets.get(i + 1) ?? [],
      Caps: caps.get(i + 1) ?? [],
    })),
  };
}
