import { z } from 'zod';
import { DateOnly, Id, OptionalDateOnly, RequiredText, Text, Version } from './common';
import { PageQuery } from './paging';

/**
 * External spend (DESIGN §13): business-card transactions from the card issuer and ride-hailing orders from the
 * provider arrive by statement import (or the issuer's HTTP adapter), are matched to an employee, and the employee
 * marks each private or claims it into a deputy, one line per item.
 */

/**
 * A card number as every list and export shows it: the last four digits only, bank style (`**** **** **** 1234`).
 * A short number shows as `****`.
 */
export function maskCardNo(cardNo: string | null | undefined): string {
  const compact = (cardNo ?? '').replace(/\s+/g, '');
  if (compact.length <= 4) return '****';
  return `**** **** **** ${compact.slice(-4)}`;
}

/** Where a card transaction stands: open, marked private (deducted from the next payment), claimed, or settled. */
export const CARD_TXN_STATES = ['open', 'private', 'claimed', 'settled'] as const;
export type CardTxnState = (typeof CARD_TXN_STATES)[number];

/** Where a ride-hailing order stands: open, private, business (to claim), or claimed. */
export const RIDE_ORDER_STATES = ['open', 'private', 'business', 'claimed'] as const;
export type RideOrderState = (typeof RIDE_ORDER_STATES)[number];

/** The selected items of a turn or a claim, each at the version the user saw. */
export const SpendItemRefs = z
  .array(z.object({ ID: Id, Version }))
  .min(1)
  .max(200);
export type SpendItemRefs = z.infer<typeof SpendItemRefs>;

const SpendFilter = {
  DateFrom: DateOnly.optional(),
  DateTo: DateOnly.optional(),
  /** Part of the merchant, the route, the order number or the claiming document's number. */
  Keyword: Text(100).optional(),
};

// Business cards ---------------------------------------------------------------------------------------------------

export const SearchBusinessCardBody = PageQuery.extend({
  ...SpendFilter,
  Status: z.enum(CARD_TXN_STATES).optional(),
});
export type SearchBusinessCardBody = z.infer<typeof SearchBusinessCardBody>;

export const ExportBusinessCardBody = SearchBusinessCardBody.omit({ PageIndex: true, PageSize: true });
export type ExportBusinessCardBody = z.infer<typeof ExportBusinessCardBody>;

export const CardTxnRow = z.object({
  ID: z.number().int(),
  /** Masked: the last four digits only. */
  CardNo: z.string(),
  TransDate: z.string(),
  Merchant: z.string(),
  Amount: z.string(),
  Currency: z.string(),
  Status: z.enum(CARD_TXN_STATES),
  DocumentID: z.number().int().nullable(),
  DocNo: z.string().nullable(),
  Version: z.number().int(),
});
export type CardTxnRow = z.infer<typeof CardTxnRow>;

export const TurnPersonalItemPrivateBody = z.object({ Items: SpendItemRefs });
export type TurnPersonalItemPrivateBody = z.infer<typeof TurnPersonalItemPrivateBody>;

/** Claims selected items into a new draft deputy, or onto a draft deputy of the employee (`DocumentID`). */
export const ClaimBody = z.object({
  Items: SpendItemRefs,
  /** The expense item of the lines; for orders the technical parameter `DidiOrderExpenseItem` when not given. */
  ExpenseItemID: Id.optional(),
  ExpenseTypeID: Id.optional(),
  DocumentID: Id.optional(),
  Reason: Text(500).optional(),
});
export type ClaimBody = z.infer<typeof ClaimBody>;

export const SaveClaimDetailBody = ClaimBody;
export type SaveClaimDetailBody = ClaimBody;

export const ClaimResult = z.object({ DocumentID: z.number().int(), DocNo: z.string(), Lines: z.number().int() });
export type ClaimResult = z.infer<typeof ClaimResult>;

/** What a turn did: the items it changed. */
export const TurnResult = z.object({ Changed: z.number().int() });
export type TurnResult = z.infer<typeof TurnResult>;

// The card registry (those who pay: expenseRemittance) --------------------------------------------------------------

/** A card number as typed: spaces and dashes dropped, 12 to 19 digits. */
export const CardNumber = z
  .string()
  .transform((v) => v.replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, { message: 'invalid card number' }));

export const SearchBusinessCardRegistryBody = PageQuery.extend({
  /** Part of the holder's code or name, the name on the card, or the card's last four digits. */
  Keyword: Text(100).optional(),
  EmployeeID: Id.optional(),
  /** Active cards only (true), cancelled ones only (false), or both. */
  Active: z.boolean().optional(),
});
export type SearchBusinessCardRegistryBody = z.infer<typeof SearchBusinessCardRegistryBody>;

export const ExportBusinessCardRegistryBody = SearchBusinessCardRegistryBody.omit({ PageIndex: true, PageSize: true });
export type ExportBusinessCardRegistryBody = z.infer<typeof ExportBusinessCardRegistryBody>;

export const BusinessCardRow = z.object({
  ID: z.number().int(),
  EmployeeID: z.number().int(),
  EmployeeCode: z.string(),
  EmployeeName: z.string(),
  /** Masked: the last four digits only, here as everywhere. */
  CardNo: z.string(),
  HolderName: z.string(),
  ValidUntil: z.string().nullable(),
  Active: z.boolean(),
  /** Transactions imported for the card: a card with any can be cancelled, not removed. */
  Transactions: z.number().int(),
  Version: z.number().int(),
});
export type BusinessCardRow = z.infer<typeof BusinessCardRow>;

/**
 * Adds a card (no `ID`: `CardNo` required) or edits one (`ID` and `Version`): holder, name on card, valid-until and
 * whether it is active. The number of a registered card does not change: cancel it and add the new one.
 */
export const SaveBusinessCardBody = z.object({
  ID: Id.optional(),
  Version: Version.optional(),
  EmployeeID: Id,
  CardNo: CardNumber.optional(),
  HolderName: RequiredText(100),
  ValidUntil: OptionalDateOnly,
  Active: z.boolean().default(true),
});
export type SaveBusinessCardBody = z.infer<typeof SaveBusinessCardBody>;

export const DeleteBusinessCardBody = z.object({ ID: Id, Version });
export type DeleteBusinessCardBody = z.infer<typeof DeleteBusinessCardBody>;

// Ride-hailing orders ----------------------------------------------------------------------------------------------

export const SearchDidiOrderBody = PageQuery.extend({
  ...SpendFilter,
  Status: z.enum(RIDE_ORDER_STATES).optional(),
});
export type SearchDidiOrderBody = z.infer<typeof SearchDidiOrderBody>;

/** The fill-in proxy's view of a principal's orders: the principal as the act-for switch names them. */
export const SearchDidiOrderProxyBody = SearchDidiOrderBody.extend({ PrincipalID: Id.optional() });
export type SearchDidiOrderProxyBody = z.infer<typeof SearchDidiOrderProxyBody>;

export const ExportDidiOrderBody = SearchDidiOrderBody.omit({ PageIndex: true, PageSize: true });
export type ExportDidiOrderBody = z.infer<typeof ExportDidiOrderBody>;

export const RideOrderRow = z.object({
  ID: z.number().int(),
  OrderNo: z.string(),
  Provider: z.string(),
  OrderDate: z.string(),
  FromPlace: z.string(),
  ToPlace: z.string(),
  Amount: z.string(),
  Currency: z.string(),
  Status: z.enum(RIDE_ORDER_STATES),
  /** The last day the order can be claimed (its month's order cut-off day, else the end of the next month). */
  ClaimableUntil: z.string(),
  /** Still claimable today. */
  Claimable: z.boolean(),
  DocumentID: z.number().int().nullable(),
  DocNo: z.string().nullable(),
  Version: z.number().int(),
});
export type RideOrderRow = z.infer<typeof RideOrderRow>;

export const TurnDidiOrderBody = z.object({ Items: SpendItemRefs });
export type TurnDidiOrderBody = z.infer<typeof TurnDidiOrderBody>;

export const SaveDidiOrderBody = ClaimBody;
export type SaveDidiOrderBody = ClaimBody;
