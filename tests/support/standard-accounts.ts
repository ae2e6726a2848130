/**
 * The five standard accounts of the API suite (guest, otherGuest, host, otherHost, admin), made
 * once per run through the real path — sign-up, the emailed confirmation link, sign-in — and
 * then copied into each test file's database by `createAccounts` (tests/factories.ts).
 *
 * Why: every test file has its own database, and signing five accounts up and in costs ten
 * scrypt hashes (~1 s of CPU) per file, the largest share of a file's setup (docs/performance.md,
 * "Suite speed"). The global setup records the rows that path wrote (users, credential accounts,
 * sessions, profiles, confirmations, queued emails — whatever they are, found by comparing every
 * table before and after) and the session cookies it was given. `replayStandardAccounts` inserts
 * those rows into a fresh clone, so each file still starts from its own copy and nothing is
 * shared between files; the cookies are valid there because the sessions are the same rows.
 *
 * The accounts tests (tests/accounts*.test.ts) sign up through the API themselves.
 * No vitest import here: the global setup (main process) runs this module too.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp, type App } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database, Db } from '../../src/server/db/client';
import { createLogger } from '../../src/server/logger';
import type { MailTransport, OutgoingMail } from '../../src/server/adapters/mail';
import { createContext } from '../../src/server/runtime';
import { enrolTwoFactor } from './two-factor';

export const PUBLIC_URL = 'http://localhost:3000';
export const ADMIN_EMAIL = 'admin@velvet.test';
export const STRONG_PASSWORD = 'NightOwl2026';

/** A mail transport that keeps what it sends, and can be told to fail. */
export class RecordingTransport implements MailTransport {
  readonly name = 'mailbox' as const;
  readonly sent: OutgoingMail[] = [];
  failWith: Error | null = null;
  async send(message: OutgoingMail) {
    if (this.failWith) throw this.failWith;
    this.sent.push(message);
  }
}

/** The configuration every test app runs with, plus a file's overrides. */
export function testConfig(dataDir: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL,
    ADMIN_EMAIL,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Suites create many accounts from one address; the rate-limit tests (tests/accounts-rate-limits.test.ts and others) turn the limits on.
    RATE_LIMITS: 'false',
    ...overrides,
  });
}

export type StandardRole = 'guest' | 'otherGuest' | 'host' | 'otherHost' | 'admin';

export interface StandardActor {
  email: string;
  cookie: string;
  profile: { id: string; role: string; email: string; full_name: string };
  /** The admin and the host have two-factor sign-in on (decision 76): their TOTP secret. */
  totpSecret?: string;
}

/** The roles whose standard account has two-factor sign-in on: the ones that move money. */
export const TWO_FACTOR_ROLES: readonly StandardRole[] = ['host', 'admin'];

/** The rows the real sign-up path wrote into one table, in an order foreign keys accept. */
interface TableRows {
  table: string;
  columns: string[];
  /** Identity columns: written as recorded, then their sequence moved past the largest value. */
  identities: string[];
  /** JSON array of the rows, as PostgreSQL's json_agg wrote them. */
  json: string;
}

export interface StandardAccounts {
  actors: Record<StandardRole, StandardActor>;
  tables: TableRows[];
  /** The settings the cookies and roles depend on: a file with other ones signs up for real. */
  made: { PUBLIC_URL: string; AUTH_SECRET: string; ADMIN_EMAIL: string };
}

/**
 * No address is part of another: the authorization matrix looks for each one in response text
 * (tests/support/authz-leaks.ts), so `guest.x@` inside `otherguest.x@` would read as a leak.
 */
const STANDARD: readonly {
  role: StandardRole;
  kind: 'user' | 'host' | 'admin';
  name: string;
  email: string;
}[] = [
  { role: 'guest', kind: 'user', name: 'Gina Guest', email: 'gina.guest@example.com' },
  { role: 'otherGuest', kind: 'user', name: 'Oscar Other', email: 'oscar.other@example.com' },
  { role: 'host', kind: 'host', name: 'Hana Host', email: 'hana.host@example.com' },
  { role: 'otherHost', kind: 'host', name: 'Hugo Otherhost', email: 'hugo.otherhost@example.com' },
  { role: 'admin', kind: 'admin', name: 'Ada Admin', email: ADMIN_EMAIL },
];

/** The sign-up body for a role, as tests/support/client.ts's signUpAndSignIn sends it. */
export function signUpBody(kind: 'user' | 'host' | 'admin', email: string, name: string) {
  return {
    email,
    password: STRONG_PASSWORD,
    full_name: name,
    role: kind === 'host' ? 'host' : 'user',
    ...(kind === 'host' ? { business_name: 'Night Co', phone: '+1 555 0100' } : {}),
  };
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

type Table = Omit<TableRows, 'json'>;

async function userTables(db: Db): Promise<Table[]> {
  const rows = await rowsOf<Table>(
    db,
    sql`select c.relname as "table",
          array_agg(a.attname::text order by a.attnum) as "columns",
          coalesce(array_agg(a.attname::text order by a.attnum) filter (where a.attidentity <> ''), '{}')
            as "identities"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = ''
        where c.relkind = 'r'
        group by c.relname
        order by c.relname`,
  );
  return rows;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rowsAsJson(db: Db, table: string): Promise<string[]> {
  const rows = await rowsOf<{ row: string }>(
    db,
    sql.raw(`select row_to_json(t)::text as "row" from ${quote(table)} t`),
  );
  return rows.map((r) => r.row);
}

/** Tables ordered so that each comes after the tables its foreign keys point to. */
async function foreignKeyOrder(db: Db, tables: string[]): Promise<string[]> {
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c where c.contype = 'f'`,
  );
  const unquote = (n: string) => n.replace(/^"|"$/g, '');
  const ordered: string[] = [];
  const visit = (t: string, seen: Set<string>) => {
    if (ordered.includes(t) || seen.has(t)) return;
    seen.add(t);
    for (const e of edges)
      if (unquote(e.child) === t && unquote(e.parent) !== t && tables.includes(unquote(e.parent)))
        visit(unquote(e.parent), seen);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

async function request(app: App, pathname: string, json: unknown, cookie?: string) {
  const res = await app.request(pathname, {
    method: 'POST',
    headers: { origin: PUBLIC_URL, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(json),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${pathname} answered ${res.status}: ${text}`);
  return { body: JSON.parse(text) as Record<string, any>, headers: res.headers };
}

/**
 * Signs the five standard accounts up, confirms and signs them in through the app on `database`
 * (a scratch copy of the migrated template), and records what that wrote. Runs once per run.
 */
export async function makeStandardAccounts(database: Database): Promise<StandardAccounts> {
  const config = testConfig(await mkdtemp(path.join(os.tmpdir(), 'velvet-accounts-')));
  const log = createLogger(config.LOG_LEVEL);
  const ctx = await createContext(config, database, log, { mail: new RecordingTransport() });
  const app = createApp(ctx);
  try {
    const tables = await userTables(ctx.db);
    const before = new Map<string, Set<string>>();
    for (const t of tables) before.set(t.table, new Set(await rowsAsJson(ctx.db, t.table)));

    const actors = {} as Record<StandardRole, StandardActor>;
    for (const { role, kind, name, email } of STANDARD) {
      await request(app, '/api/accounts/sign-up', signUpBody(kind, email, name));
      const [mail] = await rowsOf<{ text: string }>(
        ctx.db,
        sql`select text from email_outbox where "to" = ${email} and template = 'account_confirmation'
            order by created_at desc limit 1`,
      );
      const href = mail?.text.match(/https?:\/\/\S+confirm-email\S+/)?.[0];
      if (!href) throw new Error(`no confirmation link was queued for ${email}`);
      const link = new URL(href);
      await request(app, '/api/accounts/confirm', {
        token: link.searchParams.get('token'),
        email: link.searchParams.get('email'),
      });
      const signIn = await request(app, '/api/accounts/sign-in', {
        email,
        password: STRONG_PASSWORD,
        portal: kind === 'host' ? 'host' : 'user',
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      actors[role] = { email, cookie, profile: signIn.body.profile as StandardActor['profile'] };
    }
    // The accounts that move money have two-factor sign-in on, as the reveal of bank details
    // and a first additional charge require (decision 76). Their enrolment's audit entries are
    // left out: each file's audit trail starts empty, as before.
    for (const role of TWO_FACTOR_ROLES) {
      const post = async (p: string, json: unknown, cookie: string) => {
        const res = await app.request(p, {
          method: 'POST',
          headers: { origin: PUBLIC_URL, 'content-type': 'application/json', cookie },
          body: JSON.stringify(json),
        });
        return { status: res.status, body: (await res.json()) as unknown, headers: res.headers };
      };
      const enrolled = await enrolTwoFactor(post, actors[role].cookie, STRONG_PASSWORD);
      actors[role] = { ...actors[role], cookie: enrolled.cookie, totpSecret: enrolled.secret };
    }

    const written: TableRows[] = [];
    for (const t of tables) {
      const old = before.get(t.table)!;
      const now = await rowsAsJson(ctx.db, t.table);
      const kept = new Set(now);
      const gone = [...old].filter((r) => !kept.has(r));
      if (gone.length) {
        throw new Error(`signing the standard accounts up changed rows it did not make in ${t.table}`);
      }
      const added = now
        .filter((r) => !old.has(r))
        // The enrolments' audit entries are not copied (see above).
        .filter((r) => t.table !== 'audit_events' || !r.includes('"two_factor.enabled"'));
      if (added.length) written.push({ ...t, json: `[${added.join(',')}]` });
    }
    const order = await foreignKeyOrder(
      ctx.db,
      written.map((w) => w.table),
    );
    return {
      actors,
      tables: order.map((t) => written.find((w) => w.table === t)!),
      made: {
        PUBLIC_URL: config.PUBLIC_URL,
        AUTH_SECRET: config.AUTH_SECRET,
        ADMIN_EMAIL: config.ADMIN_EMAIL,
      },
    };
  } finally {
    await ctx.changes.stop();
  }
}

/** Whether the recorded accounts' cookies and roles hold under this configuration. */
export const replayable = (made: StandardAccounts['made'], config: Config) =>
  made.PUBLIC_URL === config.PUBLIC_URL &&
  made.AUTH_SECRET === config.AUTH_SECRET &&
  made.ADMIN_EMAIL === config.ADMIN_EMAIL;

/** Inserts the recorded rows into a fresh database, in one transaction. */
export async function replayStandardAccounts(db: Db, accounts: StandardAccounts) {
  await db.transaction(async (tx) => {
    for (const { table, columns, identities, json } of accounts.tables) {
      const t = sql.raw(quote(table));
      const cols = sql.raw(columns.map(quote).join(', '));
      await tx.execute(
        sql`insert into ${t} (${cols}) overriding system value
            select ${cols} from json_populate_recordset(null::${t}, ${json}::json)`,
      );
      for (const column of identities) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${quote(table)}, ${column}),
                (select max(${sql.raw(quote(column))}) from ${t}))`,
        );
      }
    }
  });
}
