/** A message in a booking's conversation (docs/api.md "Messages"). */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXT, messageLength } from '../messages';
import { BODY, CONTROL_CHARS, missing } from './fields';

/**
 * The text of a message: trimmed, not blank, at most 2,000 characters (counted as PostgreSQL
 * counts them), no control characters other than tabs and line breaks.
 */
export const messageSchema = z.object(
  {
    body: z
      .string({ error: (iss) => (missing(iss.input) ? MESSAGE_TEXT.empty : MESSAGE_TEXT.notText) })
      .trim()
      .min(1, MESSAGE_TEXT.empty)
      .refine((v) => messageLength(v) <= MESSAGE_MAX_LENGTH, MESSAGE_TEXT.tooLong)
      .refine((v) => !CONTROL_CHARS.test(v), MESSAGE_TEXT.controlChars),
  },
  BODY,
);
export type MessageInput = z.output<typeof messageSchema>;
