import { z } from 'zod';
import { PageQuery } from './paging';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ProxyKind = z.enum(['fill_in', 'approve']);
export type ProxyKind = z.infer<typeof ProxyKind>;

export const ProxyGrant = z.object({
  ID: z.number().int(),
  PrincipalID: z.number().int(),
  PrincipalCode: z.string(),
  PrincipalName: z.string(),
  ProxyUserID: z.number().int(),
  ProxyUserCode: z.string(),
  ProxyUserName: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  /** active (today within the dates), future, lapsed (past the end) or freed (ended early). */
  Status: z.enum(['active', 'future', 'lapsed', 'freed']),
  Remark: z.string().nullable(),
  Version: z.number().int(),
});
export type ProxyGrant = z.infer<typeof ProxyGrant>;

export const SearchProxyBody = PageQuery.extend({
  /** granted: grants I gave; received: grants given to me. */
  Direction: z.enum(['granted', 'received']).default('granted'),
  Status: z.enum(['active', 'future', 'lapsed', 'freed']).optional(),
  Keyword: z.string().trim().max(100).optional(),
});
export type SearchProxyBody = z.infer<typeof SearchProxyBody>;

export const SaveProxyBody = z
  .object({
    ID: z.number().int().positive().optional(),
    /** Administrators may grant for someone else; everyone else grants for themselves. */
    PrincipalID: z.number().int().positive().optional(),
    ProxyUserID: z.number().int().positive(),
    StartDate: day,
    EndDate: day,
    Remark: z.string().trim().max(500).nullish(),
    Version: z.number().int().optional(),
  })
  .refine((v) => v.StartDate <= v.EndDate, { path: ['EndDate'], message: 'proxy.end_before_start' });
export type SaveProxyBody = z.infer<typeof SaveProxyBody>;

export const ProxyIdBody = z.object({ ID: z.number().int().positive() });

/** Someone the signed-in user may act for today. */
export const Principal = z.object({
  ProxyId: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  Kinds: z.array(ProxyKind),
  EndDate: z.string(),
});
export const MyProxies = z.object({ Rows: z.array(Principal) });
export const IsProxyResult = z.object({ IsProxy: z.boolean(), Count: z.number().int() });
