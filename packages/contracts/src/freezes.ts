import { z } from 'zod';
import { Id, Money, OptionalDateOnly, RequiredText, Text, Version } from './common';
import { BoolFilter, EmployeeStatusEnum } from './org-common';
import { PageQuery } from './paging';

/** Overdue freeze, overdue thaw and resignation freeze (DESIGN §11): who is frozen, why, and their open loans. */
export const FREEZE_KINDS = ['overdue', 'resignation'] as const;
export type FreezeKind = (typeof FREEZE_KINDS)[number];
export const FREEZE_ACTIONS = ['freeze', 'thaw'] as const;
export type FreezeAction = (typeof FREEZE_ACTIONS)[number];

/** The people a freeze screen lists: keyword over code and name, a team, only those with open loans. */
export const SearchFreezeBody = PageQuery.extend({
  Keyword: Text(100).optional(),
  TeamID: Id.optional(),
  HasOpenLoans: BoolFilter.optional(),
});
export type SearchFreezeBody = z.infer<typeof SearchFreezeBody>;
export const ExportFreezeBody = SearchFreezeBody.omit({ PageIndex: true, PageSize: true });
export type ExportFreezeBody = z.infer<typeof ExportFreezeBody>;

export const FreezeRow = z.object({
  EmployeeID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  TeamName: z.string().nullable(),
  Status: EmployeeStatusEnum,
  /** Loans approved and not closed, in this company. */
  OpenLoans: z.number().int(),
  /** What those loans still owe after the deputies that write them off. */
  OpenBalance: z.string(),
  /** Open loans past their due date (approval + the LoanOverdueDays parameter). */
  OverdueLoans: z.number().int(),
  /** The earliest due date of an open loan with a balance. */
  OldestDueDate: z.string().nullable(),
  Version: z.number().int(),
});
export type FreezeRow = z.infer<typeof FreezeRow>;

/** Freeze or thaw one person: the version the screen saw and a reason, which the history keeps. */
export const FreezeEmployeeBody = z.object({ EmployeeID: Id, Version, Reason: RequiredText(500) });
export type FreezeEmployeeBody = z.infer<typeof FreezeEmployeeBody>;
export const FreezeResult = z.object({
  EmployeeID: z.number().int(),
  Status: EmployeeStatusEnum,
  Version: z.number().int(),
});
export type FreezeResult = z.infer<typeof FreezeResult>;

/** The screen's freezes and thaws: of one person, or of the company, newest first. */
export const SearchFreezeHistoryBody = PageQuery.extend({
  EmployeeID: Id.optional(),
  Keyword: Text(100).optional(),
  DateFrom: OptionalDateOnly.optional(),
  DateTo: OptionalDateOnly.optional(),
});
export type SearchFreezeHistoryBody = z.infer<typeof SearchFreezeHistoryBody>;

export const FreezeHistoryRow = z.object({
  ID: z.number().int(),
  EmployeeID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  Kind: z.enum(FREEZE_KINDS),
  Action: z.enum(FREEZE_ACTIONS),
  FromStatus: z.string(),
  ToStatus: z.string(),
  Reason: z.string(),
  /** Who did it; null when the nightly job froze the person. */
  ActorName: z.string().nullable(),
  At: z.string(),
});
export type FreezeHistoryRow = z.infer<typeof FreezeHistoryRow>;

export const SearchFreezeLoanBody = z.object({ EmployeeID: Id });
export type SearchFreezeLoanBody = z.infer<typeof SearchFreezeLoanBody>;

export const FreezeLoanRow = z.object({
  LoanID: z.number().int(),
  DocNo: z.string(),
  Reason: z.string().nullable(),
  Status: z.string(),
  Total: Money,
  WrittenOff: Money,
  Balance: Money,
  ApprovedAt: z.string().nullable(),
  DueDate: z.string().nullable(),
  Overdue: z.boolean(),
});
export type FreezeLoanRow = z.infer<typeof FreezeLoanRow>;
export const FreezeLoanList = z.object({ Rows: z.array(FreezeLoanRow), Balance: Money });
export type FreezeLoanList = z.infer<typeof FreezeLoanList>;
