/*
 * The venue page and the first screen (issue 31, items 3 and 6): the full-screen gallery by
 * keyboard, the booking column that stays in view on a laptop, the booking bar of a phone, and
 * a venue card in the first screen of the home page on a phone and on a laptop.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { networkQuiet } from './support';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** A demo venue with at least two photos. */
async function venueWithPhotos(
  request: APIRequestContext,
): Promise<{ id: string; name: string; images: unknown[] }> {
  const list = (await (await request.get('/api/venues?limit=48')).json()) as {
    venues: { id: string; image: string | null }[];
  };
  for (const card of list.venues.filter((v) => v.image)) {
    const venue = (await (await request.get(`/api/venues/${card.id}`)).json()) as {
      id: string;
      name: string;
      images: unknown[];
    };
    if (venue.images.length >= 2) return venue;
  }
  throw new Error('no demo venue with two photos');
}

/** axe's violations (the rules of e2e/page-checks.ts), whose page scans run at 1280 px only. */
async function violations(page: Page): Promise<string[]> {
  await networkQuiet(page);
  const { violations: found } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return found.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Whether the box's top edge is on the screen. */
async function topOnScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, 'the element is rendered').not.toBeNull();
  return box!.y >= 0 && box!.y < height;
}

for (const viewport of [PHONE, LAPTOP]) {
  test(`the full-screen gallery works by keyboard at ${viewport.width} px`, async ({ page, request }) => {
    const venue = await venueWithPhotos(request);
    await page.setViewportSize(viewport);
    await page.goto(`/venue/${venue.id}`);
    const photo = page.getByTestId('gallery-open');
    await photo.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: venue.name });
    await expect(dialog).toBeVisible();
    const counter = dialog.getByTestId('lightbox-counter');
    const total = venue.images.length;
    await expect(counter).toHaveText(`1 / ${total}`);
    await expect(dialog.getByRole('img', { name: `${venue.name} – photo 1 of ${total}` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close gallery' })).toBeVisible();

    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(`2 / ${total}`);
    const second = dialog.getByRole('img', { name: `${venue.name} – photo 2 of ${total}` });
    await expect(second).toBeVisible();
    await expect
      .poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // The photo fits the screen.
    const box = (await second.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(photo).toBeFocused();
    // The page's photo is the one last seen full screen.
    await expect(
      page.getByTestId('venue-gallery').getByRole('img', { name: `${venue.name} – photo 2 of ${total}` }),
    ).toBeVisible();
  });
}

/** Scrolls past the photo, well before the end of the page (where the column moves up with the
 * page's main column, as sticky elements do at the end of their container). */
async function scrollPastPhoto(page: Page, column: Locator) {
  const start = (await column.boundingBox())!.y;
  await page.evaluate((y) => window.scrollTo(0, y), start + 500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(start + 400);
}

async function navBottom(page: Page): Promise<number> {
  const nav = (await page.locator('header').first().boundingBox())!;
  return nav.y + nav.height;
}

test('on a tall screen the booking column stays in view below the navigation bar', async ({
  page,
  request,
}) => {
  const venue = await venueWithPhotos(request);
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.goto(`/venue/${venue.id}`);
  const column = page.getByTestId('booking-column');
  await expect(column.getByRole('heading', { name: 'Book this venue' })).toBeVisible();
  await expect(page.getByTestId('venue-booking-bar')).toBeHidden();

  await scrollPastPhoto(page, column);
  await expect.poll(() => topOnScreen(page, column)).toBe(true);
  await expect(column.getByText(/^\$[\d,]+/).first()).toBeInViewport();
  // Below the navigation bar, not under it.
  expect((await column.boundingBox())!.y).toBeGreaterThanOrEqual(await navBottom(page));
});

test('on a laptop the booking column, taller than the screen, scrolls with the page and keeps its end in view', async ({
  page,
  request,
}) => {
  const venue = await venueWithPhotos(request);
  await page.setViewportSize(LAPTOP);
  await page.goto(`/venue/${venue.id}`);
  const column = page.getByTestId('booking-column');
  await expect(column.getByRole('heading', { name: 'Book this venue' })).toBeVisible();
  await expect(page.getByTestId('venue-booking-bar')).toBeHidden();
  // No scroller of its own that would cut the calendar off.
  expect(
    await column.evaluate(
      (el) => getComputedStyle(el).overflowY === 'visible' && el.scrollHeight <= el.clientHeight + 1,
    ),
  ).toBe(true);

  await scrollPastPhoto(page, column);
  // Its end sticks at the bottom of the screen, with the whole calendar in view below the
  // navigation bar.
  await expect
    .poll(async () => (await column.boundingBox())!.y + (await column.boundingBox())!.height)
    .toBeLessThanOrEqual(LAPTOP.height);
  const calendar = (await column.getByRole('grid', { name: /^Availability calendar/ }).boundingBox())!;
  expect(calendar.y).toBeGreaterThanOrEqual(await navBottom(page));
  expect(calendar.y + calendar.height).toBeLessThanOrEqual(LAPTOP.height);

  // Back at the top of the page its start (the price) shows again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(column.getByText(/^\$[\d,]+/).first()).toBeInViewport();
});

test("on a phone the bottom bar shows the price, and 'Check availability' brings the calendar", async ({
  page,
  request,
}) => {
  const venue = await venueWithPhotos(request);
  await page.setViewportSize(PHONE);
  await page.goto(`/venue/${venue.id}`);
  const bar = page.getByTestId('venue-booking-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(/\$[\d,]+/);
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeCloseTo(PHONE.height, 0);

  const calendar = page.getByRole('grid', { name: /^Availability calendar/ });
  await expect(calendar).toBeAttached();
  expect(await topOnScreen(page, calendar)).toBe(false);

  await bar.getByRole('button', { name: 'Check availability' }).click();
  await expect.poll(() => topOnScreen(page, calendar)).toBe(true);
  // The focus is on the calendar's day, ready for the arrow keys.
  await expect(calendar.locator('button[tabindex="0"]')).toBeFocused();

  // At the end of the page the bar sits above the footer and hides nothing.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = page.locator('footer');
  await expect
    .poll(async () => (await bar.boundingBox())!.y + (await bar.boundingBox())!.height)
    .toBeLessThanOrEqual((await footer.boundingBox())!.y + 1);
});

for (const viewport of [PHONE, LAPTOP]) {
  test(`the home page shows a venue card in the first screen at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const card = page.getByTestId('venue-card').first();
    await expect(card).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await card.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    // Its photo is on the screen, not only its top edge.
    expect(box.y + 160).toBeLessThan(viewport.height);
  });
}

test('on a phone the search folds behind Filters, which opens every other control', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const search = page.getByRole('search', { name: 'Search venues' });
  await expect(search.getByLabel('Search', { exact: true })).toBeVisible();
  for (const label of ['Date', 'Guests', 'Pricing Type', 'Price Range']) {
    await expect(search.getByLabel(label, { exact: true })).toBeHidden();
  }
  const filters = search.getByRole('button', { name: /^Filters/ });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  for (const label of ['Date', 'Guests', 'Pricing Type', 'Price Range']) {
    await expect(search.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(search.getByRole('button', { name: 'Parking' })).toBeVisible();

  // A select applies at once (the panel is drawn again) and the filters stay open.
  await search.getByLabel('Pricing Type', { exact: true }).selectOption('hourly_rate');
  await expect(page).toHaveURL(/pricingType=hourly_rate/);
  await expect(search.getByLabel('Price Range', { exact: true })).toBeVisible();
  await expect(filters).toContainText('1');
  await search.getByRole('button', { name: 'Parking' }).click();
  await expect(page).toHaveURL(/amenities=parking/);
  await expect(search.getByRole('button', { name: 'Parking' })).toHaveAttribute('aria-pressed', 'true');
  await expect(filters).toContainText('2');
});

test('a sideways touch swipe steps the full-screen gallery on a phone', async ({ browser, request }) => {
  const venue = await venueWithPhotos(request);
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`/venue/${venue.id}`);
  await page.getByTestId('gallery-open').tap();
  const dialog = page.getByRole('dialog', { name: venue.name });
  const counter = dialog.getByTestId('lightbox-counter');
  await expect(counter).toHaveText(`1 / ${venue.images.length}`);

  // Real touch input (Chromium's), so the page's touch-action and pointer events are what is tested.
  const cdp = await context.newCDPSession(page);
  const swipe = async (from: number, to: number, y = 420) => {
    const steps = 6;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
    for (let i = 1; i <= steps; i++) {
      const x = from + ((to - from) * i) / steps;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + i }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  await swipe(320, 80);
  await expect(counter).toHaveText(`2 / ${venue.images.length}`);
  await swipe(80, 320);
  await expect(counter).toHaveText(`1 / ${venue.images.length}`);
  await context.close();
});

test('at 390 px the venue page with its bar, and the home page with its filters open, pass axe', async ({
  page,
  request,
}) => {
  const venue = await venueWithPhotos(request);
  await page.setViewportSize(PHONE);
  await page.goto(`/venue/${venue.id}`);
  await expect(page.getByTestId('venue-booking-bar')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByLabel('Price Range', { exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
