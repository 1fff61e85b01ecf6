import { z } from 'zod';
import { DateOnly, Id, Money, OptionalDateOnly, Text, Version } from './common';
import { INVOICE_TYPES } from './fapiao';
import { PageQuery, pageOf } from './paging';

export const InvoiceType = z.enum(INVOICE_TYPES);
export type InvoiceType = z.infer<typeof InvoiceType>;
export const VerifyStatus = z.enum(['not_verified', 'verified', 'failed']);
export type VerifyStatus = z.infer<typeof VerifyStatus>;
/** free: in the folder or on a draft; locked: on a live document; final: on a paid document. */
export const ClaimState = z.enum(['free', 'locked', 'final']);

const Digits = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[A-Za-z0-9]*$/);

export const SubInvoiceInput = z.object({
  Name: Text(200).min(1),
  Specification: Text(100).optional(),
  Quantity: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,6})?$/)
    .optional(),
  Amount: Money,
  TaxRate: z
    .string()
    .trim()
    .regex(/^0(\.\d{1,4})?$/)
    .optional(),
  TaxAmount: Money.optional(),
});
export type SubInvoiceInput = z.infer<typeof SubInvoiceInput>;

/**
 * A fapiao entered by hand, or the text its QR code holds (pasted, or typed by a scanner). With `QrText` the
 * type, code, number, amount, date and check code come from the QR text; the rest may still be given.
 */
export const InvoiceInput = z.object({
  QrText: Text(400).optional(),
  InvoiceType: InvoiceType.optional(),
  Code: Digits(12).optional(),
  Number: Digits(21).optional(),
  InvoiceDate: OptionalDateOnly.optional(),
  Amount: Money.optional(),
  TaxAmount: Money.optional(),
  FuelAmount: Money.optional(),
  CheckCode: Digits(20).optional(),
  BuyerName: Text(200).optional(),
  BuyerTaxID: Digits(20).optional(),
  /**
   * The buyer is a person (个人 / 自然人), not a company: the fapiao names no company to match, and a company expense
   * takes it only where its expense item allows. Also read from a buyer named 个人 (or 个人（…）).
   */
  BuyerPersonal: z.boolean().optional(),
  SellerName: Text(200).optional(),
  SellerTaxID: Digits(20).optional(),
  /** Electronic fapiao need no paper original; fully digital and electronic ordinary fapiao always are. */
  Electronic: z.boolean().optional(),
  Remark: Text(500).optional(),
  Items: z.array(SubInvoiceInput).max(100).optional(),
});
export type InvoiceInput = z.infer<typeof InvoiceInput>;

export const SaveInvoiceEntryBody = InvoiceInput.extend({ ID: Id.optional(), Version: Version.optional() });
export type SaveInvoiceEntryBody = z.infer<typeof SaveInvoiceEntryBody>;

export const SearchInvoiceEntryBody = PageQuery.extend({
  Keyword: Text(60).optional(),
  InvoiceType: InvoiceType.optional(),
  DateFrom: OptionalDateOnly.optional(),
  DateTo: OptionalDateOnly.optional(),
  /** true: only those on a document; false: only those still free in the folder. */
  OnDocument: z.boolean().optional(),
});
export type SearchInvoiceEntryBody = z.infer<typeof SearchInvoiceEntryBody>;

export const InvoiceVersionBody = z.object({ ID: Id, Version });
export type InvoiceVersionBody = z.infer<typeof InvoiceVersionBody>;
export const InvoiceIdBody = z.object({ InvoiceID: Id });
export type InvoiceIdBody = z.infer<typeof InvoiceIdBody>;

export const InvoiceRow = z.object({
  ID: Id,
  DocumentID: Id.nullable(),
  DocNo: z.string().nullable(),
  InvoiceType: InvoiceType,
  InvoiceTypeName: z.string(),
  Code: z.string(),
  Number: z.string(),
  InvoiceDate: DateOnly,
  Amount: z.string(),
  TaxAmount: z.string(),
  FuelAmount: z.string(),
  TotalAmount: z.string(),
  DeductibleVat: z.string(),
  CheckCode: z.string(),
  BuyerName: z.string(),
  BuyerTaxID: z.string(),
  BuyerPersonal: z.boolean(),
  SellerName: z.string(),
  SellerTaxID: z.string(),
  Electronic: z.boolean(),
  FullyDigital: z.boolean(),
  /** file: read from a file uploaded into the wallet, which is kept (`HasFile`). */
  Source: z.enum(['manual', 'qr', 'file']),
  HasFile: z.boolean(),
  VerifyStatus,
  VerifyStatusName: z.string(),
  VerifyMessage: z.string().nullable(),
  ClaimState,
  Remark: z.string().nullable(),
  /** The document's line this fapiao is evidence for; null while not assigned (or in the folder). */
  LineNo: z.number().int().nullable(),
  /** Whether the caller may change or delete it now (free, and its document editable). */
  CanChange: z.boolean(),
  Version,
});
export type InvoiceRow = z.infer<typeof InvoiceRow>;
export const InvoiceEntryPage = pageOf(InvoiceRow);

/**
 * A fapiao file uploaded into the wallet, read and entered: the entry, and whether the same fapiao also sits free in
 * a colleague's wallet (it can be claimed once only; the claim decides).
 */
export const WalletUpload = z.object({ Invoice: InvoiceRow, HeldByOther: z.boolean() });
export type WalletUpload = z.infer<typeof WalletUpload>;

/**
 * A draft reimbursement of the expense type, one line per fapiao (decision 062) and per receipt (decision 066) of the
 * wallet: fifty at most, at least one.
 */
export const WalletDraftBody = z
  .object({
    ExpenseTypeID: Id,
    InvoiceIDs: z.array(Id).max(50).default([]),
    ReceiptIDs: z.array(Id).max(50).default([]),
  })
  .refine((b) => b.InvoiceIDs.length + b.ReceiptIDs.length > 0, { message: 'give a fapiao or a receipt' })
  .refine((b) => b.InvoiceIDs.length + b.ReceiptIDs.length <= 50, { message: 'fifty at most' });
export type WalletDraftBody = z.infer<typeof WalletDraftBody>;

export const SubInvoiceRow = z.object({
  ID: Id,
  LineNo: z.number().int(),
  Name: z.string(),
  Specification: z.string(),
  Quantity: z.string().nullable(),
  Amount: z.string(),
  TaxRate: z.string().nullable(),
  TaxAmount: z.string(),
});
export const SubInvoiceList = z.object({ InvoiceID: Id, Rows: z.array(SubInvoiceRow) });
export type SubInvoiceList = z.infer<typeof SubInvoiceList>;

export const InvoiceInfoUrl = z.object({ InvoiceID: Id, Url: z.string(), Provider: z.string() });
export type InvoiceInfoUrl = z.infer<typeof InvoiceInfoUrl>;

/** The document's invoices: `InvoiceID` takes one from the owner's folder, otherwise the fields enter a new one. */
export const SaveDocumentInvoiceBody = InvoiceInput.extend({
  DocumentID: Id,
  InvoiceID: Id.optional(),
  /** The line it is evidence for; absent, the server picks the first line it would cover (decision 058). */
  LineNo: z.number().int().min(1).optional(),
});
export type SaveDocumentInvoiceBody = z.infer<typeof SaveDocumentInvoiceBody>;
export const DocumentInvoiceBody = z.object({ DocumentID: Id, InvoiceID: Id });
export type DocumentInvoiceBody = z.infer<typeof DocumentInvoiceBody>;
/**
 * What the claimant states about a fapiao on their editable document: the line it is evidence for (null: none), and
 * its buyer as printed where it was read from a QR code that does not hold it. Fields left out stay as they are.
 */
export const UpdateDocumentInvoiceBody = z.object({
  DocumentID: Id,
  InvoiceID: Id,
  Version,
  LineNo: z.number().int().min(1).nullable().optional(),
  BuyerName: Text(200).optional(),
  BuyerTaxID: Digits(20).optional(),
  BuyerPersonal: z.boolean().optional(),
});
export type UpdateDocumentInvoiceBody = z.infer<typeof UpdateDocumentInvoiceBody>;
/** How a document's line stands with its fapiao: what they add up to against the line, and what is still short. */
export const InvoiceLineCover = z.object({
  LineNo: z.number().int(),
  ItemName: z.string(),
  Amount: z.string(),
  NeedsInvoice: z.boolean(),
  PersonalBuyerAllowed: z.boolean(),
  Covered: z.string(),
  /** What the line's fapiao fall short of its amount by ("0.00" when covered or not needing one). */
  Short: z.string(),
});
export type InvoiceLineCover = z.infer<typeof InvoiceLineCover>;
export const DocumentInvoiceList = z.object({
  Rows: z.array(InvoiceRow),
  Editable: z.boolean(),
  /** Every invoice is electronic: no paper originals to mail. */
  AllElectronic: z.boolean(),
  TotalAmount: z.string(),
  DeductibleVat: z.string(),
  /** The document's lines with what their fapiao cover (a reimbursement's lines; empty on applies and loans). */
  Lines: z.array(InvoiceLineCover),
  /** The claiming company as a fapiao's buyer prints it: what a fapiao's buyer is checked against. */
  Buyer: z.object({ Name: z.string(), TaxID: z.string() }),
});
export type DocumentInvoiceList = z.infer<typeof DocumentInvoiceList>;

/** What a receipt that is not a fapiao says: the claimant reads it off the paper. */
export const ReceiptFields = z.object({
  ReceiptDate: DateOnly,
  Amount: Money,
  Currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  Issuer: Text(200).min(1),
  Description: Text(500).optional(),
});
export type ReceiptFields = z.infer<typeof ReceiptFields>;
export const SaveReceiptBody = ReceiptFields.extend({
  DocumentID: Id,
  ID: Id.optional(),
  Version: Version.optional(),
});
export type SaveReceiptBody = z.infer<typeof SaveReceiptBody>;
export const ReceiptRow = z.object({
  ID: Id,
  /** Null while it waits in its owner's wallet. */
  DocumentID: Id.nullable(),
  ReceiptDate: DateOnly,
  Amount: z.string(),
  Currency: z.string(),
  Issuer: z.string(),
  Description: z.string().nullable(),
  /** Uploaded with its photo or PDF, which `GetReceiptFile` answers. */
  HasFile: z.boolean(),
  Version,
});
export type ReceiptRow = z.infer<typeof ReceiptRow>;
export const ReceiptList = z.object({ Rows: z.array(ReceiptRow), Editable: z.boolean() });
export type ReceiptList = z.infer<typeof ReceiptList>;
/** A receipt of the caller's wallet (decision 066): free, or on the document it names. */
export const WalletReceiptRow = ReceiptRow.extend({ DocNo: z.string().nullable() });
export type WalletReceiptRow = z.infer<typeof WalletReceiptRow>;
export const SearchWalletReceiptBody = PageQuery.extend({
  /** true: only those on a document; false: only those still free in the wallet. */
  OnDocument: z.boolean().optional(),
});
export type SearchWalletReceiptBody = z.infer<typeof SearchWalletReceiptBody>;
export const WalletReceiptPage = pageOf(WalletReceiptRow);
export const ReceiptIdBody = z.object({ ReceiptID: Id });
/** A receipt uploaded into the wallet, and whether a colleague's wallet holds the same file, free. */
export const WalletReceiptUpload = z.object({ Receipt: WalletReceiptRow, HeldByOther: z.boolean() });
export type WalletReceiptUpload = z.infer<typeof WalletReceiptUpload>;
export const DocumentIdOnlyBody = z.object({ DocumentID: Id });

/** The caller's forwarding address for their wallet (decision 067): fapiao files mailed to it go into the wallet. */
export const WalletMailAddress = z.object({
  Address: z.string(),
  /** No mail server is configured: the built-in simulated server delivers what `SimulateMail` sends. */
  Simulated: z.boolean(),
});
export type WalletMailAddress = z.infer<typeof WalletMailAddress>;
export const WALLET_MAIL_OUTCOMES = ['taken', 'unknown_recipient', 'no_attachment', 'too_large', 'unreadable'] as const;
/** One attachment of a forwarded mail: the fapiao it became, or why it was not taken (in the reader's language). */
export const WalletMailPart = z.object({
  FileName: z.string(),
  InvoiceID: Id.nullable(),
  /** The refusal's code and text. */
  Code: z.string().nullable(),
  Message: z.string().nullable(),
});
export const WalletMailRow = z.object({
  ID: Id,
  ReceivedAt: z.string(),
  From: z.string().nullable(),
  Subject: z.string().nullable(),
  Outcome: z.enum(WALLET_MAIL_OUTCOMES),
  Parts: z.array(WalletMailPart),
});
export type WalletMailRow = z.infer<typeof WalletMailRow>;
export const SearchWalletMailBody = PageQuery.pick({ PageIndex: true, PageSize: true });
export const WalletMailPage = pageOf(WalletMailRow);
export type WalletMailPage = z.infer<typeof WalletMailPage>;
export const ReceiptVersionBody = z.object({ ID: Id, Version });

/** The invoice service's session, opened with `GET /api/Login/Index`. */
export const InvoiceServiceSession = z.object({
  Provider: z.string(),
  SessionToken: z.string(),
  ExpiresAt: z.string(),
  /** What it offers: offline QR reading and format checks always; online verification with a real service. */
  OnlineVerification: z.boolean(),
});
export type InvoiceServiceSession = z.infer<typeof InvoiceServiceSession>;

/** Where a field of a fapiao file was read: its QR code, its structured data, its printed text, or a formula. */
export const FapiaoFieldSource = z.enum(['qr', 'xml', 'text', 'computed']);
/**
 * What a fapiao file (数电 XML, OFD, PDF, or a photo or scan through its QR code) carries, for the claimant to confirm:
 * `Invoice` as the fapiao's entry takes it, every field the file does not carry left out (never guessed). Two sources
 * that disagree are named in `Conflicts`, the QR code's value kept.
 */
export const FapiaoFileRead = z.object({
  Format: z.enum(['xml', 'ofd', 'pdf', 'image']),
  Invoice: InvoiceInput.omit({ QrText: true }),
  /** Tax included, as printed. */
  Total: Money.optional(),
  /** Tickets: the passenger and the journey, which the entry shows but keeps no field for. */
  Passenger: z.string().optional(),
  From: z.string().optional(),
  To: z.string().optional(),
  /** The input VAT the fapiao lets the company deduct, by the formulas every entry uses. */
  DeductibleVat: Money.optional(),
  Sources: z.record(z.string(), FapiaoFieldSource),
  Conflicts: z.array(
    z.object({
      Field: z.string(),
      Kept: z.string(),
      KeptFrom: FapiaoFieldSource,
      Other: z.string(),
      OtherFrom: FapiaoFieldSource,
    }),
  ),
  /**
   * The same fapiao (code and number) already known: in the caller's own folder, or claimed by a live document
   * anywhere in the group (its number given). Null when it is new.
   */
  Duplicate: z.object({ Where: z.enum(['folder', 'claimed']), DocNo: z.string().nullable() }).nullable(),
});
export type FapiaoFileRead = z.infer<typeof FapiaoFileRead>;
