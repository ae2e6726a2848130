/**
 * What must hold after the booking load, whatever happened during it (issue 15): read from the
 * database with SQL, and from the SMTP server's inbox. Each check has a name, a verdict and the
 * figures behind it; a failed check makes the bench exit non-zero.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import type { ReceivedMail } from '../../tests/support/smtp';
import type { LoadResult } from './booking-load';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function one(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(db, query);
  return Number(row?.n ?? 0);
}

/** The database's own consistency, and every 2xx answer of the load still in it. */
export async function checkData(db: Db, result: LoadResult): Promise<Check[]> {
  const checks: Check[] = [];
  const overlaps = await one(
    db,
    sql`select count(*)::int as n from bookings a join bookings b
          on a.venue_id = b.venue_id and a.id < b.id
         and a.status = 'confirmed' and b.status = 'confirmed'
         and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')`,
  );
  checks.push({ name: 'no overlapping confirmed bookings', ok: overlaps === 0, detail: `${overlaps} pairs` });

  const bookings = await rows<{ id: string; status: string; paid: boolean; text: string }>(
    db,
    sql`select id::text, status, paid_at is not null as paid, special_requests as text from bookings`,
  );
  const byId = new Map(bookings.map((b) => [b.id, b]));
  const created = result.requests.filter((r) => r.id);
  const lostCreated = created.filter((r) => !byId.has(r.id!)).length;
  checks.push({
    name: 'every 201 booking request is in the database',
    ok: lostCreated === 0,
    detail: `${created.length} answered 201, ${lostCreated} missing`,
  });
  const lostApproved = [...result.approved].filter((id) => byId.get(id)?.status !== 'confirmed').length;
  checks.push({
    name: 'every 200 approval is a confirmed booking',
    ok: lostApproved === 0,
    detail: `${result.approved.size} approved, ${lostApproved} not confirmed`,
  });
  const succeeded = await rows<{ booking: string; intent: string }>(
    db,
    sql`select booking_id::text as booking, provider_id as intent from payments
         where kind = 'payment' and status = 'succeeded'`,
  );
  const intents = new Set(succeeded.map((p) => `${p.booking} ${p.intent}`));
  const lostPaid = [...result.paid].filter(
    ([booking, intent]) => !byId.get(booking)?.paid || !intents.has(`${booking} ${intent}`),
  ).length;
  checks.push({
    name: 'every succeeded card answer is a paid booking with its payment',
    ok: lostPaid === 0,
    detail: `${result.paid.size} paid, ${lostPaid} missing`,
  });
  const perBooking = new Map<string, number>();
  for (const p of succeeded) perBooking.set(p.booking, (perBooking.get(p.booking) ?? 0) + 1);
  const paidBookings = bookings.filter((b) => b.paid);
  const notOne = paidBookings.filter((b) => perBooking.get(b.id) !== 1).length;
  const orphan = [...perBooking.keys()].filter((id) => !byId.get(id)?.paid).length;
  checks.push({
    name: 'each paid booking has exactly one succeeded payment, and no other booking has one',
    ok: notOne === 0 && orphan === 0,
    detail: `${paidBookings.length} paid bookings, ${notOne} without exactly one, ${orphan} payments of unpaid bookings`,
  });
  const sent = new Map<string, number>();
  for (const b of bookings) sent.set(b.text, (sent.get(b.text) ?? 0) + 1);
  const twice = [...sent.values()].filter((n) => n > 1).length;
  checks.push({
    name: 'no request made two bookings (Idempotency-Key on retries)',
    ok: twice === 0,
    detail: `${bookings.length} bookings from ${result.requests.length} requests sent, ${twice} duplicated`,
  });
  // Half-written changes: each booking's emails were queued in its own transaction.
  const mails = new Map(
    (
      await rows<{ template: string; n: number }>(
        db,
        sql`select template, count(*)::int as n from email_outbox group by template`,
      )
    ).map((r) => [r.template, Number(r.n)]),
  );
  const confirmed = bookings.filter((b) => b.status === 'confirmed').length;
  const expect = {
    booking_submitted: bookings.length,
    customer_booking_confirmation: bookings.length,
    booking_accepted: confirmed,
    payment_receipt: paidBookings.length,
  };
  const wrong = Object.entries(expect).filter(([t, n]) => (mails.get(t) ?? 0) !== n);
  checks.push({
    name: 'no half-written change: emails queued = bookings, confirmations, payments',
    ok: wrong.length === 0,
    detail: Object.entries(expect)
      .map(([t, n]) => `${t} ${mails.get(t) ?? 0}/${n}`)
      .join(', '),
  });
  return checks;
}

/** Outbox rows by status. */
export async function outboxStatus(db: Db): Promise<Record<string, number>> {
  const list = await rows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from email_outbox group by status`,
  );
  return Object.fromEntries(list.map((r) => [r.status, Number(r.n)]));
}

/** Waits until no outbox row is pending (or the deadline passes); returns how long it took. */
export async function drainOutbox(db: Db, deadlineMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const s = await outboxStatus(db);
    if (!s.pending) return performance.now() - started;
    if (performance.now() - started > deadlineMs) return Infinity;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Every message the outbox marked sent arrived exactly once, nothing arrived twice, and the
 * messages pending when the server died (`pendingAtKill`) were all sent after the restart.
 */
export async function checkMail(
  db: Db,
  inbox: ReceivedMail[],
  pendingAtKill: string[] = [],
): Promise<Check[]> {
  const received = new Map<string, number>();
  for (const m of inbox) received.set(m.messageId, (received.get(m.messageId) ?? 0) + 1);
  const outbox = await rows<{ id: string; status: string; message_id: string | null }>(
    db,
    sql`select id::text, status, message_id from email_outbox`,
  );
  const sent = outbox.filter((r) => r.status === 'sent');
  const missing = sent.filter((r) => received.get(r.message_id ?? '') !== 1).length;
  const twice = [...received.values()].filter((n) => n > 1).length;
  const known = new Set(outbox.map((r) => r.message_id));
  const unknown = [...received.keys()].filter((id) => !known.has(id)).length;
  const checks: Check[] = [
    {
      name: 'every sent email arrived exactly once; none twice',
      ok: missing === 0 && twice === 0 && unknown === 0,
      detail: `${sent.length} sent, ${inbox.length} received (${received.size} Message-IDs), ${missing} sent but not received once, ${twice} received twice, ${unknown} unknown`,
    },
  ];
  const left = outbox.filter((r) => r.status === 'pending' || r.status === 'failed').length;
  checks.push({ name: 'no email left pending or failed', ok: left === 0, detail: `${left} left` });
  if (pendingAtKill.length) {
    const status = new Map(outbox.map((r) => [r.id, r.status]));
    const notSent = pendingAtKill.filter((id) => status.get(id) !== 'sent').length;
    checks.push({
      name: 'every email queued when the server died was sent after the restart',
      ok: notSent === 0,
      detail: `${pendingAtKill.length} pending at the kill, ${notSent} not sent`,
    });
  }
  return checks;
}

export function printChecks(checks: Check[]): boolean {
  for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  return checks.every((c) => c.ok);
}
