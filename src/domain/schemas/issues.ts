/** Reading a zod error the way forms show it. */
import type { z } from 'zod';

/** The first issue as { field: 'hours.monday.open', message }; field '' for the body itself. */
export function firstIssueMessage(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: '', message: 'Invalid request.' };
  return { field: issue.path.map(String).join('.'), message: issue.message };
}

/** The first issue of `input` against `schema` as the API would answer it, or null when it is accepted. */
export function firstIssueOf(schema: z.ZodType, input: unknown): { field: string; message: string } | null {
  const result = schema.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}
