import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { document, expenseLine } from '../documents/document.table';

/**
 * The reference a claimed item leaves at the end of its deputy line's description: `#C<id>` for a card transaction,
 * `#R<id>` for a ride-hailing order.
 */
export const claimRef = (prefix: 'C' | 'R', id: number) => `#${prefix}${id}`;

/**
 * Whether an item's claim is in force (docs/decisions/037): its deputy is not deleted and still has a line ending with
 * the item's reference. A deleted draft or a removed line releases the item without any hook in the documents module.
 */
export function claimInForce(prefix: 'C' | 'R', claimDocumentId: AnyColumn, itemId: AnyColumn): SQL<boolean> {
  return sql<boolean>`(${claimDocumentId} is not null and exists (
    select 1 from ${document} cd join ${expenseLine} cl on cl.document_id = cd.id
    where cd.id = ${claimDocumentId} and cd.status <> 'deleted'
      and cl.description like '%#' || ${prefix} || ${itemId}::text))`;
}

/** The claiming document's number while the claim is in force. */
export function claimDocNo(prefix: 'C' | 'R', claimDocumentId: AnyColumn, itemId: AnyColumn): SQL<string | null> {
  return sql<string | null>`(case when ${claimInForce(prefix, claimDocumentId, itemId)}
    then (select d.doc_no from ${document} d where d.id = ${claimDocumentId}) end)`;
}
