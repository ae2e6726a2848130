/**
 * fast-check generators of hostile requests for tests/fuzz-endpoints.test.ts: JSON bodies built
 * from an operation's own request schema (a plausible body, then fields dropped, retyped,
 * added, made huge or odd), text that is not JSON under a JSON content type, wrong content
 * types, bad query strings, garbage path ids and odd headers.
 */
import fc from 'fast-check';
import { requestJsonSchema } from '../../src/server/openapi/document';
import type { Operation } from './endpoints';
import { FRIDAY } from '../factories';
import { idForField, paramValue, type World } from './fuzz-world';
import {
  RAW_TOKENS,
  garbage,
  garbageIds,
  oddNumbers,
  oddQueryValues,
  oddStrings,
  type Json,
  type Schema,
} from './fuzz-values';

export { headerCase, type HeaderCase } from './fuzz-values';

/* ---------- bodies ---------- */

const STRING_BY_FIELD: Record<string, string> = {
  date: FRIDAY,
  start_time: '20:00',
  end_time: '23:00',
  open: '18:00',
  close: '02:00',
  email: 'fuzz@example.com',
  to: 'fuzz@example.com',
  password: 'NightOwl2026',
  comment: 'A fine night out, thank you all.',
  number: '4242 4242 4242 4242',
  cvc: '123',
  updated_at: '2030-06-03T16:00:00.000Z',
};

/** A plausible value for a JSON Schema: what a well-meaning client would send. */
function plausible(schema: Schema, field: string, w: World, o: Operation): Json {
  const id = idForField(w, o, field);
  if (id) return id;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return plausible(schema.anyOf[0], field, w, o);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries<Schema>(schema.properties ?? {}).map(([k, s]) => [k, plausible(s, k, w, o)]),
      );
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'string': {
      const s = STRING_BY_FIELD[field] ?? 'Fuzzed text';
      return s.padEnd(schema.minLength ?? 0, '.');
    }
    default:
      return 300;
  }
}

export const plausibleBody = (o: Operation, w: World): Record<string, Json> =>
  o.body ? (plausible(requestJsonSchema(o.body), '', w, o) as Record<string, Json>) : {};

/** Every path into an object (nested objects and arrays included, down to 6 levels). */
function pathsOf(v: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (v === null || typeof v !== 'object' || prefix.length >= 6) return [];
  const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
  return entries.flatMap(([k, x]) => [[...prefix, k], ...pathsOf(x, [...prefix, k])]);
}

type Mutation =
  | { kind: 'drop'; at: number }
  | { kind: 'set'; at: number; value: Json }
  | { kind: 'extra'; at: number; key: string; value: Json }
  | { kind: 'raw'; at: number; token: string }
  /** Keeps the leaf's type, makes its value hostile (so it passes type checks and reaches the rules). */
  | { kind: 'poison'; at: number; text: string; num: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: garbage }) },
  fc.record({
    kind: fc.constant('extra' as const),
    at: fc.nat(),
    key: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', 'role', 'is_active', ''),
      fc.string(),
    ),
    value: garbage,
  }),
  fc.record({ kind: fc.constant('raw' as const), at: fc.nat(), token: fc.constantFrom(...RAW_TOKENS) }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('poison' as const),
      at: fc.nat(),
      text: fc.constantFrom(...oddStrings),
      num: fc.constantFrom(...oddNumbers),
    }),
  },
);
/** Mostly one change, so the rest of the body is valid and the change reaches deeper checks. */
const mutations = fc.oneof(
  { weight: 3, arbitrary: mutation.map((m) => [m]) },
  { weight: 1, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) },
);

const RAW_MARK = '\u0001raw-token\u0001';

/** Applies mutations to a copy of `base` and writes it as JSON text. */
export function mutate(base: Record<string, Json>, mutations: Mutation[]): string {
  const body = structuredClone(base) as Json;
  const raws: string[] = [];
  for (const m of mutations) {
    const paths = pathsOf(body);
    const path = paths.length > 0 ? paths[m.at % paths.length]! : [];
    const parentPath = m.kind === 'extra' ? path.slice(0, -1) : path.slice(0, -1);
    let parent: any = body;
    for (const k of parentPath) parent = parent[k];
    const key = path.at(-1);
    if (m.kind === 'extra') {
      const target = parent !== null && typeof parent === 'object' && !Array.isArray(parent) ? parent : body;
      Object.defineProperty(target, m.key, {
        value: m.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else if (key === undefined) {
      continue;
    } else if (m.kind === 'drop') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (m.kind === 'set') {
      parent[key] = m.value;
    } else if (m.kind === 'poison') {
      const old = parent[key];
      parent[key] = typeof old === 'string' ? m.text : typeof old === 'number' ? m.num : m.text;
    } else {
      parent[key] = RAW_MARK;
      raws.push(m.token);
    }
  }
  let text = JSON.stringify(body);
  for (const token of raws) text = text.replace(JSON.stringify(RAW_MARK), token);
  return text;
}

export interface BodyCase {
  text?: string;
  contentType?: string;
}

const JSON_TYPE = 'application/json';
const contentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/xml',
  '',
);
const notJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '}',
    'null',
    '"text"',
    '123',
    'true',
    '{"a":1}{}',
    '\u0000',
    'not json',
    "{'a':1}",
    '{"a":1,}',
  ),
  fc.constantFrom('--fuzz\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--fuzz--', 'a=1&b=%zz'),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
);

/** A hostile body for an operation (whatever its method but GET). */
export function bodyCase(o: Operation, w: World): fc.Arbitrary<BodyCase> {
  const base = plausibleBody(o, w);
  const mutated = mutations.map((ms) => mutate(base, ms));
  return fc.oneof(
    { weight: 8, arbitrary: mutated.map((text) => ({ text, contentType: JSON_TYPE })) },
    { weight: 2, arbitrary: notJson.map((text) => ({ text, contentType: JSON_TYPE })) },
    { weight: 1, arbitrary: fc.record({ text: mutated, contentType: contentTypes }) },
    { weight: 1, arbitrary: fc.record({ text: notJson, contentType: contentTypes }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BodyCase>(
        {},
        { contentType: JSON_TYPE },
        { text: '', contentType: JSON_TYPE },
      ),
    },
  );
}

/* ---------- query strings ---------- */

/** Keys of the operation's query schema plus stray ones; values odd; some raw (bad %-escapes). */
export function queryCase(o: Operation): fc.Arbitrary<string> {
  const known = Object.keys((o.query ? requestJsonSchema(o.query).properties : undefined) ?? {});
  const key = fc.oneof(
    { weight: 4, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('q') },
    { weight: 1, arbitrary: fc.constantFrom('', '__proto__', 'constructor', 'limit[]', 'a[b]', 'x') },
  );
  const pair = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(key, oddQueryValues)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(key, fc.constantFrom('%', '%zz', '%E2%82', '%00', '+', '%2F..%2F', '%C0%AF'))
        .map(([k, v]) => `${k}=${v}`),
    },
    { weight: 1, arbitrary: key.map((k) => k) },
  );
  return fc.array(pair, { maxLength: 6 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

/* ---------- path parameters ---------- */

/** The operation's path with each :param the real value (mostly) or garbage. */
export function pathCase(o: Operation, w: World): fc.Arbitrary<string> {
  const params = [...o.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  if (params.length === 0) return fc.constant(o.path);
  const values = params.map((p) => {
    const real = paramValue(w, o.path, p);
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(real) },
      { weight: 1, arbitrary: fc.constant(real.toUpperCase()) },
      { weight: 2, arbitrary: garbageIds },
    );
  });
  return fc.tuple(...values).map((vs) => {
    let i = 0;
    return o.path.replace(/:([A-Za-z0-9_]+)/g, () => vs[i++]!);
  });
}
