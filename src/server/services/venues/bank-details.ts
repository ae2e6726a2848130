/**
 * Bank details at rest (decision 0059): the account and routing numbers and the tax id are
 * stored encrypted with the current key (db/field-cipher.ts), beside their last four digits for
 * display. Reads give the last four (`••••6789`); only the admin's audited reveal decrypts.
 */
import { and, eq, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { FieldCipher } from '../../db/field-cipher';
import { lastFour } from '../../db/field-cipher';
import { venues } from '../../db/schema';

type Sealed = 'bank_account_number' | 'bank_routing_number' | 'tax_id';
const SEALED = ['bank_account_number', 'bank_routing_number', 'tax_id'] as const;
const LAST4 = {
  bank_account_number: 'bank_account_last4',
  bank_routing_number: 'bank_routing_last4',
  tax_id: 'tax_id_last4',
} as const;

/** The columns to write for the bank fields given (absent ones stay as they are). */
export function sealBankDetails(
  cipher: FieldCipher,
  fields: Partial<Record<Sealed, string | null | undefined>>,
): Partial<typeof venues.$inferInsert> {
  const out: Partial<Record<string, string | null>> = {};
  for (const name of SEALED) {
    const value = fields[name];
    if (value === undefined) continue;
    out[name] = value === null ? null : cipher.encrypt(value);
    out[LAST4[name]] = lastFour(value);
  }
  return out as Partial<typeof venues.$inferInsert>;
}

const masked = (last4: AnyColumn): SQL<string | null> =>
  sql<string | null>`case when ${last4} is null then null else '••••' || ${last4} end`;

/** What venue reads return for the sealed fields: their last four digits, masked. */
export const maskedBankColumns = {
  bank_account_number: masked(venues.bank_account_last4),
  bank_routing_number: masked(venues.bank_routing_last4),
  tax_id: masked(venues.tax_id_last4),
};

/** The plain numbers of a venue (the reveal); undefined when there is no such venue. */
export async function openBankDetails(db: DbOrTx, cipher: FieldCipher, venueId: string) {
  const [row] = await db
    .select({
      bank_account_number: venues.bank_account_number,
      bank_routing_number: venues.bank_routing_number,
      tax_id: venues.tax_id,
    })
    .from(venues)
    .where(eq(venues.id, venueId));
  if (!row) return undefined;
  const open = (v: string | null) => (v === null ? null : cipher.decrypt(v));
  return {
    bank_account_number: open(row.bank_account_number),
    bank_routing_number: open(row.bank_routing_number),
    tax_id: open(row.tax_id),
  };
}

/**
 * Rewrites every sealed value that is not encrypted with the current key — plain text from
 * before encryption, or an old key's — and returns how many venues changed. Run at every start
 * (so a new key takes over by a restart with the old one in DATA_ENCRYPTION_OLD_KEYS) and by
 * `npm run rotate-key`. Each row is compare-and-swapped, so servers starting together never
 * undo each other's work.
 */
export async function resealBankDetails(db: Db, cipher: FieldCipher): Promise<number> {
  const prefix = `enc:v1:${cipher.currentKeyId}:%`;
  const stale = (col: (typeof venues)[Sealed]) => and(isNotNull(col), sql`${col} not like ${prefix}`);
  const rows = await db
    .select({
      id: venues.id,
      bank_account_number: venues.bank_account_number,
      bank_routing_number: venues.bank_routing_number,
      tax_id: venues.tax_id,
    })
    .from(venues)
    .where(or(...SEALED.map((name) => stale(venues[name]))));
  let changed = 0;
  for (const row of rows) {
    const plain = Object.fromEntries(
      SEALED.map((name) => [name, row[name] === null ? null : cipher.decrypt(row[name])]),
    ) as Record<Sealed, string | null>;
    const same = SEALED.map((name) =>
      row[name] === null ? sql`${venues[name]} is null` : eq(venues[name], row[name]),
    );
    const updated = await db
      .update(venues)
      .set(sealBankDetails(cipher, plain))
      .where(and(eq(venues.id, row.id), ...same))
      .returning({ id: venues.id });
    changed += updated.length;
  }
  return changed;
}
