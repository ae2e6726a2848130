/**
 * fast-check generators of hostile requests for tests/fuzz-endpoints.test.ts: JSON bodies built
 * from an operation's own request schema (a plausible body, then fields dropped, retyped,
 * added, made huge or odd), text that is not JSON under a JSON content type, wrong content
 * types, bad query strings, garbage path ids and odd headers.
 */
import fc from 'fast-check';
import { requestJsonSchema } from '../../src/server/openapi/document';
import type { Operation } from '../../src/server/openapi/operations';
import { FRIDAY } from '../factories';
import { idForField, paramValue, type World } from './fuzz-world';

type Schema = Record<string, any>;
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/* ---------- values ---------- */

const DEEP = 100_000;
/** Raw JSON tokens that JSON.stringify cannot produce: numbers out of range, invalid numbers, deep nesting. */
export const RAW_TOKENS = [
  '1e309',
  '-1e309',
  '-0',
  '1e-400',
  '123456789012345678901234567890',
  'NaN',
  'Infinity',
  '0x10',
  '.5',
  '01',
  '"\\ud800"',
  '"\\u0000"',
  '"a\\u0000b"',
  `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
];

const oddStrings: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b\u007f',
  '\r\n\t',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u200b\ufeff',
  '💃🏽'.repeat(50),
  'x'.repeat(5_000),
  'x'.repeat(300_000),
  '2027-13-45',
  '2030-02-30',
  '0000-00-00',
  '9999-12-31',
  '+275760-09-13',
  '24:00',
  '23:61',
  '-01:00',
  '20:07',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'America/New_Yorkk',
];

const oddNumbers = [
  1e308,
  -1e308,
  -0,
  0,
  -1,
  1.5,
  0.001,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MIN_VALUE,
];

const deep = (n: number): Json => {
  let v: Json = 1;
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** A value of any JSON type, biased toward the ones validators trip on. */
export const garbage: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...oddStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...oddNumbers) },
  { weight: 1, arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [null], [[]], { '': '' }) },
  { weight: 1, arbitrary: fc.constant(deep(2_000)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

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

const oddQueryValues = fc.oneof(
  fc.constantFrom(
    '2027-13-45',
    '2030-02-30',
    '9999-12-31',
    '0000-01-01',
    '-1',
    '0',
    '1.5',
    '1e309',
    '1e3',
    '99999999999999999999',
    '-0',
    'NaN',
    '',
    ' ',
    'null',
    '[]',
    'ä',
    '💃',
    '\u0000',
    '\u202e',
    'x'.repeat(5_000),
    "' or 1=1--",
    'a,b',
    'pending',
    'all',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
);

/** Keys of the operation's query (schema or hand-read) plus stray ones; values odd; some raw (bad %-escapes). */
export function queryCase(o: Operation): fc.Arbitrary<string> {
  const known = [
    ...Object.keys((o.query ? requestJsonSchema(o.query).properties : undefined) ?? {}),
    ...Object.keys(o.queryParams ?? {}),
  ];
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

const garbageIds = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    'x',
    '0',
    '-1',
    '1e309',
    'null',
    'undefined',
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    '%00',
    '%zz',
    '%',
    '%2F',
    '..',
    '%2E%2E',
    'a'.repeat(2_000),
    encodeURIComponent('💃'),
    encodeURIComponent("' or 1=1--"),
    'x.ics',
    '.ics',
    `${'A'.repeat(43)}.ics`,
  ),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);

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

/* ---------- headers ---------- */

export interface HeaderCase {
  cookie: 'real' | 'none' | string;
  extra: Record<string, string>;
}

export const headerCase: fc.Arbitrary<HeaderCase> = fc.record({
  cookie: fc.oneof(
    { weight: 7, arbitrary: fc.constant('real') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'none',
        'velvet.session_token=garbage',
        `velvet.session_token=${'A'.repeat(4_000)}`,
        'velvet.session_token=%zz',
        '===;;; ;',
        'velvet.session_token=a.b.c; velvet.session_token=d',
        'velvet.session_token=\u00ff\u00fe',
        '__Host-velvet.session_token=x',
      ),
    },
  ),
  extra: fc.record(
    {
      'idempotency-key': fc.oneof(
        fc.uuid(),
        fc.constantFrom(
          '',
          ' ',
          'a'.repeat(256),
          'a'.repeat(255),
          'with space',
          '\u00ff\u00fe',
          'k',
          '"quoted"',
        ),
      ),
      accept: fc.constantFrom('*/*', 'text/html', 'application/xml', 'text/event-stream', '\u00ff'),
      'accept-encoding': fc.constantFrom('gzip', 'br, zstd', 'identity;q=0', '*;q=0', 'x'),
      'x-forwarded-for': fc.constantFrom('garbage', '::1', '1.2.3.4, 5.6.7.8', '999.1.1.1'),
      'if-none-match': fc.constantFrom('*', '"x"', 'W/"0"'),
    },
    { requiredKeys: [] },
  ),
});
