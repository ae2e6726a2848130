/**
 * Reviews in the browser (issue 10): a guest with a past paid night writes a 5-star review by
 * keyboard alone, lands on the venue page 2 seconds later and sees it there; the home page,
 * open in another browser, shows the venue card's new average without a reload.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, DEMO_PASSWORD } from './support';

/** Signs in through the guest portal's form and waits for the page it leads to. */
async function signIn(page: Page, email: string, opts: { lands: string }) {
  await page.goto('/user-auth');
  const form = page.locator('form').filter({ has: page.getByLabel('Password') });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${opts.lands}$`));
}

test('a guest reviews a past paid night by keyboard; the venue page and the home card show it', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.guest, { lands: '/user-dashboard' });
  const card = page
    .getByTestId('guest-booking')
    .filter({ has: page.getByRole('link', { name: /Write a Review/ }) });
  await expect(card.first()).toBeVisible();
  const venueLink = card.first().getByRole('heading').getByRole('link');
  const venueName = (await venueLink.textContent())!.trim();
  const venueHref = (await venueLink.getAttribute('href'))!;
  const venueId = venueHref.split('/').pop()!;

  // What the venue's summary is before the review, to know the average after it.
  const before = (await (await page.request.get(`/api/venues/${venueId}/reviews`)).json()) as {
    summary: { count: number; distribution: Record<string, number> };
  };
  const sum = Object.entries(before.summary.distribution).reduce((s, [r, n]) => s + Number(r) * n, 0);
  const expectedAverage = (Math.round(((sum + 5) / (before.summary.count + 1)) * 10) / 10).toFixed(1);

  // A visitor has the home page open in another browser, filtered to the venue's city.
  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  const venue = (await (await page.request.get(`/api/venues/${venueId}`)).json()) as { city: string };
  await home.goto(`/?location=${encodeURIComponent(venue.city)}`);
  const homeCard = home.getByTestId('venue-card').filter({ hasText: venueName });
  await expect(homeCard).toBeVisible();
  await expect(homeCard.getByTestId('venue-rating')).not.toContainText(`(${before.summary.count + 1})`);

  // 'Write a Review' opens the review page in a new tab.
  const write = card.first().getByRole('link', { name: /Write a Review/ });
  await write.focus();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(/\/review\/[0-9a-f-]{36}$/);
  await expect(tab.getByRole('heading', { name: venueName })).toBeVisible();

  // Keyboard only: into the star radio group, pick 1, arrow up to 5, write, submit.
  await expect(tab.getByTestId('rating-label')).toHaveText('Click the stars to rate');
  await tab.getByRole('link', { name: 'Back to Dashboard' }).focus();
  await tab.keyboard.press('Tab');
  await expect(tab.getByRole('radio', { name: /^1 star/ })).toBeFocused();
  await tab.keyboard.press('Space');
  await expect(tab.getByTestId('rating-label')).toHaveText('Poor');
  for (let i = 0; i < 4; i++) await tab.keyboard.press('ArrowRight');
  await expect(tab.getByRole('radio', { name: /^5 stars/ })).toBeChecked();
  await expect(tab.getByTestId('rating-label')).toHaveText('Excellent');
  const submit = tab.getByRole('button', { name: 'Submit Review' });
  await expect(submit).toBeDisabled();

  await tab.keyboard.press('Tab');
  await expect(tab.getByLabel('Your review')).toBeFocused();
  const comment = 'Keyboard-only review: superb sound, friendly staff and a dance floor that never emptied.';
  await tab.keyboard.type(comment);
  await expect(tab.getByTestId('comment-counter')).toHaveText(`${comment.length}/500`);
  await tab.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await tab.keyboard.press('Enter');

  await expect(tab.getByText('Review Submitted Successfully!').first()).toBeVisible();
  const shownAt = Date.now();
  await expect(tab).toHaveURL(new RegExp(`/venue/${venueId}$`), { timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1_200);
  const review = tab.getByTestId('venue-review').filter({ hasText: comment });
  await expect(review).toBeVisible();
  await expect(review.getByText('Jamie C.')).toBeVisible();
  await expect(review.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();

  // The visitor's home page caught up live, without a reload.
  await expect(homeCard.getByTestId('venue-rating')).toContainText(expectedAverage, { timeout: 15_000 });
  await expect(homeCard.getByTestId('venue-rating')).toContainText(`(${before.summary.count + 1})`);

  // Back from the venue page: the review page refuses a second one (not a form from its cache).
  await tab.goBack();
  await expect(tab).toHaveURL(/\/review\/[0-9a-f-]{36}$/);
  const unable = tab.getByTestId('unable-to-review');
  await expect(unable).toContainText('You have already reviewed this event');
  await expect(tab.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);

  // The booking now says it was reviewed.
  await page.reload();
  await expect(
    page.getByTestId('guest-booking').filter({ has: page.getByRole('link', { name: /Write a Review/ }) }),
  ).toHaveCount(0);
  await visitor.close();
});

test('a signed-out visitor is sent to sign in and back to the review page', async ({ page }) => {
  await page.goto('/review/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/user-auth\?redirect=%2Freview%2F00000000-0000-4000-8000-000000000000$/);
  const form = page.locator('form').filter({ has: page.getByLabel('Password') });
  await form.getByLabel('Email').fill(DEMO.otherGuest);
  await form.getByLabel('Password').fill('VelvetDemo2026');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/review\/00000000-0000-4000-8000-000000000000$/);
  const unable = page.getByTestId('unable-to-review');
  await expect(unable.getByRole('heading', { name: 'Unable to Review' })).toBeVisible();
  await expect(unable).toContainText('Booking not found or access denied');
  await expect(unable.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
    'href',
    '/user-dashboard',
  );
});

test('a comment with markup shows as text on the venue page', async ({ page }) => {
  // The other demo guest has a paid night of their own to review.
  await signIn(page, DEMO.otherGuest, { lands: '/user-dashboard' });
  const res = await page.request.get('/api/me/bookings');
  const { bookings } = (await res.json()) as { bookings: Array<{ id: string; venue_id: string }> };
  const reviewable = [];
  for (const b of bookings) {
    const t = await (await page.request.get(`/api/bookings/${b.id}/review`)).json();
    if (t.can_review) reviewable.push(b);
  }
  expect(reviewable.length).toBeGreaterThan(0);
  const target = reviewable[0]!;
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  const xss = '<img src=x onerror=alert(1)> and the night was great';
  const post = await page.request.post('/api/reviews', {
    data: { booking_id: target.id, rating: 4, comment: xss },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(201);
  await page.goto(`/venue/${target.venue_id}`);
  await expect(page.getByTestId('venue-review').filter({ hasText: xss })).toBeVisible();
  expect(await page.locator('[data-testid="venue-review"] img').count()).toBe(0);
  expect(dialogs).toBe(0);
});
