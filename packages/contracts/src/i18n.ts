import { z } from 'zod';
import { Id } from './common';
import { PageQuery } from './paging';

export const CULTURES = ['zh-CN', 'en-GB'] as const;
export const Culture = z.enum(CULTURES);
export type Culture = z.infer<typeof Culture>;
export const DEFAULT_CULTURE: Culture = 'zh-CN';

/** A dotted key `a.b.c` is stored as PageID `a`, ItemID `b.c`. */
export function splitKey(key: string): { PageID: string; ItemID: string } {
  const dot = key.indexOf('.');
  if (dot <= 0) return { PageID: key, ItemID: '' };
  return { PageID: key.slice(0, dot), ItemID: key.slice(dot + 1) };
}
export function joinKey(pageId: string, itemId: string): string {
  return itemId ? `${pageId}.${itemId}` : pageId;
}

export const LanguageResource = z.object({
  ID: Id,
  PageID: z.string(),
  ItemID: z.string(),
  CultureCode: Culture,
  ItemContent: z.string(),
  Type: z.string(),
  Page: z.string(),
  UpdatedAt: z.string(),
});
export type LanguageResource = z.infer<typeof LanguageResource>;

export const SearchLanguageBody = PageQuery.extend({
  PageID: z.string().max(100).optional(),
  ItemID: z.string().max(200).optional(),
  CultureCode: Culture.optional(),
  ItemContent: z.string().max(500).optional(),
  Type: z.string().max(20).optional(),
});
export type SearchLanguageBody = z.infer<typeof SearchLanguageBody>;

/** Create (no ID) or update (ID) one resource. */
export const UpdateLanguageBody = z.object({
  ID: Id.optional(),
  PageID: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
  ItemID: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/),
  CultureCode: Culture,
  ItemContent: z.string().min(1).max(4000),
  Type: z.string().max(20).optional(),
  Page: z.string().max(100).optional(),
});
export type UpdateLanguageBody = z.infer<typeof UpdateLanguageBody>;

export const DeleteLanguageBody = z.object({ IDs: z.array(Id).min(1).max(500) });
export const LanguageVersionResult = z.object({ LanguageVersion: z.string() });
