/** Waitlist helpers for the API tests: join through the API, read the rows and the queued notices. */
import { asc, eq } from 'drizzle-orm';
import { emailOutbox, waitlistEntries } from '../../src/server/db/schema';
import { call, type Actor } from './client';
import type { TestEnv } from './env';

export interface WishFields {
  venue_id: string;
  date: string;
  start_time: string;
  end_time: string;
  [key: string]: unknown;
}

/** POST /api/waitlist as `actor` (null: signed out). */
export const joinWaitlist = (env: TestEnv, actor: Actor | null, body: Partial<WishFields>) =>
  call(env, 'POST', '/api/waitlist', { cookie: actor?.cookie, json: body });

/** The waitlist rows of a venue, in join order. */
export const entriesOf = (env: TestEnv, venueId: string) =>
  env.ctx.db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.venue_id, venueId))
    .orderBy(asc(waitlistEntries.seq));

/** The queued "your waited time is free" emails, in the order they were queued. */
export const slotFreeEmails = (env: TestEnv) =>
  env.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.template, 'waitlist_slot_free'))
    .orderBy(asc(emailOutbox.seq));
