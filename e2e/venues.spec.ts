/**
 * Venues end to end: a host lists a venue with two photos, the admin approves it, it appears
 * on an already open home page without a reload (live update), and a visitor finds it with
 * the location filter and opens its page.
 */
import { deflateSync } from 'node:zlib';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { asRole } from './support';

// ── tiny PNGs made here (no downloads) ─────────────────────────────────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG with a lighter diagonal band (so the two photos look different). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0 + pixels
    for (let x = 0; x < width; x++) {
      const band = Math.abs(x - y * (width / height)) < width / 8;
      row[1 + x * 3] = band ? Math.min(255, r + 90) : r;
      row[2 + x * 3] = band ? Math.min(255, g + 90) : g;
      row[3 + x * 3] = band ? Math.min(255, b + 90) : b;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ── helpers ───────────────────────────────────────────────────────────────────────

function venueCard(page: Page, name: string) {
  return page.getByTestId('venue-card').filter({ has: page.getByRole('heading', { name }) });
}

// ── the journey ───────────────────────────────────────────────────────────────────

test('a host lists a venue with photos, the admin approves it, and visitors find it live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `E2E Lounge ${stamp}`;
  const city = `Velvetown ${stamp}`;

  // A visitor has the home page open before the venue exists.
  const visitorContext = await browser.newContext();
  const home = await visitorContext.newPage();
  await home.goto('/');
  await expect(home.getByTestId('venue-card').first()).toBeVisible();
  await expect(venueCard(home, name)).toHaveCount(0);

  // ── the host creates the venue ──
  const host = await asRole(browser, 'host');
  await host.goto('/upload-venue');
  await expect(host.getByRole('heading', { name: 'Add New Venue' })).toBeVisible();

  await host.getByLabel('Venue Name').fill(name);
  await host.getByLabel('Registered Business Name').fill('E2E Hospitality LLC');
  await host.getByLabel('City', { exact: true }).fill(city);
  await host.getByLabel('Phone', { exact: true }).fill('+1 212 555 0199');
  await host.getByLabel('Address', { exact: true }).fill('1 Test Plaza');
  await host.getByLabel('Email', { exact: true }).fill('e2e-venue@velvet.test');
  await host.getByLabel('Capacity (guests)').fill('85');
  await host.getByLabel('Description (optional)').fill('A venue made by the browser suite.');
  await host.getByRole('checkbox', { name: 'Bar' }).click();
  await host.getByRole('checkbox', { name: 'Guest Music Control' }).click();

  await host.getByTestId('venue-photos-input').setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: png(160, 100, [120, 30, 160]) },
    { name: 'second.png', mimeType: 'image/png', buffer: png(160, 100, [20, 110, 90]) },
  ]);
  const photos = host.getByRole('list', { name: 'Photos in display order' }).getByRole('listitem');
  await expect(photos).toHaveCount(2);
  // Reorder by keyboard-accessible buttons: 'second.png' becomes the card image, then back.
  await host.getByRole('button', { name: /Move second\.png up/ }).click();
  await expect(photos.first()).toContainText('second.png');
  await host.getByRole('button', { name: /Move second\.png down/ }).click();
  await expect(photos.first()).toContainText('first.png');

  await host.getByRole('button', { name: 'Set all days' }).click();
  await expect(host.getByText('Hours Set!')).toBeVisible();

  await host.getByLabel('Hourly Rate ($)').fill('275');
  await host.getByLabel('Bank Account Holder Name').fill('E2E Hospitality LLC');
  await host.getByLabel('Bank Account Number').fill('000123456789');
  await host.getByLabel('Bank Routing Number').fill('021000021');
  await host.getByLabel('Tax ID').fill('12-3456789');

  const create = host.getByRole('button', { name: 'Create Venue' });
  await expect(create).toBeDisabled(); // until the terms are accepted
  await host.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).click();
  await expect(create).toBeEnabled();
  await create.click();

  await expect(host.getByText('Venue created successfully and sent for admin approval.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(host).toHaveURL(/\/host-dashboard$/);
  await host.getByRole('tab', { name: 'Pending Approval' }).click();
  const pendingCard = host.getByTestId('host-venue-card').filter({ hasText: name });
  await expect(pendingCard).toBeVisible();
  await expect(pendingCard.getByText('Pending Approval')).toBeVisible();

  // Not visible to the public yet.
  await expect(venueCard(home, name)).toHaveCount(0);

  // ── the admin approves it ──
  const admin = await asRole(browser, 'admin');
  await admin.goto('/admin-dashboard');
  await expect(admin.getByRole('tab', { name: 'Venue Approvals' })).toHaveAttribute('data-state', 'active');
  const pending = admin.getByTestId('pending-venue').filter({ has: admin.getByRole('heading', { name }) });
  await expect(pending).toBeVisible();
  // Bank details are masked to their last 4 (encrypted at rest) until the admin reveals them.
  await expect(pending.getByText('••••6789').first()).toBeVisible();
  await expect(pending.getByText('000123456789')).toHaveCount(0);
  await pending.getByRole('button', { name: 'Reveal bank details' }).click();
  await expect(pending.getByText('000123456789')).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Reject' })).toBeDisabled(); // needs notes
  await pending.getByLabel('Notes').fill('Looks great.');
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Venue Approved')).toBeVisible();
  await expect(pending).toHaveCount(0);

  // ── the open home page shows it without a reload ──
  await expect(venueCard(home, name)).toBeVisible({ timeout: 20_000 });
  const card = venueCard(home, name);
  await expect(card).toContainText(city);
  await expect(card).toContainText('Hourly Rate');
  await expect(card).toContainText('$275/hour');
  await expect(card).toContainText('Up to 85 guests');
  const cardImage = card.locator('img');
  await expect(cardImage).toHaveAttribute('width', '640');
  await expect(cardImage).toHaveAttribute('loading', /lazy|eager/);

  // ── a visitor filters by location and opens the venue ──
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await visitor.getByLabel('Search', { exact: true }).fill(city);
  await visitor.getByRole('button', { name: 'Search' }).click();
  await expect(visitor).toHaveURL(
    new RegExp(`location=${encodeURIComponent(city).replace(/%20/g, '(\\+|%20)')}`),
  );
  await expect(visitor.getByText(/^Showing 1 of \d+ venues$/)).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Active filters' })).toContainText(city);
  await expect(visitor.getByTestId('venue-card')).toHaveCount(1);
  await venueCard(visitor, name)
    .getByRole('link', { name: /View Details/ })
    .click();

  await expect(visitor).toHaveURL(/\/venue\/[0-9a-f-]{36}$/);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByText('1 Test Plaza')).toBeVisible();
  await expect(visitor.getByText('Guest Music Control')).toBeVisible();
  const gallery = visitor.getByTestId('venue-gallery');
  const mainPhoto = gallery.getByRole('img', { name: `${name} – photo 1 of 2` });
  await expect(mainPhoto).toBeVisible();
  await expect
    .poll(() => mainPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await gallery.getByRole('button', { name: 'Show photo 2 of 2' }).click();
  const second = gallery.getByRole('img', { name: `${name} – photo 2 of 2` });
  await expect(second).toBeVisible();
  await expect
    .poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(visitor.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
  await expect(visitor.getByText('No reviews yet')).toBeVisible();
});

test('Edit Venue: deleting a photo asks first; Keep Photo keeps it', async ({ browser }) => {
  const host = await asRole(browser, 'host');
  await host.goto('/host-dashboard');
  // A venue of its own (pending), so the demo venues' photos stay as other specs expect.
  const res = await host.request.post('/api/venues', {
    headers: { origin: new URL(host.url()).origin },
    data: {
      name: `Photo Delete Test ${Date.now()}`,
      business_name: 'E2E Hospitality LLC',
      city: 'Boston',
      phone: '+1 617 555 0100',
      address: '1 Test Plaza',
      email: 'e2e-venue@velvet.test',
      capacity: 40,
      base_price: 100,
      pricing_type: 'hourly_rate',
      bank_account_holder_name: 'E2E Hospitality LLC',
      bank_account_number: '000123456789',
      bank_routing_number: '021000021',
      tax_id: '12-3456789',
      terms_accepted: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const venue = (await res.json()) as { id: string };

  await host.goto(`/edit-venue/${venue.id}`);
  await host.getByTestId('venue-photos-input').setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: png(160, 100, [120, 30, 160]) },
    { name: 'second.png', mimeType: 'image/png', buffer: png(160, 100, [20, 110, 90]) },
  ]);
  const photos = host.getByRole('list', { name: 'Photos in display order' }).getByRole('listitem');
  await expect(photos).toHaveCount(2);

  await host.getByRole('button', { name: 'Delete Photo 1' }).click();
  const dialog = host.getByRole('dialog', { name: 'Delete Photo 1?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep Photo' }).click();
  await expect(dialog).toBeHidden();
  await expect(photos).toHaveCount(2);

  await host.getByRole('button', { name: 'Delete Photo 1' }).click();
  await dialog.getByRole('button', { name: 'Delete Photo' }).click();
  await expect(host.getByText('Image deleted successfully.')).toBeVisible();
  await expect(photos).toHaveCount(1);
  const stored = (await (await host.request.get(`/api/venues/${venue.id}`)).json()) as { images: unknown[] };
  expect(stored.images).toHaveLength(1);
});
