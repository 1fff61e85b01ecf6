import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { invoice, receipt } from '../invoices/invoice.table';

/**
 * Whether a document's paper must be mailed to the shared-service centre (DESIGN §12): not when it carries fapiao,
 * every one of them electronic, and no paper receipt. The one rule the post centre lists and receives by, and the
 * invoice section's "no mailing needed" shows.
 */
export function needsMailing(documentId: AnyColumn | SQL): SQL {
  return sql`not (exists (select 1 from ${invoice} where ${invoice.documentId} = ${documentId})
    and not exists (select 1 from ${invoice} where ${invoice.documentId} = ${documentId} and not ${invoice.electronic})
    and not exists (select 1 from ${receipt} where ${receipt.documentId} = ${documentId}))`;
}
