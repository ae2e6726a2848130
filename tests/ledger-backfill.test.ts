/**
 * Migration 27 writes the ledger of the money that moved before it (decision 83): a database
 * migrated to 26 gets payments, additional charges, refunds (one settled after a payout, one
 * still pending, one failed charge) and payouts for two hosts at four rates; migrated on to 27,
 * every succeeded money row has its posting — the same entries the domain's functions make in
 * the same order — every posting sums to zero, and each booking's payable is its earning's due.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningOf, platformFeeCents } from '../src/domain/earnings';
import {
  additionalChargeCaptured,
  booksAfter,
  paymentCaptured,
  payoutRecorded,
  refundSucceeded,
  type BookingBooks,
  type Posting,
} from '../src/domain/ledger';
import { pgliteExtensions } from '../src/server/db/client';
import { withDatabase } from './global-setup';

const DRIZZLE = path.resolve(import.meta.dirname, '..', 'drizzle');

/** A copy of drizzle/ with the migrations up to `last` only. */
async function migrationsUpTo(dir: string, last: number): Promise<string> {
  const out = path.join(dir, `upto-${last}`);
  await cp(DRIZZLE, out, { recursive: true });
  const journalFile = path.join(out, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(journalFile, JSON.stringify(journal));
  for (const f of await readdir(out))
    if (/^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) > last) await rm(path.join(out, f));
  return out;
}

interface Engine {
  name: string;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function pgliteEngine(): Promise<Engine> {
  const client = new PGlite({ extensions: pgliteExtensions });
  await client.waitReady;
  return {
    name: 'pglite',
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function postgresEngine(url: string): Promise<Engine> {
  const name = `velvet_bf_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const client = new pg.Client({ connectionString: withDatabase(url, name) });
  await client.connect();
  return {
    name: 'postgres',
    query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const at = (day: number) => new Date(Date.UTC(2030, 4, day, 12)).toISOString();

interface Money {
  id: string;
  booking: string;
  kind: 'payment' | 'additional_charge' | 'refund';
  amount: number;
  at: string;
}

/** The money of the scenario (succeeded only: what the ledger posts), and the payouts. */
const H1 = randomUUID();
const H2 = randomUUID();
const bookingsOf = {
  b1: { id: randomUUID(), host: H1, bps: 1000, day: 1 },
  b2: { id: randomUUID(), host: H1, bps: 1550, day: 2 },
  b3: { id: randomUUID(), host: H2, bps: 0, day: 3 },
  b4: { id: randomUUID(), host: H2, bps: 750, day: 4 },
};

async function seedBeforeTheLedger(db: Engine) {
  const guest = randomUUID();
  for (const [id, who] of [
    [H1, 'host1'],
    [H2, 'host2'],
    [guest, 'guest'],
  ] as const) {
    await db.query(`insert into auth_users (id, name, email) values ($1, $2, $3)`, [
      `u-${who}`,
      who,
      `${who}@backfill.test`,
    ]);
    await db.query(`insert into profiles (id, user_id, email, role) values ($1, $2, $3, $4)`, [
      id,
      `u-${who}`,
      `${who}@backfill.test`,
      who === 'guest' ? 'user' : 'host',
    ]);
  }
  const venueOf = new Map<string, string>();
  for (const host of [H1, H2]) {
    const [v] = await db.query<{ id: string }>(
      `insert into venues (host_id, name, address, city, capacity, base_price, pricing_type, hours, time_zone)
       values ($1, 'Backfill Hall', '1 Main St', 'New York', 50, 100, 'hourly_rate', '{}'::jsonb, 'America/New_York')
       returning id`,
      [host],
    );
    venueOf.set(host, v!.id);
  }
  for (const b of Object.values(bookingsOf)) {
    await db.query(
      `insert into bookings (id, venue_id, user_id, date, start_time, end_time, starts_at, ends_at, guest_count,
         total_price, contact_email, platform_fee_bps, status, approval_status)
       values ($1, $2, $3, $4, '20:00', '23:00', $5, $6, 10, 300, 'guest@backfill.test', $7, 'confirmed', 'approved')`,
      [
        b.id,
        venueOf.get(b.host),
        guest,
        at(b.day).slice(0, 10),
        new Date(Date.UTC(2030, 4, b.day, 20)).toISOString(),
        new Date(Date.UTC(2030, 4, b.day, 23)).toISOString(),
        b.bps,
      ],
    );
  }
  const money: Money[] = [];
  const payment = async (
    booking: string,
    kind: 'payment' | 'additional_charge' | 'setup',
    amount: number,
    status: string,
    when: string,
  ) => {
    const [p] = await db.query<{ id: string }>(
      `insert into payments (booking_id, kind, provider, amount_cents, status, idempotency_key, created_at)
       values ($1, $2, 'local', $3, $4, $5, $6) returning id`,
      [booking, kind, amount, status, randomUUID(), when],
    );
    if (status === 'succeeded' && kind !== 'setup')
      money.push({ id: p!.id, booking, kind, amount, at: when });
    return p!.id;
  };
  const refund = async (paymentId: string, booking: string, amount: number, status: string, when: string) => {
    const [r] = await db.query<{ id: string }>(
      `insert into refunds (payment_id, booking_id, amount_cents, status, idempotency_key, created_at)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [paymentId, booking, amount, status, randomUUID(), when],
    );
    if (status === 'succeeded') money.push({ id: r!.id, booking, kind: 'refund', amount, at: when });
  };
  const { b1, b2, b3, b4 } = bookingsOf;
  const p1 = await payment(b1.id, 'payment', 30_000, 'succeeded', at(1));
  await payment(b2.id, 'setup', 0, 'succeeded', at(2));
  await payment(b2.id, 'additional_charge', 4550, 'succeeded', at(3));
  const c2 = await payment(b2.id, 'additional_charge', 1005, 'succeeded', at(4));
  await payment(b2.id, 'additional_charge', 700, 'failed', at(5));
  await refund(c2, b2.id, 1005, 'succeeded', at(6));
  await payment(b3.id, 'payment', 12_345, 'succeeded', at(3));
  await payment(b4.id, 'payment', 999, 'succeeded', at(4));

  // Payouts of what was due then: B1's 27 000 (before its refund), B3 and B4 whole.
  const payouts = [
    { id: randomUUID(), host_id: H1, items: [{ booking_id: b1.id, amount_cents: 27_000 }] },
    {
      id: randomUUID(),
      host_id: H2,
      items: [
        { booking_id: b3.id, amount_cents: 12_345 },
        { booking_id: b4.id, amount_cents: 999 - platformFeeCents(999, 750) },
      ],
    },
  ];
  for (const p of payouts) {
    const total = p.items.reduce((s, i) => s + i.amount_cents, 0);
    await db.query(
      `insert into payouts (id, host_id, amount_cents, bank_reference, created_at) values ($1, $2, $3, 'BF', $4)`,
      [p.id, p.host_id, total, at(7)],
    );
    for (const i of p.items)
      await db.query(`insert into payout_items (payout_id, booking_id, amount_cents) values ($1, $2, $3)`, [
        p.id,
        i.booking_id,
        i.amount_cents,
      ]);
  }
  // Settled after the payout: B1 gives back 100.05, and 10.00 is still pending.
  await refund(p1, b1.id, 10_005, 'succeeded', at(8));
  await refund(p1, b1.id, 1000, 'pending', at(9));
  return { money, payouts };
}

/** The postings the domain makes of the same money, booking by booking in time order. */
function expectedPostings(money: Money[], payouts: Array<Parameters<typeof payoutRecorded>[0]>): Posting[] {
  const out: Posting[] = [];
  for (const b of Object.values(bookingsOf)) {
    let books: BookingBooks = {
      booking_id: b.id,
      host_id: b.host,
      fee_bps: b.bps,
      kept_cents: 0,
      fee_cents: 0,
    };
    const events = money.filter((m) => m.booking === b.id).sort((x, y) => x.at.localeCompare(y.at));
    for (const m of events) {
      const p =
        m.kind === 'refund'
          ? refundSucceeded(books, { id: m.id, amount_cents: m.amount })
          : (m.kind === 'payment' ? paymentCaptured : additionalChargeCaptured)(books, {
              id: m.id,
              amount_cents: m.amount,
            });
      books = booksAfter(books, p);
      out.push(p);
    }
  }
  return [...out, ...payouts.map(payoutRecorded)];
}

interface Entry {
  posting_id: string;
  kind: string;
  account: string;
  host_id: string | null;
  booking_id: string | null;
  payment_id: string | null;
  refund_id: string | null;
  payout_id: string | null;
  amount_cents: number;
}

const engines: Array<() => Promise<Engine>> = [pgliteEngine];
if (process.env.TEST_DATABASE_URL) engines.push(() => postgresEngine(process.env.TEST_DATABASE_URL!));

describe.each(engines.map((open) => [open.name === 'pgliteEngine' ? 'PGlite' : 'PostgreSQL', open] as const))(
  'migration 27 on %s',
  (_name, open) => {
    let db: Engine;
    let dir: string;
    let scenario: Awaited<ReturnType<typeof seedBeforeTheLedger>>;
    let entries: Entry[];

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-backfill-'));
      db = await open();
      await db.migrate(await migrationsUpTo(dir, 26));
      scenario = await seedBeforeTheLedger(db);
      await db.migrate(DRIZZLE);
      entries = (await db.query<Entry>(`select * from ledger_entries`)).map((e) => ({
        ...e,
        amount_cents: Number(e.amount_cents),
      }));
    }, 120_000);
    afterAll(async () => {
      await db?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('posts every succeeded payment, charge, refund and payout as the domain would, and nothing else', () => {
      const byCause = (p: {
        payment_id: string | null;
        refund_id: string | null;
        payout_id: string | null;
      }) => p.payment_id ?? p.refund_id ?? p.payout_id!;
      const expected = expectedPostings(scenario.money, scenario.payouts);
      const postings = new Map<string, Entry[]>();
      for (const e of entries) postings.set(e.posting_id, [...(postings.get(e.posting_id) ?? []), e]);
      expect(postings.size).toBe(expected.length);
      const norm = (
        list: Array<{
          account: string;
          amount_cents: number;
          host_id: string | null;
          booking_id: string | null;
        }>,
      ) =>
        list.map((e) => `${e.account}:${e.host_id ?? '-'}:${e.booking_id ?? '-'}:${e.amount_cents}`).sort();
      const actual = new Map([...postings.values()].map((list) => [byCause(list[0]!), list]));
      for (const p of expected) {
        const got = actual.get(byCause(p));
        expect(got, `${p.kind} ${byCause(p)}`).toBeDefined();
        expect(got!.every((e) => e.kind === p.kind)).toBe(true);
        expect(norm(got!)).toEqual(norm(p.entries));
      }
    });

    it('every posting sums to zero, and each booking’s payable is its earning’s due', async () => {
      const sums = await db.query<{ n: string }>(
        `select sum(amount_cents) as n from ledger_entries group by posting_id having sum(amount_cents) <> 0`,
      );
      expect(sums).toEqual([]);
      for (const b of Object.values(bookingsOf)) {
        const mine = scenario.money.filter((m) => m.booking === b.id);
        const sum = (kind: Money['kind']) =>
          mine.filter((m) => m.kind === kind).reduce((s, m) => s + m.amount, 0);
        const paid = scenario.payouts
          .flatMap((p) => p.items)
          .filter((i) => i.booking_id === b.id)
          .reduce((s, i) => s + i.amount_cents, 0);
        const earning = earningOf(
          {
            booking_id: b.id,
            venue_name: 'Backfill Hall',
            date: '2030-05-01',
            ends_at: new Date('2030-05-01T23:00:00Z'),
            payment_cents: sum('payment'),
            charges_cents: sum('additional_charge'),
            refunds_cents: sum('refund'),
            fee_bps: b.bps,
            paid_out_cents: paid,
          },
          new Date('2030-06-01T00:00:00Z'),
          2,
        );
        const of = (account: string) =>
          entries
            .filter((e) => e.booking_id === b.id && e.account === account)
            .reduce((s, e) => s + e.amount_cents, 0);
        expect(of('host_payable'), b.id).toBe(earning.due_cents);
        expect(of('platform_fees'), b.id).toBe(earning.fee_cents);
      }
      // B1's refund came after its payout: the host owes it back.
      const b1 = entries.filter((e) => e.booking_id === bookingsOf.b1.id && e.account === 'host_payable');
      expect(b1.reduce((s, e) => s + e.amount_cents, 0)).toBe(17_995 - 27_000);
    });

    it('from then on, a succeeded refund without its posting cannot commit', async () => {
      const [p] = await db.query<{ id: string }>(
        `select id from payments where booking_id = $1 and kind = 'payment'`,
        [bookingsOf.b3.id],
      );
      await expect(
        db.query(
          `insert into refunds (payment_id, booking_id, amount_cents, status, idempotency_key)
           values ($1, $2, 100, 'succeeded', 'bf-late')`,
          [p!.id, bookingsOf.b3.id],
        ),
      ).rejects.toThrow(/has no ledger posting/);
    });
  },
);
