import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@/domain/contract';
import { MessageDialog, formatBytes } from './OutboxMessage';

const message: OutboxMessage = {
  id: '0b6f1f4e-2222-4c1a-9d44-000000000001',
  template: 'payment_receipt',
  to: 'jamie@velvet.test',
  subject: 'Receipt: your booking at The Velvet Room is paid',
  html: '<p>Payment received</p>',
  text: 'Payment received',
  status: 'sent',
  attempts: 1,
  next_attempt_at: '2030-11-01T00:00:00.000Z',
  last_error: null,
  transport: 'mailbox',
  created_at: '2030-11-01T00:00:00.000Z',
  sent_at: '2030-11-01T00:00:01.000Z',
  senders: [],
  sent_from: null,
  message_id: '<0b6f1f4e@velvet.local>',
  attachments: [],
};

const renderDialog = (m: OutboxMessage) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageDialog message={m} onClose={() => undefined} />
    </QueryClientProvider>,
  );

describe('MessageDialog', () => {
  it('lists the attached files with a download link to the admin endpoint', () => {
    const url = `/api/admin/outbox/${message.id}/attachments/7d5e2a4c-1111-4c1a-9d44-000000000001`;
    renderDialog({
      ...message,
      attachments: [
        {
          id: '7d5e2a4c-1111-4c1a-9d44-000000000001',
          filename: 'velvet-receipt-VLV-0B6F1F4E.pdf',
          content_type: 'application/pdf',
          size: 2458,
          url,
        },
      ],
    });
    const section = screen.getByRole('region', { name: 'Attachments' });
    const link = within(section).getByRole('link', { name: /velvet-receipt-VLV-0B6F1F4E\.pdf/ });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('download')).toBe('velvet-receipt-VLV-0B6F1F4E.pdf');
    expect(link.textContent).toContain('(2.4 KB)');
  });

  it('shows no attachments section when the message has none', () => {
    renderDialog(message);
    expect(screen.queryByRole('region', { name: 'Attachments' })).toBeNull();
  });

  it('formats sizes', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(2458)).toBe('2.4 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
