import {
  DocumentDetail,
  DocumentIdOnlyBody,
  DocumentInvoiceBody,
  DocumentInvoiceList,
  FapiaoFileRead,
  InvoiceEntryPage,
  InvoiceIdBody,
  InvoiceInfoUrl,
  InvoiceRow,
  InvoiceServiceSession,
  InvoiceVersionBody,
  Ok,
  ReceiptFields,
  ReceiptIdBody,
  ReceiptList,
  ReceiptRow,
  ReceiptVersionBody,
  SaveDocumentInvoiceBody,
  SaveInvoiceEntryBody,
  SaveReceiptBody,
  SearchInvoiceEntryBody,
  SearchWalletMailBody,
  SearchWalletReceiptBody,
  SubInvoiceList,
  UpdateDocumentInvoiceBody,
  WalletDraftBody,
  WalletMailAddress,
  WalletMailPage,
  WalletMailRow,
  WalletReceiptPage,
  WalletReceiptUpload,
  WalletUpload,
} from '@ems/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { AppError } from '../../../core/errors';
import { currentUser, get, postGroup } from '../../../core/http';
import { callerUpload, callerUploads, type Upload } from '../../../core/import';
import { formFields } from '../../../core/problem';
import { disposition } from '../attachments/attachment.routes';
import { DOCUMENT_READERS } from '../lifecycle/document.policy';
import { readFile } from './file-read.service';
import * as invoices from './invoice.service';
import * as walletMail from './mail/wallet-mail.service';
import * as receipts from './receipt.service';
import * as wallet from './wallet.service';

const tags = ['invoices'];
/** Entering fapiao is part of filling in documents. */
const FILL_IN = 'personalExpense';
const READERS = [...DOCUMENT_READERS];

const callerOf = (req: FastifyRequest): invoices.Caller => ({ user: currentUser(req), actor: actorOf(req) });
const ok = { Success: true as const };

export async function invoiceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const entry = postGroup(app, { base: '/api/InvoiceEntry', permission: FILL_IN, tags });
  entry(
    'SearchList',
    {
      summary: "The caller's invoice folder: fapiao entered, free or on a document",
      body: SearchInvoiceEntryBody,
      response: InvoiceEntryPage,
    },
    async (req) => invoices.searchEntries(ctx, actorOf(req), req.body),
  );
  entry(
    'Save',
    {
      summary: 'Enter a fapiao by hand or from its QR text, or correct a free one',
      body: SaveInvoiceEntryBody,
      response: InvoiceRow,
    },
    async (req) => invoices.saveEntry(ctx, actorOf(req), req.body),
  );
  entry(
    'ReadFile',
    {
      summary:
        'Read a fapiao file (数电 XML, OFD, PDF, or a PNG or JPEG photo through its QR code) for the caller to confirm; nothing is saved',
      multipart: true,
      response: FapiaoFileRead,
    },
    async (req) => readFile(ctx.db, actorOf(req), (await fapiaoUpload(req)).data),
  );
  entry(
    'Upload',
    {
      summary:
        "Upload a fapiao file (数电 XML, OFD, PDF or a photo) into the caller's wallet: read, checked, kept with its file and verified afterwards; the same fapiao in the wallet or claimed in the group is refused",
      multipart: true,
      response: WalletUpload,
    },
    async (req) => {
      const file = await fapiaoUpload(req);
      return wallet.upload(ctx, actorOf(req), { fileName: file.fileName, data: file.data });
    },
  );
  entry(
    'UploadReceipt',
    {
      summary:
        "Upload a receipt that is not a fapiao (a photo or PDF: a taxi slip, a toll, an overseas bill) into the caller's wallet with its date, amount and issuer; the same file in the wallet or on a live claim in the group is refused",
      multipart: true,
      response: WalletReceiptUpload,
    },
    async (req) => {
      const file = await fapiaoUpload(req);
      return receipts.uploadToWallet(ctx, actorOf(req), file, formFields(ReceiptFields, file.fields));
    },
  );
  entry(
    'SearchReceiptList',
    {
      summary: "The caller's wallet receipts that are not fapiao, free or on a document",
      body: SearchWalletReceiptBody,
      response: WalletReceiptPage,
    },
    async (req) => receipts.searchWallet(ctx, actorOf(req), req.body),
  );
  entry(
    'DeleteReceipt',
    {
      summary: "Delete a receipt from the caller's wallet while no document holds it",
      body: ReceiptVersionBody,
      response: Ok,
    },
    async (req) => {
      await receipts.deleteFromWallet(ctx, actorOf(req), req.body);
      return ok;
    },
  );
  entry(
    'GetReceiptFile',
    { summary: 'The photo or PDF a receipt was uploaded with, inline', permission: READERS, body: ReceiptIdBody },
    async (req, reply) => sendInline(reply, await receipts.openFile(ctx, callerOf(req), req.body.ReceiptID)),
  );
  entry(
    'GetMailAddress',
    {
      summary: "The caller's address for forwarding fapiao mails into their wallet, made on first asking",
      response: WalletMailAddress,
    },
    async (req) => walletMail.address(ctx, actorOf(req)),
  );
  entry(
    'RenewMailAddress',
    {
      summary: "A new forwarding address for the caller's wallet: mail to the old one is no longer taken",
      response: WalletMailAddress,
    },
    async (req) => walletMail.renew(ctx, actorOf(req)),
  );
  entry(
    'SearchMailList',
    {
      summary: "The mails forwarded to the caller's wallet, newest first, each attachment with what it became",
      body: SearchWalletMailBody,
      response: WalletMailPage,
    },
    async (req) => walletMail.search(ctx, actorOf(req), req.body),
  );
  entry(
    'SimulateMail',
    {
      summary:
        "The simulated mail server (no WALLET_MAIL_DOMAIN configured): mails the files to the caller's wallet address, and the wallet reads it at once as it reads real mail",
      multipart: true,
      response: WalletMailRow,
    },
    async (req) => {
      const { files, fields } = await mailUpload(req);
      return walletMail.simulate(ctx, actorOf(req), files, (fields.Subject ?? '').trim().slice(0, 200));
    },
  );
  entry(
    'CreateDraft',
    {
      summary:
        'A draft reimbursement of the expense type with one line per wallet fapiao: date, amount and suggested expense item filled, each fapiao on its line',
      body: WalletDraftBody,
      response: DocumentDetail,
    },
    async (req) => wallet.createDraft(ctx, callerOf(req), req.body, req.culture, String(req.id)),
  );
  entry(
    'GetFile',
    { summary: 'The file a fapiao was read from, inline', permission: READERS, body: InvoiceIdBody },
    async (req, reply) => sendInline(reply, await wallet.openFile(ctx, callerOf(req), req.body.InvoiceID)),
  );
  entry(
    'Delete',
    {
      summary: 'Delete a fapiao from the folder while no submitted document holds it',
      body: InvoiceVersionBody,
      response: Ok,
    },
    async (req) => {
      await invoices.deleteEntry(ctx, actorOf(req), req.body);
      return ok;
    },
  );
  entry(
    'GetSubInvoiceList',
    { summary: "A fapiao's lines (sub-invoices)", permission: READERS, body: InvoiceIdBody, response: SubInvoiceList },
    async (req) => invoices.subInvoices(ctx, callerOf(req), req.body.InvoiceID),
  );
  entry(
    'GetInvoiceInfoUrl',
    {
      summary: 'Where the invoice service shows or verifies a fapiao',
      permission: READERS,
      body: InvoiceIdBody,
      response: InvoiceInfoUrl,
    },
    async (req) => invoices.infoUrl(ctx, callerOf(req), req.body.InvoiceID),
  );

  const doc = postGroup(app, { base: '/api/document', permission: FILL_IN, tags });
  doc(
    'SearchInvoice',
    {
      summary: "A document's fapiao with verification, deductible VAT and whether all are electronic",
      permission: READERS,
      body: DocumentIdOnlyBody,
      response: DocumentInvoiceList,
    },
    async (req) => invoices.documentInvoices(ctx, callerOf(req), req.body.DocumentID),
  );
  doc(
    'SaveInvoice',
    {
      summary: 'Add a fapiao to an editable document: from the folder, by hand or from its QR text',
      body: SaveDocumentInvoiceBody,
      response: InvoiceRow,
    },
    async (req) => invoices.saveDocumentInvoice(ctx, callerOf(req), req.body),
  );
  doc(
    'UpdateInvoice',
    {
      summary: "Assign a document's fapiao to a line, or enter the buyer its QR code did not carry",
      body: UpdateDocumentInvoiceBody,
      response: InvoiceRow,
    },
    async (req) => invoices.updateDocumentInvoice(ctx, callerOf(req), req.body),
  );
  doc(
    'DeleteInvoice',
    {
      summary: 'Take a fapiao off an editable document (it stays in the folder)',
      body: DocumentInvoiceBody,
      response: Ok,
    },
    async (req) => {
      await invoices.removeDocumentInvoice(ctx, callerOf(req), req.body);
      return ok;
    },
  );
  doc(
    'SearchReceipt',
    {
      summary: "A document's receipts that are not fapiao",
      permission: READERS,
      body: DocumentIdOnlyBody,
      response: ReceiptList,
    },
    async (req) => receipts.list(ctx, callerOf(req), req.body.DocumentID),
  );
  doc(
    'SaveReceipt',
    { summary: 'Add or change a receipt of an editable document', body: SaveReceiptBody, response: ReceiptRow },
    async (req) => receipts.save(ctx, callerOf(req), req.body),
  );
  doc(
    'DeleteReceipt',
    { summary: 'Remove a receipt of an editable document', body: ReceiptVersionBody, response: Ok },
    async (req) => {
      await receipts.remove(ctx, callerOf(req), req.body);
      return ok;
    },
  );

  get(
    app,
    '/api/Login/Index',
    {
      permission: 'authenticated',
      summary: 'Open a session with the invoice service',
      tags,
      response: InvoiceServiceSession,
    },
    async (req) => invoices.openSession(ctx, actorOf(req)),
  );
}

/** A kept file (a fapiao's or a receipt's original), shown in the browser. */
function sendInline(
  reply: FastifyReply,
  f: { fileName: string; mimeType: string; size: number; stream: NodeJS.ReadableStream },
) {
  return reply
    .header('Content-Type', f.mimeType)
    .header('Content-Length', f.size)
    .header('Content-Disposition', disposition('inline', f.fileName))
    .header('Cache-Control', 'private, no-store')
    .send(f.stream);
}

/** The uploaded fapiao file; the form's Language decides the answer's, and its UserID and CompanyID must be the caller's. */
/** The files of a simulated mail: at most as many as a mail is read for. */
async function mailUpload(req: FastifyRequest) {
  try {
    return await callerUploads(req, walletMail.MAX_MAIL_FILES);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'invoice.file_too_large');
    if (code === 'FST_FILES_LIMIT')
      throw new AppError(400, 'invoice.mail_too_many_files', { max: walletMail.MAX_MAIL_FILES });
    throw err;
  }
}

async function fapiaoUpload(req: FastifyRequest): Promise<Upload> {
  try {
    return await callerUpload(req);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'invoice.file_too_large');
    throw err;
  }
}
