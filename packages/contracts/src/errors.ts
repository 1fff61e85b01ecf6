import { z } from 'zod';

/** application/problem+json body of every error response. `code` is stable and doubles as the language key `error.<code>`. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  errors: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })).optional(),
  requestId: z.string(),
});
export type Problem = z.infer<typeof Problem>;
