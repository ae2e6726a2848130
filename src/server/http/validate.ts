import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, invalid, notFound } from '@/domain/errors';
import { UUID_PATTERN } from '@/domain/ids';

const humanize = (field: string) => {
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The first problem of a zod error, phrased for a person and naming the field. */
export function describeZodError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return invalid('The request is not valid.');
  const field = issue.path.map(String).join('.');
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  const message = missing
    ? `${humanize(String(issue.path.at(-1) ?? 'value'))} is required.`
    : issue.message.startsWith('Invalid input') && field
      ? `${humanize(field)}: ${issue.message}`
      : issue.message;
  return invalid(message, field || undefined, 'VALIDATION');
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw describeZodError(result.error);
  return result.data;
}

/** Reads a JSON body (400 when malformed, 415 when not JSON) and validates it. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new AppError(
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch (err) {
    if ((err as { status?: number }).status === 413) throw err;
    throw invalid('Malformed JSON body.', undefined, 'INVALID_JSON');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid('The request body must be a JSON object.', undefined, 'INVALID_JSON');
  }
  return parseWith(schema, raw);
}

/**
 * A JSON body that may be left out entirely: no body or an empty one is validated as {} (so a
 * required field is reported by name rather than as a missing body).
 */
export async function readOptionalJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = c.req.raw.body ? await c.req.text() : '';
  if (text.trim() === '') return parseWith(schema, {});
  // Hono keeps the text, so readJson parses the same body (and checks its content type).
  return readJson(c, schema);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

/** A path id that is not a UUID cannot name anything: 404 rather than a database error. */
export function uuidParam(c: Context, name: string, what = 'Not found.'): string {
  const v = c.req.param(name) ?? '';
  if (!UUID_PATTERN.test(v)) throw notFound(what);
  return v.toLowerCase();
}
