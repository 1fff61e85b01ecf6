import type { QueryKey } from '@tanstack/react-query';

/**
 * Whether a cached query shows something a change of document `id` may have changed: its route (a resubmit
 * starts a new round), its previews, its attendees (a line's amount changes their shares), the counts, every document
 * list (personal, view centres, approve centre), and its fapiao and receipts (a submit locks them). The document's own
 * detail is not among them: the caller puts the answer of the change there.
 */
export function shownByChangeOf(key: QueryKey, id: number): boolean {
  const [head, kind, ...rest] = key;
  if (typeof head !== 'string') return false;
  if (head === 'invoices' || head === 'receipts') return kind === id;
  if (head.startsWith('documents-') || head.startsWith('approve')) return true;
  if (head !== 'documents') return false;
  if (kind === 'counts') return true;
  if (kind === 'route' || kind === 'routePreview' || kind === 'preview' || kind === 'customers')
    return rest.includes(id);
  return false;
}
