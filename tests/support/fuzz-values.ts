/**
 * The hostile values the endpoint fuzzer draws from (tests/support/fuzz-arbitraries.ts builds
 * requests with them): odd strings and numbers, raw JSON tokens, any-type garbage, odd query
 * values, garbage path ids, and odd headers.
 */
import fc from 'fast-check';

export type Schema = Record<string, any>;
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/* ---------- values ---------- */

export const DEEP = 100_000;
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

export const oddStrings: string[] = [
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

export const oddNumbers = [
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

export const deep = (n: number): Json => {
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

export const oddQueryValues = fc.oneof(
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

/* ---------- path parameters ---------- */

export const garbageIds = fc.oneof(
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
