import { expect, test } from './fixtures';
import { DEMO, asRole, asRoleFreshSession, authFile, openOutboxMessage, signInThroughForm } from './support';

test('a guest signs up, confirms through the link in the built-in mailbox, and signs in', async ({
  browser,
}) => {
  const email = `guest.${Date.now()}@example.com`;
  const password = 'MidnightRun2026';

  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/user-auth');
  await guest.getByRole('tab', { name: 'Sign Up' }).click();
  const form = guest.locator('form').filter({ has: guest.getByLabel('Full Name') });
  await form.getByLabel('Full Name').fill('Nora Vale');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(guest).toHaveURL(/\/email-confirmation\?email=/);
  await expect(guest.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  // Signing in before confirming is refused with a clear message.
  await guest.goto('/user-auth');
  const signInForm = guest.locator('form').filter({ has: guest.getByLabel('Password') });
  await signInForm.getByLabel('Email').fill(email);
  await signInForm.getByLabel('Password').fill(password);
  await signInForm.getByRole('button', { name: 'Sign In' }).click();
  await expect(guest.getByText(/confirm your email address before signing in/i)).toBeVisible();

  // The admin finds the confirmation message in the built-in mailbox.
  const admin = await asRole(browser, 'admin');
  await admin.goto('/admin-dashboard');
  const message = await openOutboxMessage(admin, /Confirm your Velvet account/, email);
  const link = message.getByRole('link', { name: /confirm-email/ }).first();
  const href = await link.getAttribute('href');
  expect(href).toContain('/confirm-email?token=');
  expect(href).toContain('role=user');

  // The guest follows the link, sees 'Email Confirmed!', and is sent to sign in.
  await guest.goto(href!);
  await expect(guest.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await expect(guest).toHaveURL(/\/user-auth$/, { timeout: 5000 });
  const again = guest.locator('form').filter({ has: guest.getByLabel('Password') });
  await again.getByLabel('Email').fill(email);
  await again.getByLabel('Password').fill(password);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(guest).toHaveURL(/\/user-dashboard$/);

  // The link works once.
  await guest.goto(href!);
  await expect(guest.getByRole('heading', { name: 'Confirmation Failed' })).toBeVisible();
  await expect(guest.getByText(/already been used/).first()).toBeVisible();
});

test('a host signs up and is sent to /confirm-email with role=host', async ({ page }) => {
  const email = `host.${Date.now()}@example.com`;
  await page.goto('/host-auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.locator('form').filter({ has: page.getByLabel('Business Name') });
  await form.getByLabel('Full Name').fill('Holly Host');
  await form.getByLabel('Business Name').fill('Holly Lounges');
  await form.getByLabel('Phone').fill('+1 555 0142');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('VelvetRope2026');
  await form.getByRole('button', { name: 'Create Host Account' }).click();
  await expect(page).toHaveURL(new RegExp(`/confirm-email\\?email=${encodeURIComponent(email)}&role=host$`));
  await expect(page.getByText('Host account created!')).toBeVisible();
});

// Signs in through the form (the other tests reuse the sessions e2e/auth.setup.ts stored).
test('the admin signs in through the form and lands on the admin dashboard', async ({ page }) => {
  await signInThroughForm(page, DEMO.admin, { lands: '/admin-dashboard' });
  for (const tile of ['Pending Venues', 'Pending Bookings', 'Total Venues', 'Total Bookings']) {
    await expect(page.getByText(tile, { exact: true })).toBeVisible();
  }
});

test.describe('signed in as the guest', () => {
  test.use({ storageState: authFile('guest') });

  test('route guards: a guest opening /host-dashboard lands on /, and /user-auth sends a signed-in guest to the dashboard', async ({
    page,
  }) => {
    await page.goto('/user-dashboard');
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await page.goto('/host-dashboard');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/user-auth');
    await expect(page).toHaveURL(/\/user-dashboard$/);
  });
});

test('a signed-out visitor is sent from dashboards to sign in, with the way back', async ({ page }) => {
  await page.goto('/user-dashboard');
  await expect(page).toHaveURL(/\/user-auth\?redirect=%2Fuser-dashboard$/);
  await page.goto('/review/00000000-0000-0000-0000-000000000000');
  await expect(page).toHaveURL(/\/user-auth\?redirect=%2Freview%2F00000000-0000-0000-0000-000000000000$/);
});

// Through the form, on a session of its own: signing out revokes it, so the stored one is not used.
test('sign-out revokes the session and returns to / signed out', async ({ page }) => {
  await signInThroughForm(page, DEMO.guest, { lands: '/user-dashboard' });
  await page.evaluate(() => localStorage.setItem('velvet-test', '1'));
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page
      .getByRole('link', { name: 'Sign In' })
      .or(page.getByRole('button', { name: 'Sign In' }))
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  const session = await page.request.get('/api/session');
  expect((await session.json()).profile).toBeNull();
  await page.goto('/user-dashboard');
  await expect(page).toHaveURL(/\/user-auth\?redirect=%2Fuser-dashboard$/);
});

test('the mobile menu mirrors the navigation and signs out', async ({ browser }) => {
  // A session of its own: the test signs out, which revokes it.
  const page = await asRoleFreshSession(browser, 'host', { viewport: { width: 390, height: 844 } });
  await page.goto('/host-dashboard');
  await expect(page).toHaveURL(/\/host-dashboard$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'Manage Venues' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'How It Works' })).toBeVisible();
  await menu.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.context().close();
});

test('public pages render their SPEC content', async ({ page }) => {
  await page.goto('/how-it-works');
  for (const t of [
    'Browse Venues',
    'Select Date & Time',
    'Book & Party',
    'List Your Venue',
    'Manage Availability',
    'Accept Bookings',
    'Secure Payments',
    'Real-Time Availability',
    'Exclusive Venues',
  ]) {
    await expect(page.getByRole('heading', { name: t }).first()).toBeVisible();
  }
  await page.goto('/list-venue');
  await expect(page.getByRole('heading', { name: 'List Your Nightlife Venue' })).toBeVisible();
  await page.getByRole('link', { name: 'Get Started Today' }).first().click();
  await expect(page).toHaveURL(/\/host-auth$/);
});

test('the built pages preload the fonts of the first paint, and those are the files the page uses', async ({
  page,
}) => {
  const fontRequests: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font') fontRequests.push(new URL(r.url()).pathname);
  });
  for (const path of ['/', '/how-it-works']) {
    fontRequests.length = 0;
    await page.goto(path);
    const preloads = await page
      .locator('head link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    // Inter for text, Playfair Display 600 for headings: the Latin WOFF2 of each, from the build.
    expect(preloads).toHaveLength(2);
    expect(preloads.some((p) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(p))).toBe(true);
    expect(preloads.some((p) => /\/playfair-display-latin-600-normal-[\w-]+\.woff2$/.test(p))).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    for (const href of preloads) {
      expect(fontRequests).toContain(href);
      expect((await page.request.get(href)).headers()['content-type']).toBe('font/woff2');
    }
  }
});
