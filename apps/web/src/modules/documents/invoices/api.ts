import type { DocumentInvoiceList, InvoiceRow, SaveDocumentInvoiceBody, SubInvoiceList } from '@ems/contracts';
import { http } from '../../../app/api';

/** A document's fapiao (/api/document/…Invoice) and the invoice folder's reads (/api/InvoiceEntry/). */
export const invoiceApi = {
  list: (documentId: number) =>
    http.post<DocumentInvoiceList>('/api/document/SearchInvoice', { DocumentID: documentId }),
  save: (body: SaveDocumentInvoiceBody) => http.post<InvoiceRow>('/api/document/SaveInvoice', body),
  remove: (documentId: number, invoiceId: number) =>
    http.post<{ Success: true }>('/api/document/DeleteInvoice', { DocumentID: documentId, InvoiceID: invoiceId }),
  lines: (invoiceId: number) =>
    http.post<SubInvoiceList>('/api/InvoiceEntry/GetSubInvoiceList', { InvoiceID: invoiceId }),
};
