import { z } from 'zod';
import { DateOnly, Id, Text, Version } from './common';
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
