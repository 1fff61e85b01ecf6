import { z } from 'zod';
import { Id } from './common';
import { AirTicketShareRow, ApportionmentRow, PayDetail, PurchaseOrderRow, TripRow } from './document-parts';
import { DocState, DocType } from './documents';
import { RouteStep } from './workflow';

/** The head of a document as the printed sheet shows it, names already in the caller's language. */
export const PreviewHeader = z.object({
  ID: Id,
  DocNo: z.string(),
  DocType,
  DocTypeName: z.string(),
  CompanyName: z.string(),
  ApplicantCode: z.string(),
  ApplicantName: z.string(),
  PreparerName: z.string(),
  TeamName: z.string().nullable(),
  CostCenterCode: z.string().nullable(),
  CostCenterName: z.string().nullable(),
  InternalOrderCode: z.string().nullable(),
  ExpenseTypeName: z.string().nullable(),
  Currency: z.string(),
  Reason: z.string().nullable(),
  StartDate: z.string().nullable(),
  EndDate: z.string().nullable(),
  Status: DocState,
  StatusName: z.string(),
  CreatedAt: z.string(),
  SubmittedAt: z.string().nullable(),
  ApprovedAt: z.string().nullable(),
  /** Deputy: the apply it claims against. */
  ApplyNo: z.string().nullable(),
});

export const PreviewLine = z.object({
  LineNo: z.number().int(),
  ExpenseItemName: z.string().nullable(),
  ExpenseSubItemName: z.string().nullable(),
  ExpenseDate: z.string().nullable(),
  Amount: z.string().nullable(),
  Currency: z.string(),
  FxRate: z.string().nullable(),
  AmountCNY: z.string().nullable(),
  Description: z.string().nullable(),
});

/** A print-ready view of one document: head, lines, totals (with the CNY total in words), route and file count. */
export const PreviewData = z.object({
  Header: PreviewHeader,
  Lines: z.array(PreviewLine),
  TotalAmount: z.string(),
  TotalAmountCNY: z.string(),
  /** The CNY total in words: Chinese capital numerals for zh-CN, English words for en-GB. */
  TotalInWords: z.string(),
  Route: z.array(RouteStep),
  AttachmentCount: z.number().int(),
  /** The document's parts: how it is apportioned, its trips, whom it pays (loans and reimbursements), its purchase orders and shared air tickets. */
  Apportionment: z.array(ApportionmentRow),
  Trips: z.array(TripRow),
  Payee: PayDetail.omit({ Version: true }).nullable(),
  PurchaseOrders: z.array(PurchaseOrderRow),
  AirTicketShares: z.array(AirTicketShareRow),
  PrintedAt: z.string(),
});
export type PreviewData = z.infer<typeof PreviewData>;
