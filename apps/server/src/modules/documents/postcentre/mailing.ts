import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Whether a document's paper must be mailed to the shared-service centre (DESIGN §12): not when every invoice on it
 * is electronic. This is the one place the post centre asks; the invoice entry part answers here with its own
 * predicate over the document's invoices ("has invoices and all are electronic" means no mailing). A document with
 * no invoice data needs mailing, which is every document until invoices are recorded against documents.
 */
export function needsMailing(_documentId: AnyColumn | SQL): SQL {
  return sql`true`;
}
