import { z } from 'zod';
import { Id, MasterCode, Version } from './common';

export { Id, MasterCode, Version };

import { isMoney } from './money';

/** Building blocks of the organisation contracts (teams, people, roles). */
/** An id that may come from a URL filter as text. */
export const IdFilter = z.coerce.number().int().positive();
/** A yes/no filter: a boolean, or 'true'/'false' from a URL filter. */
export const BoolFilter = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
export const IdList = z.array(Id).min(1).max(500);

export const NameText = z.string().trim().min(1).max(200);

/** A non-negative amount of money as a decimal string with at most two places. */
export const MoneyAmount = z
  .string()
  .trim()
  .refine((v) => isMoney(v) && !v.startsWith('-'), { message: 'money' });

export const EMPLOYEE_STATUS = ['active', 'overdue_frozen', 'resignation_frozen', 'left'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUS)[number];
export const EmployeeStatusEnum = z.enum(EMPLOYEE_STATUS);

export const IdsBody = z.object({ IDs: IdList });
export type IdsBody = z.infer<typeof IdsBody>;
