import { z } from 'zod';
import { DateOnly, Id, Version } from './common';
import { Month, Year } from './fin-common';
import { PageQuery } from './paging';

/* ---------- Monthly FX rates into CNY (FCSetting) ---------- */

/** Currencies offered for rates; CNY is the base and has none. */
export const FX_CURRENCIES = ['USD', 'EUR', 'HKD', 'JPY', 'GBP', 'AUD', 'CAD', 'CHF', 'SGD', 'KRW'] as const;

export const SearchFCSettingBody = PageQuery.extend({
  Currency: z.string().trim().toUpperCase().length(3).optional(),
  Year: Year.optional(),
  Month: Month.optional(),
});
export type SearchFCSettingBody = z.infer<typeof SearchFCSettingBody>;

export const FCSettingRow = z.object({
  FCSettingID: Id,
  Currency: z.string(),
  Year: z.number().int(),
  Month: z.number().int(),
  /** `yyyy-MM` */
  Period: z.string(),
  /** CNY for one unit of the currency, six decimals. */
  Rate: z.string(),
  Version: Version,
  UpdatedAt: z.string(),
});
export type FCSettingRow = z.infer<typeof FCSettingRow>;

export const RateString = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,12}(\.\d{1,6})?$/.test(v) && /[1-9]/.test(v), { message: 'not a rate' });

export const SaveFCSettingBody = z.object({
  FCSettingID: Id.optional(),
  Version: Version.optional(),
  Currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .refine((c) => c !== 'CNY', { message: 'CNY is the base currency' }),
  Year: Year,
  Month: Month,
  Rate: RateString,
});
export type SaveFCSettingBody = z.infer<typeof SaveFCSettingBody>;

/* ---------- Cut-off days: general (postings) and order (ride-hailing orders) ---------- */

export const CUT_OFF_KINDS = ['general', 'order'] as const;
export type CutOffKind = (typeof CUT_OFF_KINDS)[number];

export const GetCutOffDayBody = PageQuery.extend({ Year: Year.optional(), Month: Month.optional() });
export type GetCutOffDayBody = z.infer<typeof GetCutOffDayBody>;

export const CutOffDayRow = z.object({
  CutOffDayID: Id,
  Kind: z.enum(CUT_OFF_KINDS),
  Year: z.number().int(),
  Month: z.number().int(),
  Day: z.string(),
  /** The day is over: the period is closed and the row can no longer change. */
  Passed: z.boolean(),
  Version: Version,
  UpdatedAt: z.string(),
});
export type CutOffDayRow = z.infer<typeof CutOffDayRow>;

export const SetCutOffDayBody = z.object({
  CutOffDayID: Id.optional(),
  Version: Version.optional(),
  Year: Year,
  Month: Month,
  /** Within the month or in the first 15 days of the next. */
  Day: DateOnly,
});
export type SetCutOffDayBody = z.infer<typeof SetCutOffDayBody>;
