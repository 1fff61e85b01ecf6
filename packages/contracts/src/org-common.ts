import { z } from 'zod';
import { IdList, Version } from './common';

export { Version };

/** Building blocks of the organisation contracts (teams, people, roles). */
/** A yes/no filter: a boolean, or 'true'/'false' from a URL filter. */
export const BoolFilter = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const EMPLOYEE_STATUS = ['active', 'overdue_frozen', 'resignation_frozen', 'left'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUS)[number];
export const EmployeeStatusEnum = z.enum(EMPLOYEE_STATUS);

export const IdsBody = z.object({ IDs: IdList });
export type IdsBody = z.infer<typeof IdsBody>;
