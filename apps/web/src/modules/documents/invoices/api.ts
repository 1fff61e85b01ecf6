import type {
  DocumentDetail,
  DocumentInvoiceList,
  FapiaoFileRead,
  InvoiceRow,
  Page,
  ReceiptFields,
  ReceiptList,
  ReceiptRow,
  SaveDocumentInvoiceBody,
  SaveReceiptBody,
  SubInvoiceList,
  UpdateDocumentInvoiceBody,
  WalletMailAddress,
  WalletMailRow,
  WalletReceiptRow,
  WalletReceiptUpload,
  WalletUpload,
} from '@ems/contracts';
import { http } from '../../../app/api';

/** A document's fapiao (/api/document/…Invoice) and the invoice folder's reads (/api/InvoiceEntry/). */
export const invoiceApi = {
  list: (documentId: number) =>
    http.post<DocumentInvoiceList>('/api/document/SearchInvoice', { DocumentID: documentId }),
  save: (body: SaveDocumentInvoiceBody) => http.post<InvoiceRow>('/api/document/SaveInvoice', body),
  /** The line a fapiao stands behind, and its buyer where its QR code held none (decision 058). */
  update: (body: UpdateDocumentInvoiceBody) => http.post<InvoiceRow>('/api/document/UpdateInvoice', body),
  remove: (documentId: number, invoiceId: number) =>
    http.post<{ Success: true }>('/api/document/DeleteInvoice', { DocumentID: documentId, InvoiceID: invoiceId }),
  /** The caller's fapiao still free in their invoice folder. */
  folder: (keyword: string) =>
    http.post<Page<InvoiceRow>>('/api/InvoiceEntry/SearchList', {
      OnDocument: false,
      PageSize: 20,
      ...(keyword ? { Keyword: keyword } : {}),
    }),
  /** What a fapiao file (数电 XML, OFD, PDF or a photo) carries, to confirm before it is entered; nothing is saved. */
  readFile: (file: File) => http.upload<FapiaoFileRead>('/api/InvoiceEntry/ReadFile', file),
  lines: (invoiceId: number) =>
    http.post<SubInvoiceList>('/api/InvoiceEntry/GetSubInvoiceList', { InvoiceID: invoiceId }),
};

/** The receipt wallet: the caller's invoice folder, files uploaded into it, and drafts made from it (decision 062). */
export const walletApi = {
  search: (onDocument: boolean, page: number, pageSize: number) =>
    http.post<Page<InvoiceRow>>('/api/InvoiceEntry/SearchList', {
      OnDocument: onDocument,
      PageIndex: page,
      PageSize: pageSize,
    }),
  upload: (file: File) => http.upload<WalletUpload>('/api/InvoiceEntry/Upload', file),
  draft: (expenseTypeId: number, invoiceIds: number[], receiptIds: number[]) =>
    http.post<DocumentDetail>('/api/InvoiceEntry/CreateDraft', {
      ExpenseTypeID: expenseTypeId,
      InvoiceIDs: invoiceIds,
      ReceiptIDs: receiptIds,
    }),
  file: (invoiceId: number) => http.download('/api/InvoiceEntry/GetFile', { InvoiceID: invoiceId }),
  remove: (row: Pick<InvoiceRow, 'ID' | 'Version'>) =>
    http.post<{ Success: true }>('/api/InvoiceEntry/Delete', { ID: row.ID, Version: row.Version }),
  /** Receipts that are not fapiao, uploaded with what the claimant read off them (decision 066). */
  receipts: (onDocument: boolean, page: number, pageSize: number) =>
    http.post<Page<WalletReceiptRow>>('/api/InvoiceEntry/SearchReceiptList', {
      OnDocument: onDocument,
      PageIndex: page,
      PageSize: pageSize,
    }),
  uploadReceipt: (file: File, fields: ReceiptFields) =>
    http.upload<WalletReceiptUpload>('/api/InvoiceEntry/UploadReceipt', file, fields),
  receiptFile: (receiptId: number) => http.download('/api/InvoiceEntry/GetReceiptFile', { ReceiptID: receiptId }),
  removeReceipt: (row: Pick<WalletReceiptRow, 'ID' | 'Version'>) =>
    http.post<{ Success: true }>('/api/InvoiceEntry/DeleteReceipt', { ID: row.ID, Version: row.Version }),
  /** The caller's forwarding address and the mails forwarded to it (decision 067). */
  mailAddress: () => http.post<WalletMailAddress>('/api/InvoiceEntry/GetMailAddress'),
  renewMailAddress: () => http.post<WalletMailAddress>('/api/InvoiceEntry/RenewMailAddress'),
  mails: (page: number, pageSize: number) =>
    http.post<Page<WalletMailRow>>('/api/InvoiceEntry/SearchMailList', { PageIndex: page, PageSize: pageSize }),
  /** The simulated mail server: the files mailed to the caller's own address and read at once. */
  simulateMail: (files: File[], subject: string) =>
    http.upload<WalletMailRow>('/api/InvoiceEntry/SimulateMail', files, { Subject: subject }),
};

/** A document's receipts that are not fapiao (/api/document/…Receipt). */
export const receiptApi = {
  list: (documentId: number) => http.post<ReceiptList>('/api/document/SearchReceipt', { DocumentID: documentId }),
  save: (body: SaveReceiptBody) => http.post<ReceiptRow>('/api/document/SaveReceipt', body),
  remove: (row: Pick<ReceiptRow, 'ID' | 'Version'>) =>
    http.post<{ Success: true }>('/api/document/DeleteReceipt', { ID: row.ID, Version: row.Version }),
};
