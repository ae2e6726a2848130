/**
 * The admin's Transaction Management: every payment, card setup, additional charge and refund
 * in one list (filtered, counted and paged by the server, newest first, keyset cursor), and the
 * venues' bank details masked to the last 4 digits unless the admin reveals one (each reveal is
 * logged). Bank details reach no one else through these endpoints (routes require the admin).
 */
import type { PaymentProviderName, Transaction } from '@/domain/contract/payments';
import { asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { invalid, notFound } from '@/domain/errors';
import type { TransactionsQuery } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { profiles, venues } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { openBankDetails } from '../venues/bank-details';
import { recordAudit } from '../audit/record';
import { requireTwoFactor } from '../account/require-two-factor';
import { TWO_FACTOR_MESSAGES } from '@/domain/two-factor';
import { UUID_PATTERN } from '@/domain/ids';

export type TransactionItem = Transaction;

const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
function decode<T>(cursor: string, check: (v: unknown) => v is T): T {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (check(v)) return v;
  } catch {
    /* fall through */
  }
  throw invalid('Invalid cursor.', 'cursor');
}
const isKey = (v: unknown): v is [string, string] =>
  Array.isArray(v) &&
  v.length === 2 &&
  typeof v[0] === 'string' &&
  !Number.isNaN(Date.parse(v[0])) &&
  typeof v[1] === 'string' &&
  UUID_PATTERN.test(v[1]);

const ALL = sql`
  select p.id, p.kind, p.booking_id, p.amount_cents, p.status, p.provider, p.provider_id, p.failure_code,
         p.reason, p.created_at, b.venue_id, v.name as venue_name, g.id as guest_id, g.full_name as guest_name,
         g.email as guest_email
  from payments p
  join bookings b on b.id = p.booking_id
  join venues v on v.id = b.venue_id
  join profiles g on g.id = b.user_id
  union all
  select r.id, 'refund', r.booking_id, r.amount_cents, r.status, p.provider, r.provider_refund_id, null,
         r.reason, r.created_at, b.venue_id, v.name, g.id, g.full_name, g.email
  from refunds r
  join payments p on p.id = r.payment_id
  join bookings b on b.id = r.booking_id
  join venues v on v.id = b.venue_id
  join profiles g on g.id = b.user_id`;

interface Row {
  id: string;
  kind: TransactionItem['kind'];
  booking_id: string;
  amount_cents: number;
  status: string;
  provider: PaymentProviderName;
  provider_id: string | null;
  failure_code: string | null;
  reason: string | null;
  cursor_at: string;
  venue_id: string;
  venue_name: string;
  guest_id: string;
  guest_name: string | null;
  guest_email: string;
}

export async function listTransactions(ctx: AppContext, query: TransactionsQuery) {
  const conds: SQL[] = [];
  if (query.kind) conds.push(sql`t.kind = ${query.kind}`);
  if (query.status) conds.push(sql`t.status = ${query.status}`);
  if (query.from) conds.push(sql`t.created_at >= ${query.from}::date::timestamptz`);
  if (query.to) conds.push(sql`t.created_at < (${query.to}::date + 1)::timestamptz`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conds.push(
      sql`(t.venue_name ilike ${like} or t.guest_name ilike ${like} or t.guest_email ilike ${like} or t.provider_id ilike ${like} or t.booking_id::text ilike ${like})`,
    );
  }
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const pageConds = [...conds];
  if (query.cursor) {
    const [at, id] = decode(query.cursor, isKey);
    pageConds.push(sql`(t.created_at, t.id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const pageWhere = pageConds.length ? sql`where ${sql.join(pageConds, sql` and `)}` : sql``;
  const page = await ctx.db.execute(sql`
    select t.*, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
    from (${ALL}) t ${pageWhere}
    order by t.created_at desc, t.id desc
    limit ${query.limit + 1}`);
  const totalRes = await ctx.db.execute(sql`select count(*)::int as n from (${ALL}) t ${where}`);
  const rows = (page as unknown as { rows: Row[] }).rows;
  const total = Number((totalRes as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  const items: TransactionItem[] = rows.slice(0, query.limit).map((r) => ({
    id: r.id,
    kind: r.kind,
    booking_id: r.booking_id,
    venue: { id: r.venue_id, name: r.venue_name },
    guest: { id: r.guest_id, full_name: r.guest_name, email: r.guest_email },
    amount_cents: Number(r.amount_cents),
    status: r.status,
    provider: r.provider,
    provider_id: r.provider_id,
    failure_code: r.failure_code,
    reason: r.reason,
    created_at: r.cursor_at,
  }));
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > query.limit && last ? encode([last.created_at, last.id]) : null,
    total,
  };
}

/* ---------- bank details ---------- */

const BANK_PAGE = 25;
const isOffset = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export async function listBankDetails(ctx: AppContext, query: { q?: string; cursor?: string }) {
  const offset = query.cursor ? decode(query.cursor, isOffset) : 0;
  const filter = query.q
    ? or(ilike(venues.name, `%${query.q}%`), ilike(profiles.full_name, `%${query.q}%`))
    : undefined;
  const rows = await ctx.db
    .select({
      venue_id: venues.id,
      venue_name: venues.name,
      host_name: profiles.full_name,
      host_business_name: profiles.business_name,
      bank_account_holder_name: venues.bank_account_holder_name,
      bank_account_last4: venues.bank_account_last4,
      bank_routing_last4: venues.bank_routing_last4,
      tax_id_last4: venues.tax_id_last4,
    })
    .from(venues)
    .innerJoin(profiles, eq(profiles.id, venues.host_id))
    .where(filter)
    .orderBy(asc(venues.name), asc(venues.id))
    .limit(BANK_PAGE + 1)
    .offset(offset);
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(venues)
    .innerJoin(profiles, eq(profiles.id, venues.host_id))
    .where(filter);
  return {
    items: rows.slice(0, BANK_PAGE).map((r) => ({
      venue_id: r.venue_id,
      venue_name: r.venue_name,
      host_name: r.host_name ?? r.host_business_name,
      bank_account_holder_name: r.bank_account_holder_name,
      bank_account_last4: r.bank_account_last4,
      bank_routing_last4: r.bank_routing_last4,
      tax_id_last4: r.tax_id_last4,
    })),
    next_cursor: rows.length > BANK_PAGE ? encode(offset + BANK_PAGE) : null,
    total: n,
  };
}

/** The admin reads a venue's bank details whole: decrypted, and written to the audit trail. */
export async function revealBankDetails(ctx: AppContext, viewer: Viewer, venueId: string) {
  return inTransaction(ctx.db, async (tx) => {
    // Decision 76: a reveal needs the admin's second factor.
    await requireTwoFactor(tx, viewer, TWO_FACTOR_MESSAGES.revealBankDetails);
    const [row] = await tx
      .select({
        venue_id: venues.id,
        venue_name: venues.name,
        host_id: venues.host_id,
        bank_account_holder_name: venues.bank_account_holder_name,
      })
      .from(venues)
      .where(eq(venues.id, venueId));
    if (!row) throw notFound('Venue not found');
    const numbers = await openBankDetails(tx, ctx.cipher, venueId);
    await recordAudit(tx, viewer, {
      action: 'bank_details.revealed',
      subject: { type: 'venue', id: venueId },
      venue: { id: venueId, host_id: row.host_id },
      summary: `Revealed the bank details of “${row.venue_name}”`,
    });
    const { host_id: _host, ...shown } = row;
    return { ...shown, ...numbers! };
  });
}
