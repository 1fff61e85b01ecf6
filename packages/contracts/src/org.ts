import { z } from 'zod';
import { Id } from './common';
import { PageQuery } from './paging';

/** Body of ChooseEmployee: people of the signed-in company, by code or name. */
export const ChooseEmployeeBody = PageQuery.extend({
  Keyword: z.string().trim().max(100).optional(),
  TeamID: Id.optional(),
  /** One person by id (a picker showing the current value). */
  EmployeeID: Id.optional(),
  /** Left and resignation-frozen people are hidden unless asked for. */
  IncludeInactive: z.boolean().optional(),
});
export type ChooseEmployeeBody = z.infer<typeof ChooseEmployeeBody>;

export const EmployeeOption = z.object({
  EmployeeID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  TeamID: Id.nullable(),
  TeamName: z.string().nullable(),
  Status: z.string(),
});
export type EmployeeOption = z.infer<typeof EmployeeOption>;

export interface TeamNode {
  TeamID: number;
  Code: string;
  Name: string;
  ParentID: number | null;
  IsEVM: boolean;
  Active: boolean;
  Children: TeamNode[];
}
export const TeamNode: z.ZodType<TeamNode> = z.lazy(() =>
  z.object({
    TeamID: Id,
    Code: z.string(),
    Name: z.string(),
    ParentID: Id.nullable(),
    IsEVM: z.boolean(),
    Active: z.boolean(),
    Children: z.array(TeamNode),
  }),
);
export const TeamTree = z.object({ Rows: z.array(TeamNode) });
export const TeamTreeBody = z.object({ IncludeInactive: z.boolean().optional() });
