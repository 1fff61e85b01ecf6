import { z } from 'zod';

/** Building blocks every domain's contracts share. Schemas others build on stay on one line (build/pureContracts). */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);
const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** A master-data code of any kind: letters, digits and - _ . only, unique per company. */
export const MasterCode = z.string().trim().min(1).max(40).regex(CODE_RE);
export const DeleteByIdsBody = z.object({ IDs: z.array(Id).min(1).max(500) });
export type DeleteByIdsBody = z.infer<typeof DeleteByIdsBody>;
/** The row version a caller saw; a state change or update with a stale one is refused with 409. */
export const Version = z.number().int().min(1).max(2_147_483_647);
