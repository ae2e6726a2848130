/**
 * The receipt PDF attached to the payment email (issue 31, decision 80): paying queues the
 * `payment_receipt` email with "velvet-receipt-<reference>.pdf" stored beside it; a real SMTP
 * server receives it as a MIME attachment whose text (read back with pdf-parse) holds the
 * reference and the amount paid. The file is the receipt as it stood at the payment: a later
 * refund does not change what was sent, nor what the admin downloads from the outbox. Only the
 * admin may download it; the card-on-file email has no attachment (nothing was charged).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { emailAttachments, emailOutbox, type Venue } from '../src/server/db/schema';
import { SmtpTransport } from '../src/server/adapters/mail';
import { createLogger } from '../src/server/logger';
import { OutboxWorker } from '../src/server/mail/outbox';
import { call } from './support/client';
import { createTestEnv, type TestEnv } from './support/env';
import { confirmedBooking, pay } from './support/payments-fixtures';
import { TestSmtpServer } from './support/smtp';
import { ROLES, cookieOf, createAccounts, freezeClock, insertVenue, type Accounts } from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;
let smtp: TestSmtpServer;
let transport: SmtpTransport;
beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host, { name: 'Velvet Room', cancellation_policy: 'flexible' });
  transport = new SmtpTransport(smtp.url, 'Velvet <no-reply@velvet.test>');
});
afterAll(async () => {
  transport.close();
  await smtp.stop();
  await env.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await env.ctx.db.delete(emailOutbox);
});

const readPdf = async (bytes: Uint8Array) => (await new PDFParse({ data: bytes }).getText()).text;

/** Delivers everything due over SMTP. */
async function deliver() {
  const worker = new OutboxWorker(env.ctx.db, transport, createLogger('silent'), {
    messageIdDomain: 'localhost',
    backoff: () => 0,
  });
  while ((await worker.runOnce(50)) > 0);
}

interface ListedMessage {
  id: string;
  template: string;
  status: string;
  attachments: { id: string; filename: string; content_type: string; size: number; url: string }[];
}
async function outbox(template: string): Promise<ListedMessage[]> {
  const res = await call(env, 'GET', '/api/admin/outbox?page_size=100', { cookie: a.admin.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as ListedMessage[]).filter((m) => m.template === template);
}

const download = (cookie: string | null, url: string) =>
  env.app.request(url, { headers: cookie ? { cookie } : {} });

async function paidNight() {
  const b = await confirmedBooking(env, venue, a.guest, { total_price: 340.5 });
  await pay(env, a.guest, b.id);
  return { b, reference: `VLV-${b.id.slice(0, 8).toUpperCase()}` };
}

describe('the receipt attached to the payment email', () => {
  it('arrives over SMTP as a PDF with the reference and the amount paid', async () => {
    const { reference } = await paidNight();
    const [queued] = await outbox('payment_receipt');
    expect(queued!.attachments).toEqual([
      {
        id: expect.any(String),
        filename: `velvet-receipt-${reference}.pdf`,
        content_type: 'application/pdf',
        size: expect.any(Number),
        url: `/api/admin/outbox/${queued!.id}/attachments/${queued!.attachments[0]!.id}`,
      },
    ]);

    await deliver();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe('Receipt: your booking at Velvet Room is paid');
    expect(mail.text).toContain('$340.50');
    expect(mail.attachments.map((f) => [f.filename, f.contentType])).toEqual([
      [`velvet-receipt-${reference}.pdf`, 'application/pdf'],
    ]);
    const file = mail.attachments[0]!.content;
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.length).toBe(queued!.attachments[0]!.size);
    const text = await readPdf(new Uint8Array(file));
    for (const expected of [reference, 'Velvet Room', '$340.50', 'Visa ending in 4242']) {
      expect(text).toContain(expected);
    }
    const [sent] = await outbox('payment_receipt');
    expect(sent!.status).toBe('sent');
  });

  it('is the receipt as it was at the payment: a later refund changes neither it nor the download', async () => {
    const { b } = await paidNight();
    await deliver();
    const sentBytes = smtp.received[0]!.attachments[0]!.content;
    const cancelled = await call(env, 'POST', `/api/bookings/${b.id}/cancel`, {
      cookie: a.guest.cookie,
      json: { reason: 'Plans changed' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    const [message] = await outbox('payment_receipt');
    const res = await download(a.admin.cookie, message!.attachments[0]!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${message!.attachments[0]!.filename}"`,
    );
    const downloaded = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(downloaded).equals(sentBytes)).toBe(true);
    const sentText = await readPdf(downloaded);
    expect(sentText).toContain('Refunded $0.00');
    expect(sentText).not.toContain('-$340.50');
    // The receipt page and its PDF are current: they show the refund.
    const current = await call(env, 'GET', `/api/bookings/${b.id}/receipt`, { cookie: a.guest.cookie });
    expect(current.body).toMatchObject({ refunded_cents: 34050, net_cents: 0 });
  });

  it('a retried message sends the same file again', async () => {
    await paidNight();
    await deliver();
    const [message] = await outbox('payment_receipt');
    // As if the admin retried an uncertain delivery.
    await env.ctx.db.update(emailOutbox).set({ status: 'uncertain' }).where(eq(emailOutbox.id, message!.id));
    const retried = await call(env, 'POST', `/api/admin/outbox/${message!.id}/retry`, {
      cookie: a.admin.cookie,
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.attachments).toEqual(message!.attachments);
    await deliver();
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.messageId).toBe(smtp.received[0]!.messageId);
    expect(smtp.received[1]!.attachments[0]!.content.equals(smtp.received[0]!.attachments[0]!.content)).toBe(
      true,
    );
  });

  it('the card-on-file email has no attachment: nothing was charged', async () => {
    const minSpend = await insertVenue(env, a.host, { pricing_type: 'minimum_spend', base_price: 500 });
    const b = await confirmedBooking(env, minSpend, a.guest);
    await pay(env, a.guest, b.id);
    const [message] = await outbox('card_on_file');
    expect(message!.attachments).toEqual([]);
    expect(await env.ctx.db.select().from(emailAttachments)).toHaveLength(0);
    await deliver();
    expect(smtp.received[0]!.attachments).toEqual([]);
  });
});

describe('GET /api/admin/outbox/:id/attachments/:attachment', () => {
  it.each(ROLES)('%s: only the admin downloads it (signed out 401, others 403)', async (role) => {
    await paidNight();
    const [message] = await outbox('payment_receipt');
    const expected = { signedOut: 401, guest: 403, otherGuest: 403, host: 403, otherHost: 403, admin: 200 }[
      role
    ];
    const res = await download(cookieOf(a, role), message!.attachments[0]!.url);
    expect(res.status).toBe(expected);
    if (expected === 200) expect(res.headers.get('content-type')).toBe('application/pdf');
    else expect(res.headers.get('content-type')).not.toBe('application/pdf');
  });

  it('404 for a file of another message, and for ids that name nothing', async () => {
    await paidNight();
    const [message] = await outbox('payment_receipt');
    const [other] = await env.ctx.db
      .insert(emailOutbox)
      .values({ template: 'test_email', to: 'x@example.com', subject: 'x', html: 'x', text: 'x' })
      .returning();
    const file = message!.attachments[0]!.id;
    for (const url of [
      `/api/admin/outbox/${other!.id}/attachments/${file}`,
      `/api/admin/outbox/${message!.id}/attachments/${other!.id}`,
      `/api/admin/outbox/${message!.id}/attachments/not-an-id`,
    ]) {
      const res = await call(env, 'GET', url, { cookie: a.admin.cookie });
      expect(res.status, url).toBe(404);
      expect(res.body.error.message, url).toMatch(/not found/);
    }
  });
});
