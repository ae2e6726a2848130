/**
 * Sign-in brings you back (issue 12 item 2): a signed-out visitor of a deep link goes to the
 * right sign-in page with `?redirect=`, and back there after signing in — only ever to a path
 * on this site.
 */
import { type Page, type Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, DEMO_PASSWORD, asRole, enterCodeIfAsked } from './support';

async function signInHere(page: Page, email: string) {
  const form = page.locator('form').filter({ has: page.getByLabel('Password') });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  // An account with two-factor sign-in on (this suite's admin) completes the code step on the way.
  await enterCodeIfAsked(page, email);
}

test('signed out → /review/{id} → sign in → back on /review/{id}', async ({ page, browser }) => {
  // A real booking of the demo guest.
  const guest = await asRole(browser, 'guest');
  const { bookings } = (await (await guest.request.get('/api/me/bookings')).json()) as {
    bookings: Array<{ id: string }>;
  };
  await guest.context().close();
  const id = bookings[0]!.id;

  await page.goto(`/review/${id}`);
  await expect(page).toHaveURL(new RegExp(`/user-auth\\?redirect=%2Freview%2F${id}$`));
  await signInHere(page, DEMO.guest);
  await expect(page).toHaveURL(new RegExp(`/review/${id}$`));
});

for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
  test(`?redirect=${evil} is ignored: the guest lands on their dashboard`, async ({ page }) => {
    await page.goto(`/user-auth?redirect=${encodeURIComponent(evil)}`);
    await signInHere(page, DEMO.guest);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  });
}

test('?redirect=https://evil.example at the host portal lands on the host dashboard', async ({ page }) => {
  await page.goto('/host-auth?redirect=https%3A%2F%2Fevil.example');
  await signInHere(page, DEMO.host);
  await expect(page).toHaveURL(/\/host-dashboard$/);
});

test("a host's deep link goes through the host portal and back, query included", async ({
  page,
  browser,
}) => {
  const host = await asRole(browser, 'host');
  const { venues } = (await (await host.request.get('/api/host/venues')).json()) as {
    venues: Array<{ id: string }>;
  };
  await host.context().close();
  const target = `/venue-management/${venues[0]!.id}?tab=bookings`;

  await page.goto(target);
  await expect(page).toHaveURL(/\/host-auth\?redirect=%2Fvenue-management%2F/);
  await expect(page.getByRole('heading', { name: 'Host Portal' })).toBeVisible();
  // Switching portals keeps the way back.
  await expect(page.getByRole('link', { name: 'Back to Guest Access' })).toHaveAttribute(
    'href',
    `/user-auth?redirect=${encodeURIComponent(target)}`,
  );
  await signInHere(page, DEMO.host);
  await expect(page).toHaveURL(new RegExp(`${target.replace('?', '\\?')}$`));
});

test('dashboards: a signed-out visitor is sent to the right portal', async ({ page }) => {
  await page.goto('/host-dashboard?tab=bookings');
  await expect(page).toHaveURL(/\/host-auth\?redirect=%2Fhost-dashboard%3Ftab%3Dbookings$/);
  await page.goto('/user-dashboard');
  await expect(page).toHaveURL(/\/user-auth\?redirect=%2Fuser-dashboard$/);
  await page.goto('/edit-booking/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/user-auth\?redirect=%2Fedit-booking%2F/);
});

test('a signed-in visitor opening a sign-in link with a way back goes straight there', async ({
  browser,
}) => {
  const page = await asRole(browser, 'guest');
  await page.goto('/user-auth?redirect=%2Fhow-it-works');
  await expect(page).toHaveURL(/\/how-it-works$/);
  await page.goto('/user-auth?redirect=%2F%2Fevil.example');
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await page.context().close();
});

test('a signed-out visitor picking a date signs in from the toast and comes back to the venue', async ({
  page,
}) => {
  const { venues } = (await (await page.request.get('/api/venues')).json()) as {
    venues: Array<{ id: string }>;
  };
  const id = venues[0]!.id;
  await page.goto(`/venue/${id}`);
  const open = page.locator('button[data-date][data-state="available"]');
  await expect(page.locator('button[data-date]').first()).toBeVisible();
  if ((await open.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
  await open.first().click();
  await expect(page.getByText('Sign In Required')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page).toHaveURL(new RegExp(`/user-auth\\?redirect=%2Fvenue%2F${id}$`));
  await signInHere(page, DEMO.guest);
  await expect(page).toHaveURL(new RegExp(`/venue/${id}$`));
});

test('the sign-in and sign-up forms say what is missing before anything is sent (validation loads after the page)', async ({
  page,
}) => {
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/')) posted++;
  });
  await page.goto('/user-auth');
  const signIn = page.locator('form').filter({ has: page.getByLabel('Password') });
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByText('Email is required')).toBeVisible();
  await expect(signIn.getByText('Password is required')).toBeVisible();
  await signIn.getByLabel('Email').fill('not-an-email');
  await signIn.getByLabel('Password').fill('x');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByText('Enter a valid email address')).toBeVisible();

  await page.goto('/host-auth?tab=signup');
  await page.getByRole('button', { name: 'Create Host Account' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Business name is required')).toBeVisible();
  await expect(page.getByText('Phone is required')).toBeVisible();
  expect(posted).toBe(0);
});

// Each server-rendered page has its own entry (decision 45): the page is hydrated while the
// document's scripts run, so by its load event — when a test, or a quick visitor, acts — the
// forms and links are the app's. Here the page acts at its load event itself (once per test): a
// sign-in form still unhydrated would be posted to the server, a link would load a new document.
test('the moment a sign-in page has loaded, its form is the app’s: an empty sign-in is checked, not posted', async ({
  page,
}) => {
  await page.addInitScript(() => {
    addEventListener('load', () => {
      if (sessionStorage.getItem('acted') === location.pathname) return;
      sessionStorage.setItem('acted', location.pathname);
      const form = [...document.querySelectorAll('form')].find((f) =>
        f.querySelector('input[type="password"]'),
      );
      form?.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    });
  });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  for (const path of ['/user-auth', '/host-auth']) {
    await page.goto(path);
    const signIn = page.locator('form').filter({ has: page.getByLabel('Password') });
    await expect(signIn.getByText('Email is required')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  expect(posts).toEqual([]);
});

test('the moment a public page has loaded, its links are the app’s: no new document is loaded', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/venues?limit=1')).json()) as { venues: Array<{ id: string }> };
  await page.addInitScript(() => {
    addEventListener('load', () => {
      if (sessionStorage.getItem('acted')) return;
      sessionStorage.setItem('acted', location.pathname);
      const href = location.pathname === '/how-it-works' ? '/list-venue' : '/how-it-works';
      document.querySelector<HTMLAnchorElement>(`header a[href="${href}"]`)?.click();
    });
  });
  for (const path of ['/', `/venue/${list.venues[0]!.id}`, '/how-it-works', '/user-auth']) {
    const documents: string[] = [];
    const onRequest = (r: Request) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    };
    page.on('request', onRequest);
    await page.goto(path);
    const target = path === '/how-it-works' ? '/list-venue' : '/how-it-works';
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator('main h1')).toBeVisible();
    expect(documents, `${path}: one document, the page's own`).toHaveLength(1);
    page.off('request', onRequest);
    await page.evaluate(() => sessionStorage.removeItem('acted'));
  }
});
