/*
 * Nothing typed is lost (issue 12): leaving Add Venue, Edit Venue or the weekly-hours editor with
 * unsaved changes asks first (links inside the app, and closing the tab), and a failed submit of
 * Add Venue keeps every field and the chosen photos.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { asRole } from './support';

// The Add Venue test answers the create with a 500 itself (a failed create keeps every field).
test.use({
  expectedConsoleErrors: [
    /\/api\/venues: Failed to load resource: the server responded with a status of 500/,
  ],
});

/** A 1 × 1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const LEAVE_TITLE = 'Leave without saving?';

test.describe.configure({ timeout: 150_000 });

/** Clicks a link that leaves the page; the question appears; "Stay" keeps the page, "Leave" goes. */
async function expectAskedBeforeLeaving(page: Page, leave: () => Promise<void>, stayOn: RegExp) {
  await leave();
  const question = page.getByRole('dialog', { name: LEAVE_TITLE });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay on Page' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(stayOn);
}

test('Add Venue: leaving with typed fields asks first; a failed create keeps every field and photo', async ({
  browser,
}) => {
  const page = await asRole(browser, 'host');
  await page.goto('/upload-venue');
  // The first visit loads the page's code: generous on a busy machine.
  await expect(page.getByRole('heading', { name: 'Add New Venue' })).toBeVisible({ timeout: 30_000 });

  // Untouched: leaving does not ask.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/host-dashboard$/);
  await page.goto('/upload-venue');
  await expect(page.getByLabel('Venue Name')).toBeVisible({ timeout: 30_000 });

  const name = `Unsaved Lounge ${Date.now()}`;
  await page.getByLabel('Venue Name').fill(name);
  await page.getByLabel('Registered Business Name').fill('Unsaved LLC');
  await page.getByLabel('City', { exact: true }).fill('Keepville');
  await page
    .getByTestId('venue-photos-input')
    .setInputFiles([{ name: 'kept.png', mimeType: 'image/png', buffer: PIXEL }]);
  const photos = page.getByRole('list', { name: 'Photos in display order' }).getByRole('listitem');
  await expect(photos).toHaveCount(1);

  await expectAskedBeforeLeaving(
    page,
    () => page.getByRole('link', { name: 'Back to Dashboard' }).click(),
    /\/upload-venue$/,
  );
  await expect(page.getByLabel('Venue Name')).toHaveValue(name);

  // Closing the tab asks too (beforeunload); dismissing the question keeps the page and its fields.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  // A failed submit keeps everything: the server refuses the create.
  await page.route('**/api/venues', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong.' } }),
        })
      : route.continue(),
  );
  const f = page;
  await f.getByLabel('Phone', { exact: true }).fill('+1 212 555 0199');
  await f.getByLabel('Address', { exact: true }).fill('1 Kept Plaza');
  await f.getByLabel('Email', { exact: true }).fill('kept@velvet.test');
  await f.getByLabel('Capacity (guests)').fill('40');
  await f.getByLabel('Hourly Rate ($)').fill('150');
  await f.getByLabel('Bank Account Holder Name').fill('Unsaved LLC');
  await f.getByLabel('Bank Account Number').fill('000123456789');
  await f.getByLabel('Bank Routing Number').fill('021000021');
  await f.getByLabel('Tax ID').fill('12-3456789');
  await f.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).click();
  await f.getByRole('button', { name: 'Create Venue' }).click();
  await expect(f.getByText('Error Creating Venue')).toBeVisible();
  await expect(f).toHaveURL(/\/upload-venue$/);
  await expect(f.getByLabel('Venue Name')).toHaveValue(name);
  await expect(f.getByLabel('Capacity (guests)')).toHaveValue('40');
  await expect(f.getByLabel('Tax ID')).toHaveValue('12-3456789');
  await expect(f.getByRole('checkbox', { name: 'I accept the Terms and Conditions' })).toBeChecked();
  await expect(
    f
      .getByRole('list', { name: 'Photos in display order' })
      .getByRole('listitem')
      .filter({ hasText: 'kept.png' }),
  ).toHaveCount(1);
  await f.context().close();
});

test('Edit Venue and the weekly-hours editor ask before unsaved changes are left behind', async ({
  browser,
}) => {
  const page = await asRole(browser, 'host');
  const res = await page.request.get('/api/host/venues');
  const { venues } = (await res.json()) as { venues: { id: string; is_active: boolean }[] };
  const venue = venues.find((v) => v.is_active)!;

  // Edit Venue.
  await page.goto(`/edit-venue/${venue.id}`);
  const description = page.getByLabel('Description (optional)');
  await expect(description).toBeVisible({ timeout: 30_000 });
  await description.fill('A change that is not saved yet.');
  await expectAskedBeforeLeaving(
    page,
    () => page.getByRole('link', { name: 'Back to Host Dashboard' }).click(),
    new RegExp(`/edit-venue/${venue.id}$`),
  );
  await expect(description).toHaveValue('A change that is not saved yet.');
  await page.getByRole('link', { name: 'Back to Host Dashboard' }).click();
  await page.getByRole('dialog', { name: LEAVE_TITLE }).getByRole('button', { name: 'Leave Page' }).click();
  await expect(page).toHaveURL(/\/host-dashboard$/);

  // Manage Venue → Weekly Hours.
  await page.goto(`/venue-management/${venue.id}`);
  const closed = page.getByRole('checkbox', { name: 'Monday closed' });
  await expect(closed).toBeVisible({ timeout: 30_000 });
  await closed.click();
  await expect(page.getByText('Unsaved changes — press Save Changes to keep them.')).toBeVisible();
  // Another tab of the same page keeps the draft without asking.
  await page.getByRole('tab', { name: /Calendar/ }).click();
  await expect(page.getByRole('dialog', { name: LEAVE_TITLE })).toHaveCount(0);
  await page.getByRole('tab', { name: /Weekly Hours/ }).click();
  await expectAskedBeforeLeaving(
    page,
    () => page.getByRole('link', { name: 'Back to Dashboard' }).click(),
    new RegExp(`/venue-management/${venue.id}`),
  );
  await expect(page.getByText('Unsaved changes — press Save Changes to keep them.')).toBeVisible();
  await page.context().close();
});
