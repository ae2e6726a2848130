import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, ConversationMessage } from '@/domain/contract';
import { ConversationPanel } from './ConversationPanel';

const BOOKING = '3f6c2a10-8d4e-4b7a-9c1f-0a2b3c4d5e6f';
const message = (seq: number, fields: Partial<ConversationMessage>): ConversationMessage => ({
  id: `m${seq}`,
  booking_id: BOOKING,
  seq,
  kind: 'user',
  author_id: 'p-guest',
  author_role: 'guest',
  author_name: 'Gina Guest',
  body: '',
  created_at: '2030-06-03T16:00:00.000Z',
  ...fields,
});

let thread: Conversation;
const requests: { method: string; url: string; body: unknown }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests.length = 0;
  thread = {
    booking_id: BOOKING,
    messages: [
      message(1, {
        kind: 'system',
        author_id: null,
        author_role: null,
        author_name: null,
        body: 'Booking requested.',
      }),
      message(2, {
        author_role: 'host',
        author_id: 'p-host',
        author_name: 'Velvet & Vine',
        body: '<img src=x onerror="alert(1)"> Menu: https://example.com/menu',
      }),
    ],
    has_more: false,
    side: 'guest',
    can_write: true,
    last_read_seq: 1,
    other_last_read_seq: 0,
    unread: 1,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body });
      if (url === `/api/bookings/${BOOKING}/messages` && method === 'GET') return json(200, thread);
      if (url === `/api/bookings/${BOOKING}/messages/read`) {
        thread = { ...thread, last_read_seq: 2, unread: 0 };
        return json(200, { booking_id: BOOKING, last_read_seq: 2, unread: 0 });
      }
      if (url === `/api/bookings/${BOOKING}/messages` && method === 'POST') {
        const sent = message(thread.messages.length + 1, { body: (body as { body: string }).body });
        thread = { ...thread, messages: [...thread.messages, sent] };
        return json(201, sent);
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ConversationPanel bookingId={BOOKING} />
    </QueryClientProvider>,
  );
}

describe('ConversationPanel', () => {
  it('shows plain text with only the link clickable, and marks the thread read when opened', async () => {
    const { container } = renderPanel();
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getByText('Booking requested.')).toBeTruthy();
    // The HTML in the message is text, not an element.
    expect(container.querySelector('img')).toBeNull();
    expect(within(list).getByText(/<img src=x onerror="alert\(1\)">/)).toBeTruthy();
    const link = within(list).getByRole('link', { name: 'https://example.com/menu' });
    expect(link.getAttribute('href')).toBe('https://example.com/menu');
    expect(link.getAttribute('rel')).toContain('noopener');
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/messages/read'))).toBe(true),
    );
  });

  it('Enter sends the trimmed text, Shift+Enter adds a line, a blank message is not sent', async () => {
    const user = userEvent.setup();
    renderPanel();
    const box = await screen.findByLabelText('Write a message');
    await user.type(box, '   {Enter}');
    expect(requests.filter((r) => r.method === 'POST' && r.url.endsWith('/messages'))).toHaveLength(0);
    await user.clear(box);
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line {Enter}');
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.url.endsWith('/messages'))?.body).toEqual({
        body: 'First line\nsecond line',
      }),
    );
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(await screen.findByText(/second line/)).toBeTruthy();
  });

  it('is read-only for the admin: no composer, no read marker', async () => {
    thread = { ...thread, side: null, can_write: false, unread: 0, last_read_seq: 0 };
    renderPanel();
    expect(await screen.findByText(/Read-only: the admin can read this conversation/)).toBeTruthy();
    expect(screen.queryByLabelText('Write a message')).toBeNull();
    expect(requests.some((r) => r.url.endsWith('/messages/read'))).toBe(false);
  });
});
