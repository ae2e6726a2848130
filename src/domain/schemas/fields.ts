/**
 * The field builders every request schema is made of: each issue carries a specific, human
 * message naming the field. Unknown keys are stripped by the object schemas built from these.
 */
import { z } from 'zod';
import { isIsoDate } from '../calendar';
import { formatNumber } from '../numbers';
import { isWholeCents } from '../pricing';
import { isOnTimeGrid } from '../time';

export const MAX_PRICE = 1_000_000;
export const MAX_CAPACITY = 100_000;
export const BODY = { error: 'Invalid request body.' };

export const missing = (input: unknown) => input === undefined || input === null;

/** Control characters other than tab and line breaks never belong in what people type. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const noControlChars = (label: string) =>
  [(v: string) => !CONTROL_CHARS.test(v), `${label} contains characters that are not allowed.`] as const;

/** Line breaks of any kind: a one-line field (a name, an address) refuses them. */
export const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]/;
export const oneLine = (label: string) =>
  [(v: string) => !LINE_BREAKS.test(v), `${label} must be on one line.`] as const;

/** Trimmed, non-blank text on one line: names, addresses, numbers typed by people. */
export function requiredLine(label: string, max: number, requiredMessage = `${label} is required.`) {
  return requiredText(label, max, requiredMessage).refine(...oneLine(label));
}

/** Optional text on one line (see optionalText). */
export function optionalLine(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(...noControlChars(label))
    .refine(...oneLine(label))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
}

/** Trimmed, non-blank text (line breaks allowed: descriptions, notes, messages). */
export function requiredText(label: string, max: number, requiredMessage = `${label} is required.`) {
  return z
    .string({ error: (iss) => (missing(iss.input) ? requiredMessage : `${label} must be text.`) })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(...noControlChars(label));
}

/** Optional text: absent stays undefined, null or blank becomes null (clears the column). */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(...noControlChars(label))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
}

export function emailField(
  requiredMessage = 'Email is required.',
  invalidMessage = 'Please enter a valid email address.',
) {
  return z
    .string({ error: (iss) => (missing(iss.input) ? requiredMessage : invalidMessage) })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .max(254, invalidMessage)
    .pipe(z.email(invalidMessage));
}

export const PHONE_INVALID = 'Please enter a valid phone number.';
export const isPhone = (v: string) => /^\+?[\d\s().-]+$/.test(v) && /^(\D*\d){7,15}\D*$/.test(v);

export function phoneField(requiredMessage = 'Phone number is required.') {
  return requiredText('Phone number', 30, requiredMessage).refine(isPhone, PHONE_INVALID);
}

export const optionalPhone = z
  .string({ error: PHONE_INVALID })
  .trim()
  .nullish()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isPhone(v), PHONE_INVALID);

/** Decimal text from forms ('12', '99.50') becomes a number; '' becomes undefined (missing). */
export function textToNumber(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
}

/** A number, also accepted as decimal text. */
export function numeric<T extends z.ZodType>(label: string, build: (n: z.ZodNumber) => T) {
  const number = z.number({
    error: (iss) => (missing(iss.input) ? `${label} is required.` : `${label} must be a number.`),
  });
  return z.preprocess(textToNumber, build(number));
}

/** Dollars: not negative, at most two decimals. */
export function money(label: string) {
  return numeric(label, (n) =>
    n
      .min(0, `${label} cannot be negative.`)
      .max(MAX_PRICE, `${label} must be at most $${formatNumber(MAX_PRICE)}.`)
      .refine(isWholeCents, `${label} can have at most 2 decimal places.`),
  );
}

export const guestCount = numeric('Guest count', (n) =>
  n
    .int('Guest count must be a whole number.')
    .min(1, 'Guest count must be at least 1.')
    .max(MAX_CAPACITY, `Guest count must be at most ${MAX_CAPACITY}.`),
);

export function gridTime(label: string) {
  return z
    .string({ error: (iss) => (missing(iss.input) ? `${label} is required.` : `${label} must be text.`) })
    .min(1, `${label} is required.`)
    .refine(isOnTimeGrid, `${label} must be on the 15-minute grid (HH:MM).`);
}

export function isoDate(requiredMessage = 'Date is required.') {
  return z
    .string({ error: (iss) => (missing(iss.input) ? requiredMessage : 'Date must be text.') })
    .min(1, requiredMessage)
    .refine(isIsoDate, 'Please choose a valid date (yyyy-MM-dd).');
}

export function uuidField(requiredMessage: string, invalidMessage: string) {
  return z.uuid({ error: (iss) => (missing(iss.input) ? requiredMessage : invalidMessage) });
}

export const END_TIME_MESSAGE = 'End time must be different from start time.';

/** Adds the end ≠ start rule (checked only when both times are valid). */
export function endDiffersFromStart(
  value: { start_time?: unknown; end_time?: unknown },
  ctx: z.RefinementCtx,
) {
  const { start_time, end_time } = value;
  if (typeof start_time === 'string' && isOnTimeGrid(start_time) && start_time === end_time) {
    ctx.addIssue({ code: 'custom', path: ['end_time'], message: END_TIME_MESSAGE });
  }
}
