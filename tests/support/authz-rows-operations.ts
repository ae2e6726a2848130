/**
 * Rows of the authorization matrix: the admin's email test and debug tools (SPEC §2 admin
 * dashboard tabs, §6 "uses email test and debug tools"; tests/operations.test.ts).
 */
import { eq } from 'drizzle-orm';
import { emailAttachments, emailOutbox } from '../../src/server/db/schema';
import { ADMIN_ONLY, type Expected, type Row, w } from './authz-world';

/** The email tools queue the message and answer 202. */
const ADMIN_QUEUES: Expected = [401, 403, 403, 403, 403, 202];

/** An email in the outbox, straight in the table (as the outbox worker would find it). */
async function queuedEmail(status: 'pending' | 'failed') {
  const [row] = await w.env.ctx.db
    .insert(emailOutbox)
    .values({
      template: 'test_email',
      to: 'queued@example.com',
      subject: 'Queued',
      html: '<p>x</p>',
      text: 'x',
      status,
    })
    .returning();
  return row!;
}
/** A queued email with a file stored beside it (decision 80). */
async function emailWithFile() {
  const m = await queuedEmail('pending');
  const content = Buffer.from('%PDF-1.7 a receipt');
  const [file] = await w.env.ctx.db
    .insert(emailAttachments)
    .values({
      outbox_id: m.id,
      filename: 'velvet-receipt-VLV-00000000.pdf',
      content_type: 'application/pdf',
      content,
      size: content.length,
    })
    .returning();
  return { m, file: file! };
}
const outboxRow = (id: string) => () => w.env.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));

export const OPERATIONS_ROWS: Row[] = [
  {
    route: 'GET /api/audit',
    source: 'issue 30: the admin reads the audit trail, a host the entries about their venues',
    expect: [401, 403, 403, 200, 200, 200],
    prepare: async () => ({ path: '/api/audit' }),
  },
  {
    route: 'POST /api/send-email',
    source: 'SPEC §6 admin email tools; tests/operations.test.ts',
    expect: ADMIN_QUEUES,
    prepare: async () => ({
      path: '/api/send-email',
      json: { to: 'x@example.com', subject: 'Hi', html: '<p>Hi</p>' },
    }),
  },
  {
    route: 'POST /api/test-email',
    source: 'SPEC §6 admin email tools',
    expect: ADMIN_QUEUES,
    prepare: async () => ({ path: '/api/test-email', json: { to: 'x@example.com' } }),
  },
  {
    route: 'GET /api/admin/outbox',
    source: 'SPEC §6 admin tools',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/outbox' }),
  },
  {
    route: 'POST /api/admin/outbox/:id/retry',
    source: 'SPEC §6 admin tools; tests/operations.test.ts',
    expect: ADMIN_ONLY,
    prepare: async () => {
      const m = await queuedEmail('failed');
      return { path: `/api/admin/outbox/${m.id}/retry`, snapshot: outboxRow(m.id) };
    },
  },
  {
    route: 'POST /api/admin/outbox/:id/cancel',
    source: 'SPEC §6 admin tools; tests/operations.test.ts',
    expect: ADMIN_ONLY,
    prepare: async () => {
      const m = await queuedEmail('pending');
      return { path: `/api/admin/outbox/${m.id}/cancel`, snapshot: outboxRow(m.id) };
    },
  },
  {
    route: 'GET /api/admin/outbox/:id/attachments/:attachment',
    source: 'issue 31: the receipt attached to the payment email; tests/mail-receipt-attachment.test.ts',
    expect: ADMIN_ONLY,
    prepare: async () => {
      const { m, file } = await emailWithFile();
      return { path: `/api/admin/outbox/${m.id}/attachments/${file.id}` };
    },
  },
  {
    route: 'GET /api/admin/email-templates',
    source: 'SPEC §6 admin tools',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/email-templates' }),
  },
  {
    route: 'POST /api/admin/email-templates/:name/send',
    source: 'SPEC §6 admin tools',
    expect: ADMIN_QUEUES,
    prepare: async () => ({
      path: '/api/admin/email-templates/booking_accepted/send',
      json: { to: 'x@example.com' },
    }),
  },
  {
    route: 'GET /api/admin/environment',
    source: 'SPEC §2 Environment Debug tab, admin only',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/environment' }),
  },
  {
    route: 'GET /api/admin/server-log',
    source: 'SPEC §2 Console Debug tab, admin only',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/server-log' }),
  },
];
