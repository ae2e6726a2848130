/**
 * A conversation on a booking (issue 14), in two browsers at once: the guest writes on My
 * Bookings (Enter sends, Shift+Enter is a new line); the venue's host, with the Bookings tab
 * open, sees the unread count on the booking card and in the navigation without reloading;
 * opening the thread shows the message (its link clickable) and clears both counts, and the
 * guest sees it marked Seen. How fast a change reaches an open page (issue 14 promised 2 s) is
 * measured by `npm run bench sse` (p99 ≤ 500 ms to 10,000 clients), not timed here: a loaded CI
 * machine (load 12) once took longer than 2 s.
 */
import { expect, test } from './fixtures';
import { asRole } from './support';

test('the guest sends a message; the host sees it live and reading it clears the unread count', async ({
  browser,
}) => {
  const guest = await asRole(browser, 'guest');
  const host = await asRole(browser, 'host');
  try {
    // A booking of the demo guest at one of the demo host's venues.
    await guest.goto('/user-dashboard');
    await host.goto('/');
    const mine = (await (await guest.request.get('/api/me/bookings')).json()) as {
      bookings: { id: string }[];
    };
    const theirs = (await (await host.request.get('/api/host/bookings')).json()) as {
      bookings: { id: string }[];
    };
    const shared = mine.bookings.find((b) => theirs.bookings.some((t) => t.id === b.id));
    expect(shared, 'a demo booking between the guest and the host').toBeTruthy();
    const bookingId = shared!.id;
    // The host's inbox, searched by the booking's reference (the tab shows one page at a time).
    await host.goto(`/host-dashboard?tab=bookings&bookings_q=${bookingId.slice(0, 8)}`);

    const hostCard = host.locator(`[data-testid="host-booking"][data-booking-id="${bookingId}"]`);
    await expect(hostCard).toBeVisible();
    await expect(hostCard.getByTestId('booking-unread')).toHaveCount(0);
    const navBefore = await host.getByTestId('nav-unread').count();
    expect(navBefore, 'the host starts with nothing unread').toBe(0);

    // The guest opens the booking's conversation from its card and writes two lines.
    const guestCard = guest.locator(`[data-testid="guest-booking"][data-booking-id="${bookingId}"]`);
    await guestCard.getByTestId('messages-button').click();
    const thread = guest.getByRole('dialog');
    await expect(thread.getByTestId('conversation')).toBeVisible();
    const stamp = Date.now().toString(36);
    const box = thread.getByLabel('Write a message');
    await box.fill(`Hello from the guest ${stamp}`);
    await box.press('Shift+Enter');
    await box.pressSequentially('The menu: https://example.com/menu');
    await expect(box).toHaveValue(`Hello from the guest ${stamp}\nThe menu: https://example.com/menu`);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const sent = thread.locator('[data-kind="user"][data-own="true"]').filter({ hasText: stamp });
    await expect(sent).toBeVisible();
    const sentAt = Date.now();

    // The host, without reloading, sees the unread count.
    await expect(hostCard.getByTestId('booking-unread')).toHaveText('1');
    await expect(host.getByTestId('nav-unread')).toBeVisible();
    expect(Date.now() - sentAt).toBeLessThan(2500);

    // Reading it clears the counts, shows the text as typed with its link, and the guest sees it Seen.
    await hostCard.getByTestId('messages-button').click();
    const hostThread = host.getByRole('dialog');
    const received = hostThread.locator('[data-kind="user"][data-own="false"]').filter({ hasText: stamp });
    await expect(received).toContainText(`Hello from the guest ${stamp}`);
    await expect(received.getByRole('link', { name: 'https://example.com/menu' })).toHaveAttribute(
      'href',
      'https://example.com/menu',
    );
    await expect(hostCard.getByTestId('booking-unread')).toHaveCount(0);
    await expect(host.getByTestId('nav-unread')).toHaveCount(0);
    await expect(thread.getByText('Seen')).toBeVisible();

    // The host answers; the guest, whose thread is open, sees it appear.
    await hostThread.getByLabel('Write a message').fill(`Welcome! ${stamp}`);
    await hostThread.getByLabel('Write a message').press('Enter');
    await expect(
      thread.locator('[data-kind="user"][data-own="false"]').filter({ hasText: `Welcome! ${stamp}` }),
    ).toBeVisible();
  } finally {
    await guest.context().close();
    await host.context().close();
  }
});
