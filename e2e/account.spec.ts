/*
 * Issue 31 in the browser, at 390 and 1280 px: the settings page (profile edit, export with the
 * person's own rows only, deletion refused while a booking is upcoming), saved venues (heart,
 * Saved list, unsave), the search field finding a venue by its name, the price order, and a
 * receipt whose PDF text holds the reference and the amount.
 */
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { overflow } from './page-checks';
import { asRole } from './support';

const WIDTHS = [390, 1280] as const;

interface Card {
  id: string;
  name: string;
  base_price: number;
}

async function json<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), `${path} → ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

for (const width of WIDTHS) {
  const viewport = { width, height: 900 };

  test(`${width}px: Settings saves the phone; export holds only my rows; deletion is refused with an upcoming booking`, async ({
    browser,
  }) => {
    const page = await asRole(browser, 'otherGuest', { viewport });
    await page.goto('/');
    // The account menu's Settings opens the page.
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const phone = page.getByLabel('Phone (optional)');
    const before = await phone.inputValue();
    const next = width === 390 ? '+1 555 0390' : '+1 555 1280';
    await phone.fill(next);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Phone (optional)')).toHaveValue(next);
    await page.getByLabel('Phone (optional)').fill(before);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile saved').first()).toBeVisible();

    const me = await json<{ id: string; email: string }>(page, '/api/account');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download My Data' }).click();
    const file = await download;
    const data = JSON.parse(
      await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
    );
    expect(data.account.id).toBe(me.id);
    expect(data.bookings.length).toBeGreaterThan(0);
    expect(data.bookings.every((b: { user_id: string }) => b.user_id === me.id)).toBe(true);

    // The demo guest has upcoming bookings: deletion is refused, the account stays.
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    await page.getByLabel('Current password').last().fill('VelvetDemo2026');
    await page.getByRole('button', { name: 'Delete Forever' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'You have upcoming bookings.' })).toBeVisible();
    expect((await page.request.get('/api/account')).status()).toBe(200);
  });

  test(`${width}px: save a venue with the heart, find it under Saved, unsave it`, async ({ browser }) => {
    const page = await asRole(browser, 'guest', { viewport });
    await page.goto('/');
    const card = page.getByTestId('venue-card').first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    const heart = card.getByRole('button', { name: `Save ${name}` });
    await heart.click();
    await expect(card.getByRole('button', { name: `Remove ${name} from Saved` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto('/user-dashboard');
    const saved = page.getByRole('region', { name: 'Saved' });
    await expect(saved.getByRole('heading', { name })).toBeVisible();
    await saved.getByRole('button', { name: `Remove ${name} from Saved` }).click();
    await expect(saved.getByRole('heading', { name })).toHaveCount(0);
  });

  test(`${width}px: signed out, the heart asks to sign in and comes back`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport })).newPage();
    await page.goto('/');
    const card = page.getByTestId('venue-card').first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('button', { name: `Save ${name}` }).click();
    await expect(page).toHaveURL(/\/user-auth\?redirect=%2F/);
  });

  test(`${width}px: the search field finds a venue by its name; price order ascends`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport })).newPage();
    const all = await json<{ venues: Card[] }>(page, '/api/venues?limit=48');
    const target = all.venues.find(
      (v) => !/miami|new york|las vegas|chicago|austin|los angeles/i.test(v.name),
    )!;
    await page.goto('/');
    await page.getByLabel('Search', { exact: true }).fill(target.name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('venue-card').first().getByRole('heading')).toHaveText(target.name);

    await page.goto('/');
    await page.getByLabel('Sort venues').selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    const sorted = await json<{ venues: Card[] }>(page, '/api/venues?sort=price_asc&limit=48');
    const prices = sorted.venues.map((v) => v.base_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(Math.min(...all.venues.map((v) => v.base_price))).toBe(prices[0]);
    await expect(page.getByTestId('venue-card').first().getByRole('heading')).toHaveText(
      sorted.venues[0]!.name,
    );
    await expect(page.getByTestId('venue-card').nth(1).getByRole('heading')).toHaveText(
      sorted.venues[1]!.name,
    );
  });

  test(`${width}px: a paid booking's receipt shows its reference and its PDF holds it and the amount`, async ({
    browser,
  }) => {
    const page = await asRole(browser, 'guest', { viewport });
    await page.goto('/');
    const mine = await json<{ bookings: Array<{ id: string; paid_cents?: number }> }>(
      page,
      '/api/me/bookings',
    );
    const paid = mine.bookings.find((b) => (b.paid_cents ?? 0) > 0)!;
    const receipt = await json<{ reference: string; paid_cents: number }>(
      page,
      `/api/bookings/${paid.id}/receipt`,
    );
    await page.goto(`/receipt/${paid.id}`);
    await expect(page.getByTestId('receipt')).toContainText(receipt.reference);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const file = await download;
    const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
    const text = (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
    expect(text).toContain(receipt.reference);
    const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      receipt.paid_cents / 100,
    );
    expect(text).toContain(amount);
  });

  test(`${width}px: a receipt with post-event charges fits the screen; each amount stays on one line`, async ({
    browser,
  }) => {
    const page = await asRole(browser, 'guest', { viewport });
    await page.goto('/');
    const mine = await json<{ bookings: Array<{ id: string; paid_cents?: number }> }>(
      page,
      '/api/me/bookings',
    );
    let charged: { id: string; amount: string } | undefined;
    for (const b of mine.bookings.filter((x) => (x.paid_cents ?? 0) > 0)) {
      const r = await json<{ lines: Array<{ kind: string; label: string; amount_cents: number }> }>(
        page,
        `/api/bookings/${b.id}/receipt`,
      );
      const line = r.lines.find((l) => l.kind === 'additional_charge' && l.label.length > 40);
      if (line) {
        charged = {
          id: b.id,
          amount: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
            line.amount_cents / 100,
          ),
        };
        break;
      }
    }
    expect(charged, 'a demo night with a long additional-charge line').toBeTruthy();
    await page.goto(`/receipt/${charged!.id}`);
    const amount = page.getByTestId('receipt').getByText(charged!.amount, { exact: true }).first();
    await expect(amount).toBeVisible();
    const m = await overflow(page);
    expect(m.scrollWidth, m.offenders.join(' | ')).toBeLessThanOrEqual(m.innerWidth);
    // One line: an amount is never broken up character by character.
    const box = (await amount.boundingBox())!;
    const lineHeight = await amount.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box.height).toBeLessThan(lineHeight * 1.5);
  });
}
