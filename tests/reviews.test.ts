/**
 * Reviews (issue 10): who may review which booking (every role), the SPEC's messages, one review
 * per booking even under concurrency, the venue page's list and summary, the venue list's
 * ratings and order, the host's answer, the admin's moderation and the morning-after email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { addDaysToDate } from '../src/domain/calendar';
import { REVIEW_MESSAGES } from '../src/domain/reviews';
import { COMMENT_TOO_SHORT, RATING_REQUIRED } from '../src/domain/schemas';
import { bookings, emailOutbox, venueReviews, type Venue } from '../src/server/db/schema';
import { REVIEW_TEMPLATES } from '../src/server/mail/review-emails';
import { ReviewReminderWorker } from '../src/server/services/reviews';
import { createTestEnv, PUBLIC_URL, type TestEnv } from './support/env';
import { call, type Actor } from './support/client';
import {
  TODAY,
  bookingRow,
  createAccounts as createActors,
  emailsOf,
  freezeClock,
  insertBooking,
  insertVenue as createVenue,
  type Accounts as Actors,
} from './factories';
import { insertPaidNight, postReview, recomputedSummary, storedSummary } from './support/reviews-fixtures';

let env: TestEnv;
let a: Actors;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createActors(env);
  venue = await createVenue(env, a.host);
});
afterAll(async () => {
  await env.close();
});

type Who = 'signedOut' | 'guest' | 'otherGuest' | 'host' | 'otherHost' | 'admin';
const WHO: Who[] = ['signedOut', 'guest', 'otherGuest', 'host', 'otherHost', 'admin'];
const actor = (who: Who): Actor | null => (who === 'signedOut' ? null : a[who]);

const reviewsOf = async (bookingId: string) =>
  env.ctx.db.select().from(venueReviews).where(eq(venueReviews.booking_id, bookingId));

describe('who may review a booking', () => {
  it('GET /api/bookings/:id/review answers each role', async () => {
    const night = await insertPaidNight(env, venue, a.guest);
    const expected: Record<Who, [number, string | null]> = {
      signedOut: [401, null],
      guest: [200, null],
      otherGuest: [404, REVIEW_MESSAGES.notFound],
      host: [403, REVIEW_MESSAGES.notOwner],
      otherHost: [404, REVIEW_MESSAGES.notFound],
      admin: [403, REVIEW_MESSAGES.notOwner],
    };
    for (const who of WHO) {
      const res = await call(env, 'GET', `/api/bookings/${night.id}/review`, { cookie: actor(who)?.cookie });
      expect(res.status, who).toBe(expected[who][0]);
      if (expected[who][1]) expect(res.body.error.message, who).toBe(expected[who][1]);
    }
    const res = await call(env, 'GET', `/api/bookings/${night.id}/review`, { cookie: a.guest.cookie });
    expect(res.body).toMatchObject({
      can_review: true,
      blocker: null,
      booking: { id: night.id, date: night.date, venue: { id: venue.id, name: venue.name } },
    });
  });

  it('only the guest can review: signed out, another guest, the host, another host and the admin are refused and nothing is stored', async () => {
    const night = await insertPaidNight(env, venue, a.guest);
    const refused: Array<[Who, number, string | null]> = [
      ['signedOut', 401, null],
      ['otherGuest', 404, REVIEW_MESSAGES.notFound],
      ['host', 403, REVIEW_MESSAGES.notOwner],
      ['otherHost', 404, REVIEW_MESSAGES.notFound],
      ['admin', 403, REVIEW_MESSAGES.notOwner],
    ];
    const before = await storedSummary(env, venue.id);
    for (const [who, status, message] of refused) {
      const res = await postReview(env, actor(who), night.id);
      expect(res.status, who).toBe(status);
      if (message) expect(res.body.error.message, who).toBe(message);
    }
    expect(await reviewsOf(night.id)).toHaveLength(0);
    expect((await bookingRow(env, night.id))!.review_id).toBeNull();
    expect(await storedSummary(env, venue.id)).toEqual(before);

    const ok = await postReview(env, a.guest, night.id, {
      rating: 4,
      comment: '   Lovely evening, thank you!   ',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({
      rating: 4,
      comment: 'Lovely evening, thank you!',
      author_name: 'Gina G.',
    });
    const [stored] = await reviewsOf(night.id);
    expect(stored).toMatchObject({ is_published: true, user_id: a.guest.profile.id, venue_id: venue.id });
    expect((await bookingRow(env, night.id))!.review_id).toBe(stored!.id);
    expect(await storedSummary(env, venue.id)).toEqual(await recomputedSummary(env, venue.id));
  });

  it('a second review of the same booking is 409 with the SPEC message', async () => {
    const night = await insertPaidNight(env, venue, a.guest);
    expect((await postReview(env, a.guest, night.id)).status).toBe(201);
    const again = await postReview(env, a.guest, night.id, {
      rating: 1,
      comment: 'Changed my mind entirely.',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'ALREADY_REVIEWED',
      message: REVIEW_MESSAGES.alreadyReviewed,
    });
    expect(await reviewsOf(night.id)).toHaveLength(1);
    const target = await call(env, 'GET', `/api/bookings/${night.id}/review`, { cookie: a.guest.cookie });
    expect(target.body).toMatchObject({ can_review: false, blocker: REVIEW_MESSAGES.alreadyReviewed });
  });

  it('20 concurrent reviews of one booking store exactly one', async () => {
    const night = await insertPaidNight(env, venue, a.guest);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postReview(env, a.guest, night.id, { rating: 1 + (i % 5), comment: `Concurrent review number ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.error.message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    }
    const stored = await reviewsOf(night.id);
    expect(stored).toHaveLength(1);
    expect((await bookingRow(env, night.id))!.review_id).toBe(stored[0]!.id);
    expect(await storedSummary(env, venue.id)).toEqual(await recomputedSummary(env, venue.id));
  });

  it('the unique constraint answers 409 with the SPEC message when the check is bypassed', async () => {
    const night = await insertPaidNight(env, venue, a.guest);
    expect((await postReview(env, a.guest, night.id)).status).toBe(201);
    // The booking forgets its review (as if written by an old client); the constraint still holds.
    await env.ctx.db.update(bookings).set({ review_id: null }).where(eq(bookings.id, night.id));
    const again = await postReview(env, a.guest, night.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect(await reviewsOf(night.id)).toHaveLength(1);
  });

  it.each<[string, () => Promise<{ id: string }>, string, string]>([
    [
      'a future booking',
      () => insertPaidNight(env, venue, a.guest, { daysAgo: -3 }),
      REVIEW_MESSAGES.notHappened,
      'REVIEW_TOO_EARLY',
    ],
    [
      'a booking tonight (the date has not passed yet)',
      () => insertPaidNight(env, venue, a.guest, { daysAgo: 0 }),
      REVIEW_MESSAGES.notHappened,
      'REVIEW_TOO_EARLY',
    ],
    [
      'an unpaid confirmed booking',
      () => insertPaidNight(env, venue, a.guest, { payment_intent_id: null }),
      REVIEW_MESSAGES.notPaid,
      'REVIEW_NOT_PAID',
    ],
    [
      'a cancelled booking',
      () =>
        insertBooking(env, venue, a.guest, {
          date: addDaysToDate(TODAY, -4),
          status: 'cancelled',
          payment_intent_id: 'pi_x',
        }),
      REVIEW_MESSAGES.notPaid,
      'REVIEW_NOT_PAID',
    ],
    [
      'a pending booking',
      () => insertBooking(env, venue, a.guest, { date: addDaysToDate(TODAY, -4) }),
      REVIEW_MESSAGES.notPaid,
      'REVIEW_NOT_PAID',
    ],
    [
      'a booking 31 days ago (the window has closed)',
      () => insertPaidNight(env, venue, a.guest, { daysAgo: 31 }),
      REVIEW_MESSAGES.windowClosed,
      'REVIEW_WINDOW_CLOSED',
    ],
  ])('refuses %s with its message', async (_name, make, message, code) => {
    const booking = await make();
    const res = await postReview(env, a.guest, booking.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code, message });
    expect(await reviewsOf(booking.id)).toHaveLength(0);
    const target = await call(env, 'GET', `/api/bookings/${booking.id}/review`, { cookie: a.guest.cookie });
    expect(target.body).toMatchObject({ can_review: false, blocker: message });
  });

  it('accepts a booking 30 days ago, the last day of the window', async () => {
    const night = await insertPaidNight(env, venue, a.guest, { daysAgo: 30 });
    expect((await postReview(env, a.guest, night.id)).status).toBe(201);
  });

  it("judges 'the date has passed' in the venue's time zone", async () => {
    // 12:00 in New York on TODAY is already the next morning in Kiritimati (UTC+14).
    const farEast = await createVenue(env, a.host, { time_zone: 'Pacific/Kiritimati' });
    const there = await insertPaidNight(env, farEast, a.guest, { daysAgo: 0 });
    const here = await insertPaidNight(env, venue, a.guest, { daysAgo: 0 });
    expect((await postReview(env, a.guest, there.id)).status).toBe(201);
    expect((await postReview(env, a.guest, here.id)).body.error.message).toBe(REVIEW_MESSAGES.notHappened);
  });

  it('validates rating and comment on the server (trimmed, 10..500 characters)', async () => {
    const night = await insertPaidNight(env, venue, a.guest);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ rating: 0 }, 'rating', RATING_REQUIRED],
      [{ rating: undefined }, 'rating', RATING_REQUIRED],
      [{ rating: 6 }, 'rating', 'Rating must be between 1 and 5.'],
      [{ rating: 4.5 }, 'rating', RATING_REQUIRED],
      [{ comment: 'Too short' }, 'comment', COMMENT_TOO_SHORT],
      [{ comment: `   short     ` }, 'comment', COMMENT_TOO_SHORT],
      [{ comment: 'x'.repeat(501) }, 'comment', 'Reviews can be at most 500 characters.'],
      [{ comment: 42 }, 'comment', COMMENT_TOO_SHORT],
    ];
    for (const [patch, field, message] of cases) {
      const res = await postReview(env, a.guest, night.id, patch);
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error, JSON.stringify(patch)).toMatchObject({ field, message });
    }
    const bad = await call(env, 'POST', '/api/reviews', {
      cookie: a.guest.cookie,
      json: { booking_id: 'nope', rating: 5, comment: 'A good long comment.' },
    });
    expect(bad.status).toBe(400);
    expect(await reviewsOf(night.id)).toHaveLength(0);
    const exact = await postReview(env, a.guest, night.id, { comment: ` ${'y'.repeat(500)} ` });
    expect(exact.status).toBe(201);
    expect(exact.body.comment).toHaveLength(500);
  });

  it('an unknown booking is 404 with the SPEC message', async () => {
    const res = await postReview(env, a.guest, '00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(REVIEW_MESSAGES.notFound);
    const get = await call(env, 'GET', '/api/bookings/not-a-uuid/review', { cookie: a.guest.cookie });
    expect(get.status).toBe(404);
    expect(get.body.error.message).toBe(REVIEW_MESSAGES.notFound);
  });
});

describe('reviews on the venue page and in the venue list', () => {
  let shown: Venue;
  beforeAll(async () => {
    shown = await createVenue(env, a.host, { name: 'Review Row' });
  });

  it('lists published reviews newest first, paged, with the summary and the author as first name and initial', async () => {
    const ratings = [5, 4, 4, 2, 5, 3];
    for (const [i, rating] of ratings.entries()) {
      const night = await insertPaidNight(env, shown, i % 2 ? a.otherGuest : a.guest, { daysAgo: 2 + i });
      // Each review a minute after the previous one.
      env.clock.now = new Date(Date.parse('2030-06-03T16:00:00Z') + i * 60_000);
      const res = await postReview(env, i % 2 ? a.otherGuest : a.guest, night.id, {
        rating,
        comment: `Review number ${i} here.`,
      });
      expect(res.status).toBe(201);
      // Newest first needs distinct created_at values: they come from the database clock.
      await new Promise((r) => setTimeout(r, 5));
    }
    freezeClock(env);
    const first = await call(env, 'GET', `/api/venues/${shown.id}/reviews?limit=4`);
    expect(first.status).toBe(200);
    expect(first.body.summary).toEqual({
      average: 3.8,
      count: 6,
      distribution: { 1: 0, 2: 1, 3: 1, 4: 2, 5: 2 },
    });
    expect(first.body.reviews.map((r: { comment: string }) => r.comment)).toEqual([
      'Review number 5 here.',
      'Review number 4 here.',
      'Review number 3 here.',
      'Review number 2 here.',
    ]);
    expect(first.body.reviews[0].author_name).toBe('Oscar O.');
    expect(first.body.reviews[1].author_name).toBe('Gina G.');
    expect(first.body.reviews[0]).not.toHaveProperty('user_id');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await call(
      env,
      'GET',
      `/api/venues/${shown.id}/reviews?limit=4&cursor=${first.body.next_cursor}`,
    );
    expect(second.body.reviews.map((r: { comment: string }) => r.comment)).toEqual([
      'Review number 1 here.',
      'Review number 0 here.',
    ]);
    expect(second.body.next_cursor).toBeNull();
    expect((await call(env, 'GET', `/api/venues/${shown.id}/reviews?cursor=zzz`)).status).toBe(400);
    expect((await call(env, 'GET', `/api/venues/${shown.id}/reviews?limit=0`)).status).toBe(400);
  });

  it('shows the average and count on the venue card, and sorts the list by rating', async () => {
    const empty = await createVenue(env, a.otherHost);
    const list = await call(env, 'GET', '/api/venues?limit=48');
    const card = list.body.venues.find((v: { id: string }) => v.id === shown.id);
    expect(card.rating).toEqual({ average: 3.8, count: 6 });
    const plain = list.body.venues.find((v: { id: string }) => v.id === empty.id);
    expect(plain.rating).toEqual({ average: null, count: 0 });

    const byRating = await call(env, 'GET', '/api/venues?sort=rating&limit=2');
    const all: Array<{ id: string; rating: { average: number | null; count: number } }> = [
      ...byRating.body.venues,
    ];
    let cursor = byRating.body.next_cursor;
    while (cursor) {
      const next = await call(env, 'GET', `/api/venues?sort=rating&limit=2&cursor=${cursor}`);
      expect(next.status).toBe(200);
      all.push(...next.body.venues);
      cursor = next.body.next_cursor;
    }
    expect(all).toHaveLength(list.body.venues.length);
    const key = (v: (typeof all)[number]) => [v.rating.average ?? 0, v.rating.count];
    for (let i = 1; i < all.length; i++) {
      const [pa, pc] = key(all[i - 1]!);
      const [ca, cc] = key(all[i]!);
      expect(pa! > ca! || (pa === ca && pc! >= cc!), `${i}`).toBe(true);
    }
    expect((await call(env, 'GET', '/api/venues?sort=rating&cursor=abc')).status).toBe(400);
  });

  it('a new review changes the cached venue list at once (the venue change notification)', async () => {
    const before = await call(env, 'GET', '/api/venues?limit=48');
    const count0 = before.body.venues.find((v: { id: string }) => v.id === shown.id).rating.count;
    const night = await insertPaidNight(env, shown, a.guest, { daysAgo: 9 });
    expect((await postReview(env, a.guest, night.id, { rating: 1 })).status).toBe(201);
    await expect
      .poll(async () => {
        const after = await call(env, 'GET', '/api/venues?limit=48');
        return after.body.venues.find((v: { id: string }) => v.id === shown.id).rating.count;
      })
      .toBe(count0 + 1);
  });

  it('reviews of an inactive venue are only for its host and the admin', async () => {
    const hidden = await createVenue(env, a.host, { is_active: false });
    const path = `/api/venues/${hidden.id}/reviews`;
    expect((await call(env, 'GET', path)).status).toBe(404);
    expect((await call(env, 'GET', path, { cookie: a.guest.cookie })).status).toBe(404);
    expect((await call(env, 'GET', path, { cookie: a.otherHost.cookie })).status).toBe(404);
    expect((await call(env, 'GET', path, { cookie: a.host.cookie })).status).toBe(200);
    expect((await call(env, 'GET', path, { cookie: a.admin.cookie })).status).toBe(200);
  });

  it('shows a comment with markup as text: stored and sent as it was typed, escaped in emails', async () => {
    const xss = '<img src=x onerror=alert(1)> what a night';
    const night = await insertPaidNight(env, shown, a.guest, { daysAgo: 11 });
    const res = await postReview(env, a.guest, night.id, { comment: xss });
    expect(res.status).toBe(201);
    expect(res.body.comment).toBe(xss);
    const list = await call(env, 'GET', `/api/venues/${shown.id}/reviews?limit=50`);
    expect(list.headers.get('content-type')).toContain('application/json');
    expect(list.body.reviews.find((r: { id: string }) => r.id === res.body.id).comment).toBe(xss);

    const un = await call(env, 'POST', `/api/admin/reviews/${res.body.id}/unpublish`, {
      cookie: a.admin.cookie,
      json: { reason: 'Contains <b>markup</b>' },
    });
    expect(un.status).toBe(200);
    const [mail] = (await emailsOf(env, REVIEW_TEMPLATES.unpublished)).filter(
      (m: { html: string; subject: string; text: string; to: string }) => m.html.includes('what a night'),
    );
    expect(mail!.to).toBe(a.guest.email);
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt; what a night');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('Contains &lt;b&gt;markup&lt;/b&gt;');
    expect(mail!.text).toContain(xss);
  });
});

describe("the host's answer", () => {
  it('only the venue host answers a published review, once, and it is shown under it', async () => {
    const night = await insertPaidNight(env, venue, a.guest, { daysAgo: 12 });
    const review = (await postReview(env, a.guest, night.id)).body;
    const path = `/api/reviews/${review.id}/response`;
    const json = { response: 'Thank you, come back soon!' };
    expect((await call(env, 'POST', path, { json })).status).toBe(401);
    for (const who of ['guest', 'otherGuest', 'otherHost', 'admin'] as const) {
      const res = await call(env, 'POST', path, { cookie: a[who].cookie, json });
      expect(res.status, who).toBe(403);
    }
    expect((await call(env, 'POST', path, { cookie: a.host.cookie, json: { response: '   ' } })).status).toBe(
      400,
    );
    const ok = await call(env, 'POST', path, { cookie: a.host.cookie, json });
    expect(ok.status).toBe(200);
    expect(ok.body.host_response).toBe(json.response);
    const again = await call(env, 'POST', path, {
      cookie: a.host.cookie,
      json: { response: 'Another answer.' },
    });
    expect(again.status).toBe(409);
    const list = await call(env, 'GET', `/api/venues/${venue.id}/reviews?limit=50`);
    expect(list.body.reviews.find((r: { id: string }) => r.id === review.id).host_response).toBe(
      json.response,
    );
    expect(
      (
        await call(env, 'POST', '/api/reviews/00000000-0000-4000-8000-000000000000/response', {
          cookie: a.host.cookie,
          json,
        })
      ).status,
    ).toBe(404);
  });
});

describe('moderation', () => {
  it('the admin unpublishes and republishes with a reason; the host and guests cannot', async () => {
    const mod = await createVenue(env, a.host);
    const night = await insertPaidNight(env, mod, a.guest);
    const review = (await postReview(env, a.guest, night.id, { rating: 2 })).body;
    const un = `/api/admin/reviews/${review.id}/unpublish`;
    const json = { reason: 'Personal details of staff.' };
    expect((await call(env, 'POST', un, { json })).status).toBe(401);
    for (const who of ['guest', 'otherGuest', 'host', 'otherHost'] as const) {
      const res = await call(env, 'POST', un, { cookie: a[who].cookie, json });
      expect(res.status, who).toBe(403);
    }
    expect((await call(env, 'GET', '/api/admin/reviews', { cookie: a.host.cookie })).status).toBe(403);
    expect((await call(env, 'POST', un, { cookie: a.admin.cookie, json: {} })).status).toBe(400);
    expect((await storedSummary(env, mod.id)).count).toBe(1);
    const before = (await emailsOf(env, REVIEW_TEMPLATES.unpublished)).length;

    const res = await call(env, 'POST', un, { cookie: a.admin.cookie, json });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_published: false, moderation_reason: json.reason });
    expect(await storedSummary(env, mod.id)).toMatchObject({ count: 0, sum: 0, r2: 0 });
    const page = await call(env, 'GET', `/api/venues/${mod.id}/reviews`);
    expect(page.body.reviews).toHaveLength(0);
    expect(page.body.summary).toMatchObject({ average: null, count: 0 });
    expect((await emailsOf(env, REVIEW_TEMPLATES.unpublished)).length).toBe(before + 1);
    expect((await call(env, 'POST', un, { cookie: a.admin.cookie, json })).status).toBe(409);

    const listed = await call(env, 'GET', '/api/admin/reviews?status=unpublished', {
      cookie: a.admin.cookie,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.reviews.map((r: { id: string }) => r.id)).toContain(review.id);
    expect(listed.body.reviews[0]).toMatchObject({
      venue: { id: expect.any(String) },
      author: { email: expect.any(String) },
    });

    const re = await call(env, 'POST', `/api/admin/reviews/${review.id}/republish`, {
      cookie: a.admin.cookie,
      json: { reason: 'Staff names removed on request.' },
    });
    expect(re.status).toBe(200);
    expect(re.body.is_published).toBe(true);
    expect(await storedSummary(env, mod.id)).toMatchObject({ count: 1, sum: 2, r2: 1 });
    expect(
      (await call(env, 'POST', `/api/admin/reviews/${review.id}/republish`, { cookie: a.host.cookie }))
        .status,
    ).toBe(403);
  });

  it('pages the admin list on the server', async () => {
    const [{ n }] = (await env.ctx.db.select({ n: count() }).from(venueReviews)) as [{ n: number }];
    const one = await call(env, 'GET', '/api/admin/reviews?limit=2&page=1', { cookie: a.admin.cookie });
    const two = await call(env, 'GET', '/api/admin/reviews?limit=2&page=2', { cookie: a.admin.cookie });
    expect(one.body.total_count).toBe(n);
    expect(one.body.reviews).toHaveLength(2);
    expect(two.body.reviews[0].id).not.toBe(one.body.reviews[0].id);
    expect(
      (await call(env, 'GET', '/api/admin/reviews?status=bogus', { cookie: a.admin.cookie })).status,
    ).toBe(400);
  });
});

describe('the morning-after review request', () => {
  it('is queued once, at 09:00 in the venue zone the day after, only for paid nights without a review', async () => {
    const place = await createVenue(env, a.host, { name: 'Morning After Club' });
    const last = addDaysToDate(TODAY, -1); // the night before TODAY
    const paid = await insertPaidNight(env, place, a.guest, { date: last });
    const unpaid = await insertPaidNight(env, place, a.guest, { date: last, payment_intent_id: null });
    const reviewed = await insertPaidNight(env, place, a.guest, { date: addDaysToDate(TODAY, -2) });
    expect((await postReview(env, a.guest, reviewed.id)).status).toBe(201);
    const stale = await insertPaidNight(env, place, a.guest, { date: addDaysToDate(TODAY, -31) });
    await env.ctx.db
      .update(bookings)
      .set({ review_reminder_sent_at: new Date() })
      .where(eq(bookings.venue_id, venue.id));

    const worker = new ReviewReminderWorker(env.ctx);
    const mine = async () =>
      (await emailsOf(env, REVIEW_TEMPLATES.request)).filter(
        (m) => m.subject === 'How was your night at Morning After Club?',
      );
    // TODAY 08:59 in New York (EDT, UTC-4) is 12:59 UTC.
    await worker.tick(new Date(`${TODAY}T12:59:00Z`));
    expect(await mine()).toHaveLength(0);
    await worker.tick(new Date(`${TODAY}T13:00:00Z`));
    const sent = await mine();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(a.guest.email);
    expect(sent[0]!.text).toContain(`${PUBLIC_URL}/review/${paid.id}`);
    expect((await bookingRow(env, paid.id))!.review_reminder_sent_at).not.toBeNull();
    expect((await bookingRow(env, unpaid.id))!.review_reminder_sent_at).toBeNull();
    expect((await bookingRow(env, reviewed.id))!.review_reminder_sent_at).toBeNull();
    // Past the review window: looked at once and marked, but no email.
    expect((await bookingRow(env, stale.id))!.review_reminder_sent_at).not.toBeNull();
    expect(sent.some((m) => m.text.includes(stale.id))).toBe(false);

    // Once: later ticks and two workers at once queue nothing more.
    await Promise.all([
      worker.tick(new Date(`${TODAY}T15:00:00Z`)),
      new ReviewReminderWorker(env.ctx).tick(new Date(`${TODAY}T15:00:00Z`)),
    ]);
    expect(await mine()).toHaveLength(1);
    const [{ n }] = (await env.ctx.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.template, REVIEW_TEMPLATES.request))) as [{ n: number }];
    expect(n).toBe((await emailsOf(env, REVIEW_TEMPLATES.request)).length);
  });
});
