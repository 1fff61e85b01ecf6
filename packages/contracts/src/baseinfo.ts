import { z } from 'zod';
import { Id, MasterCode, Name, Version } from './common';
import { PageQuery } from './paging';

/** Lookup lists (base info): a type (chargeback reasons, S.T. reasons, payment methods …) and its items. */

export const SearchBaseInfoTypeBody = PageQuery.extend({ Keyword: z.string().trim().max(100).optional() });
export type SearchBaseInfoTypeBody = z.infer<typeof SearchBaseInfoTypeBody>;

export const BaseInfoTypeRow = z.object({
  TypeID: Id,
  TypeCode: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  IsSystem: z.boolean(),
  Sort: z.number().int(),
  ItemCount: z.number().int(),
  Version: Version,
});
export type BaseInfoTypeRow = z.infer<typeof BaseInfoTypeRow>;

export const SaveBaseInfoTypeBody = z.object({
  TypeID: Id.optional(),
  Version: Version.optional(),
  TypeCode: MasterCode,
  NameZH: Name,
  NameEN: Name,
  Sort: z.coerce.number().int().min(0).max(9999).optional(),
});
export type SaveBaseInfoTypeBody = z.infer<typeof SaveBaseInfoTypeBody>;

export const SearchBaseInfoListBody = PageQuery.extend({
  TypeID: Id.optional(),
  TypeCode: z.string().trim().max(40).optional(),
  Keyword: z.string().trim().max(100).optional(),
  ActiveOnly: z.boolean().optional(),
});
export type SearchBaseInfoListBody = z.infer<typeof SearchBaseInfoListBody>;

export const BaseInfoRow = z.object({
  BaseInfoID: Id,
  TypeID: Id,
  TypeCode: z.string(),
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  Value: z.string().nullable(),
  Active: z.boolean(),
  Sort: z.number().int(),
  Version: Version,
});
export type BaseInfoRow = z.infer<typeof BaseInfoRow>;

export const SaveBaseInfoBody = z.object({
  BaseInfoID: Id.optional(),
  Version: Version.optional(),
  TypeID: Id,
  Code: MasterCode,
  NameZH: Name,
  NameEN: Name,
  Value: z.preprocess(
    (v) => (v === '' ? null : typeof v === 'number' ? String(v) : v),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,12}(\.\d{1,6})?$/)
      .nullish(),
  ),
  Active: z.boolean().optional(),
  Sort: z.coerce.number().int().min(0).max(9999).optional(),
});
export type SaveBaseInfoBody = z.infer<typeof SaveBaseInfoBody>;
