/** Reading a zod error the way forms show it. */
import type { z } from 'zod';

/** The first issue as { field: 'hours.monday.open', message }; field '' for the body itself. */
export function firstIssueMessage(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: '', message: 'Invalid request.' };
  return { field: issue.path.map(String).join('.'), message: issue.message };
}
