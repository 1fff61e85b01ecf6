import { z } from 'zod';
import { DateOnly, Id, Money, SignedMoney } from './common';
import { CustomerKind } from './customers';
import { DocType } from './documents';

/**
 * The limit preview (decision 065): where a form's lines stand against their budgets and their attendees' caps as
 * they are typed, measured as the check at submit measures them, without holding anything.
 */

/** One line of the form, as the save would store it (the form's kept lines, in their order). */
export const LimitPreviewLine = z.object({
  ExpenseItemID: Id.nullish(),
  ExpenseDate: DateOnly.nullish(),
  /** In the document's currency. */
  Amount: Money.nullish(),
  ProductID: Id.nullish(),
  /**
   * The line's HCP/HCO attendees in the order chosen, each taking the line's amount split per head, as the save
   * splits it; left out, those the saved document has on the line of the same number.
   */
  Attendees: z
    .array(z.object({ Kind: CustomerKind, CustomerID: Id }))
    .max(200)
    .optional(),
});
export type LimitPreviewLine = z.infer<typeof LimitPreviewLine>;

export const LimitPreviewBody = z.object({
  DocType,
  /** The saved document the form edits: its apportionment is read, and what it already holds is not counted twice. */
  ID: Id.optional(),
  CostCenterID: Id.nullish(),
  /** A reimbursement's approved apply: what it reserved covers the claim first. */
  ApplyID: Id.nullish(),
  Currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('CNY'),
  Lines: z.array(LimitPreviewLine).max(200),
});
export type LimitPreviewBody = z.infer<typeof LimitPreviewBody>;

/** ok: it fits; warn: it goes over a limit that asks for a confirmation; block: over one that refuses the submit. */
export const LIMIT_STANDINGS = ['ok', 'warn', 'block'] as const;
export const LimitStanding = z.enum(LIMIT_STANDINGS);
export type LimitStanding = z.infer<typeof LimitStanding>;

/** The figures of one limit on the period that decides it, in CNY, after every line of the form. */
const Figures = {
  /** The year (2026), a month (2026-04) or the months to date (2026-01…04). */
  Period: z.string(),
  /** The budget or cap of the period. */
  Amount: Money,
  /** What other documents (and this one's earlier holds, for a budget) use of it. */
  Used: SignedMoney,
  /** What the form asks of it: all its lines on it added up, less what the document already holds there. */
  Requested: Money,
  /** Amount − Used − Requested: negative when the form goes over. */
  Left: SignedMoney,
  Status: LimitStanding,
};

/** A budget (at warn or block) a line's spend falls in: cost centre × item [× product] on its control period. */
export const LimitBudgetFigure = z.object({
  BudgetID: Id,
  /** The cost centre, item and product by name in the caller's language, each with its code. */
  Name: z.string(),
  ...Figures,
});
export type LimitBudgetFigure = z.infer<typeof LimitBudgetFigure>;

/** A controlling cap (at warn or block) of an attendee of the line. */
export const LimitCapFigure = z.object({
  QuotaID: Id,
  /** Whose cap: an HCP's or HCO's, an overseas item's, or the applicant's own on the item. */
  Kind: z.enum([...CustomerKind.options, 'Overseas', 'Employee']),
  /** The HCP, HCO, expense item or employee the cap is on. */
  CustomerID: Id,
  /** Its subject by name in the caller's language. */
  Name: z.string(),
  ...Figures,
});
export type LimitCapFigure = z.infer<typeof LimitCapFigure>;

export const LimitPreviewLineResult = z.object({
  /** The line's place in the body's Lines (from 0). */
  Index: z.number().int(),
  Budgets: z.array(LimitBudgetFigure),
  Caps: z.array(LimitCapFigure),
});
export type LimitPreviewLineResult = z.infer<typeof LimitPreviewLineResult>;

export const LimitPreview = z.object({ Lines: z.array(LimitPreviewLineResult) });
export type LimitPreview = z.infer<typeof LimitPreview>;
