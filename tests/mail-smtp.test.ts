/**
 * Email delivery against a real SMTP server on 127.0.0.1, started by this file: every template
 * of the registry arrives right; temporary refusals are retried and delivered once; a server that
 * is down for a while loses and doubles nothing; a worker that dies after the SMTP server accepted
 * a message never sends it again on its own; test emails fall back to the next sender address;
 * two workers on two connection pools deliver 200 messages exactly once each.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openPostgres, type Database, type Db } from '../src/server/db/client';
import { emailOutbox } from '../src/server/db/schema';
import { SmtpTransport, type MailTransport, type OutgoingMail } from '../src/server/adapters/mail';
import { createLogger, logRingOf } from '../src/server/logger';
import { enqueueEmail, OutboxWorker, UNCERTAIN_MESSAGE } from '../src/server/mail/outbox';
import { EMAIL_TEMPLATES, TEMPLATE_NAMES } from '../src/server/mail/registry';
import { escapeHtml } from '../src/server/mail/layout';
import { createTestEnv, PUBLIC_URL, type TestEnv } from './support/env';
import { call, signUpAndSignIn, type Actor } from './support/client';
import { TestSmtpServer } from './support/smtp';

const FROM = 'Velvet <no-reply@velvet.test>';
const FALLBACK = 'Velvet Alerts <alerts@velvet.test>';

let env: TestEnv;
let smtp: TestSmtpServer;
let admin: Actor;
const transports: SmtpTransport[] = [];

beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  env = await createTestEnv({
    MAIL_FROM: FROM,
    MAIL_FROM_FALLBACKS: FALLBACK,
    EMAIL_TOOLS_PER_MINUTE: '100',
  });
  admin = await signUpAndSignIn(env, { role: 'admin' });
  // Only the messages of each test: drop the sign-up emails.
  await env.ctx.db.delete(emailOutbox);
});
afterAll(async () => {
  for (const t of transports) t.close();
  await smtp.stop();
  await env.close();
});
afterEach(async () => {
  smtp.received.length = 0;
  smtp.refuseNext = 0;
  smtp.refused = 0;
  smtp.refusedSenders.clear();
  await env.ctx.db.delete(emailOutbox);
});

function smtpTransport(): SmtpTransport {
  const t = new SmtpTransport(smtp.url, FROM);
  transports.push(t);
  return t;
}

/** A worker sending over SMTP with no backoff (each run retries what failed at once). */
function smtpWorker(db: Db = env.ctx.db, transport: MailTransport = smtpTransport(), leaseSeconds = 120) {
  const log = createLogger('silent');
  const worker = new OutboxWorker(db, transport, log, {
    defaultFrom: FROM,
    messageIdDomain: 'localhost',
    backoff: () => 0,
    leaseSeconds,
  });
  return { worker, log };
}

async function rowsOf(ids: string[]) {
  return env.ctx.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
}

/** Runs the worker until nothing is due (or `max` runs). */
async function drain(worker: OutboxWorker, max = 50) {
  for (let i = 0; i < max; i++) if ((await worker.runOnce(50)) === 0) return;
}

/** Client routes the emails may link to (src/web/App.tsx). */
const ROUTES = [
  /^\/$/,
  /^\/confirm-email$/,
  /^\/forgot-password$/,
  /^\/user-auth$/,
  /^\/host-auth$/,
  /^\/reset-password$/,
  /^\/user-dashboard$/,
  /^\/host-dashboard$/,
  /^\/admin-dashboard$/,
  /^\/venue\/[0-9a-f-]{36}$/,
  /^\/edit-venue\/[0-9a-f-]{36}$/,
  /^\/venue-management\/[0-9a-f-]{36}$/,
  /^\/review\/[0-9a-f-]{36}$/,
  /^\/account$/,
];

describe('every template over SMTP', () => {
  it('arrives with its subject, recipient, escaped values and working links', async () => {
    const ids: string[] = [];
    for (const name of TEMPLATE_NAMES) {
      const content = EMAIL_TEMPLATES[name].sample(PUBLIC_URL);
      ids.push(await enqueueEmail(env.ctx.db, name, `${name}@example.com`, content, { sample: true }));
    }
    const { worker } = smtpWorker();
    await drain(worker);

    expect(smtp.received).toHaveLength(TEMPLATE_NAMES.length);
    for (const name of TEMPLATE_NAMES) {
      const content = EMAIL_TEMPLATES[name].sample(PUBLIC_URL);
      const mail = smtp.received.find((m) => m.to[0] === `${name}@example.com`);
      expect(mail, name).toBeTruthy();
      expect(mail!.subject, name).toBe(content.subject);
      expect(mail!.headers.to, name).toContain(`${name}@example.com`);
      expect(mail!.from, name).toBe('no-reply@velvet.test');
      expect(mail!.messageId, name).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
      // Values with &, ' and " arrive escaped in the HTML and as they are in the text.
      if (content.text.includes('Velvet & Vine')) {
        expect(mail!.html, name).toContain(escapeHtml('Velvet & Vine'));
        expect(mail!.html, name).not.toMatch(/Velvet & Vine/);
        expect(mail!.text, name).toContain('Velvet & Vine');
      }
      if (content.text.includes("O'Neil")) expect(mail!.html, name).toContain('O&#39;Neil');
      expect(mail!.html, name).not.toMatch(/<script/i);
      // Every link points at a page of this site, and the text part carries the same links.
      const links = [...mail!.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      if (!EMAIL_TEMPLATES[name].adHoc) expect(links.length, name).toBeGreaterThan(0);
      for (const href of links) {
        const url = new URL(href);
        expect(url.origin, `${name}: ${href}`).toBe(new URL(PUBLIC_URL).origin);
        expect(
          ROUTES.some((r) => r.test(url.pathname)),
          `${name}: ${url.pathname} is a route`,
        ).toBe(true);
        expect(mail!.text, `${name}: text has ${href}`).toContain(href);
      }
    }
    const rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.transport === 'smtp')).toBe(true);
  });

  it('the confirmation link in the email confirms the account', async () => {
    const email = 'smtp.confirm@example.com';
    const signUp = await call(env, 'POST', '/api/accounts/sign-up', {
      json: { email, password: 'NightOwl2026', full_name: 'Sam "Smtp" O\'Hara', role: 'user' },
    });
    expect(signUp.status).toBe(201);
    const { worker } = smtpWorker();
    await drain(worker);
    const mail = smtp.received.find((m) => m.to[0] === email)!;
    expect(mail.subject).toBe('Confirm your Velvet account');
    expect(mail.html).toContain('Sam &quot;Smtp&quot; O&#39;Hara');
    const href = mail.text.match(/https?:\/\/\S+confirm-email\S+/)![0];
    const link = new URL(href);
    const confirm = await call(env, 'POST', '/api/accounts/confirm', {
      json: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
    });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  });
});

describe('retries', () => {
  it('three refusals then acceptance: delivered once, three failures recorded', async () => {
    smtp.refuseNext = 3;
    const content = EMAIL_TEMPLATES.booking_accepted.sample(PUBLIC_URL);
    const id = await enqueueEmail(env.ctx.db, 'booking_accepted', 'retry@example.com', content);
    const { worker, log } = smtpWorker();
    const errors: string[] = [];
    for (let i = 0; i < 3; i++) {
      await worker.runOnce();
      const [row] = await rowsOf([id]);
      expect(row!.status).toBe('pending');
      expect(row!.attempts).toBe(i + 1);
      expect(row!.last_error).toMatch(/451|Try again later/);
      errors.push(row!.last_error!);
    }
    await worker.runOnce();
    const [row] = await rowsOf([id]);
    expect(row!.status).toBe('sent');
    expect(row!.attempts).toBe(4);
    expect(row!.last_error).toBeNull();
    expect(smtp.refused).toBe(3);
    expect(smtp.received).toHaveLength(1);
    expect(errors).toHaveLength(3);
    // The three failures are also in the server log's ring (the admin's Console Debug).
    const failures = (logRingOf(log)?.list() ?? []).filter((e) => e.msg === 'outbox: send failed');
    expect(failures).toHaveLength(3);
    await drain(worker);
    expect(smtp.received).toHaveLength(1);
  });

  it('SMTP down for a while: every queued message is delivered when it returns, none lost, none doubled', async () => {
    const port = smtp.port;
    await smtp.stop();
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      ids.push(
        await enqueueEmail(env.ctx.db, 'test_email', `down${i}@example.com`, {
          subject: `Down test ${i}`,
          html: `<p>Message ${i}</p>`,
          text: `Message ${i}`,
        }),
      );
    }
    const { worker } = smtpWorker();
    await worker.runOnce(50);
    await worker.runOnce(50);
    for (const row of await rowsOf(ids)) {
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(2);
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    }
    await smtp.start();
    expect(smtp.port).toBe(port);
    await drain(worker);
    const rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(smtp.received).toHaveLength(15);
    expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(15);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(15);
  });
});

describe('the database fails while a batch is being delivered', () => {
  it('a message whose outcome cannot be recorded does not leave the rest of its batch stranded', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await enqueueEmail(env.ctx.db, 'test_email', `batch${i}@example.com`, {
          subject: `Batch ${i}`,
          html: `<p>Message ${i}</p>`,
          text: `Message ${i}`,
        }),
      );
    }
    // Recording the second message as sent fails: a real error, raised by a trigger.
    await env.ctx.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_outbox_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the database is going away' USING ERRCODE = '57P03'; END $$`),
    );
    await env.ctx.db.execute(
      sql.raw(`CREATE TRIGGER test_outbox_fault BEFORE UPDATE ON email_outbox FOR EACH ROW
        WHEN (NEW.status = 'sent' AND NEW."to" = 'batch1@example.com') EXECUTE FUNCTION test_outbox_fault()`),
    );
    const worker = new OutboxWorker(env.ctx.db, smtpTransport(), createLogger('silent'), {
      defaultFrom: FROM,
      messageIdDomain: 'localhost',
      recordAttempts: 3,
      recordPauseMs: 10,
    });
    try {
      await expect(worker.runOnce(50)).rejects.toThrow();
    } finally {
      await env.ctx.db.execute(sql.raw('DROP TRIGGER test_outbox_fault ON email_outbox'));
    }
    await drain(worker);
    const status = new Map((await rowsOf(ids)).map((r) => [r.to, r.status]));
    // The one sent but not recorded waits for its lease (then `uncertain`); the others went out.
    expect(status.get('batch1@example.com')).toBe('sending');
    for (const i of [0, 2, 3, 4]) expect(status.get(`batch${i}@example.com`)).toBe('sent');
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(ids.map((_, i) => `batch${i}@example.com`));
  });
});

describe('a worker that dies after the SMTP server accepted the message', () => {
  it('is never resent on its own: the row becomes uncertain, and a manual retry keeps the Message-ID', async () => {
    const real = smtpTransport();
    let accepted!: () => void;
    const acceptedOnce = new Promise<void>((r) => (accepted = r));
    // Sends for real, then never returns: the process "dies" before it can record `sent`.
    const dying: MailTransport = {
      name: 'smtp',
      async send(message: OutgoingMail) {
        await real.send(message);
        accepted();
        await new Promise(() => undefined);
      },
    };
    const id = await enqueueEmail(env.ctx.db, 'booking_confirmed', 'killed@example.com', {
      ...EMAIL_TEMPLATES.booking_confirmed.sample(PUBLIC_URL),
    });
    const { worker: doomed } = smtpWorker(env.ctx.db, dying, 1);
    void doomed.runOnce();
    await acceptedOnce;
    expect(smtp.received).toHaveLength(1);
    const [sending] = await rowsOf([id]);
    expect(sending!.status).toBe('sending');

    // Another process's worker runs after the lease (1 s) has run out.
    await new Promise((r) => setTimeout(r, 1300));
    const { worker: survivor } = smtpWorker();
    await drain(survivor);
    await drain(survivor);
    const [row] = await rowsOf([id]);
    expect(row!.status).toBe('uncertain');
    expect(row!.last_error).toBe(UNCERTAIN_MESSAGE);
    expect(smtp.received).toHaveLength(1);

    // The admin decides to retry: it goes out again with the same Message-ID.
    const retry = await call(env, 'POST', `/api/admin/outbox/${id}/retry`, { cookie: admin.cookie });
    expect(retry.status).toBe(200);
    await drain(survivor);
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.messageId).toBe(smtp.received[0]!.messageId);
    const [after] = await rowsOf([id]);
    expect(after!.status).toBe('sent');
  });
});

describe('a worker killed in the middle of a run', () => {
  it('strands only the message it was handing over: every queued email is received exactly once', async () => {
    const real = smtpTransport();
    let handed = 0;
    let reachedThird!: () => void;
    const third = new Promise<void>((r) => (reachedThird = r));
    // Sends two messages, hands the third to the server and then never returns (the process
    // was killed with SIGKILL: nothing after this point runs).
    const dying: MailTransport = {
      name: 'smtp',
      async send(message: OutgoingMail) {
        await real.send(message);
        if (++handed === 3) {
          reachedThird();
          await new Promise(() => undefined);
        }
      },
    };
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await enqueueEmail(env.ctx.db, 'test_email', `run${i}@example.com`, {
          subject: `Run ${i}`,
          html: `<p>Message ${i}</p>`,
          text: `Message ${i}`,
        }),
      );
    }
    const { worker: doomed } = smtpWorker(env.ctx.db, dying, 1);
    void doomed.runOnce(20);
    await third;
    // Only the message being handed over is claimed; the nine it had not reached are untouched.
    const during = await rowsOf(ids);
    expect(during.filter((r) => r.status === 'sending')).toHaveLength(1);
    expect(during.filter((r) => r.status === 'pending' && r.attempts === 0)).toHaveLength(9);

    await new Promise((r) => setTimeout(r, 1300));
    const { worker: survivor } = smtpWorker();
    await drain(survivor);
    const rows = await rowsOf(ids);
    expect(rows.filter((r) => r.status === 'uncertain').map((r) => r.to)).toEqual(['run2@example.com']);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(11);
    const received = smtp.received.map((m) => m.to[0]).sort();
    expect(received).toEqual(ids.map((_, i) => `run${i}@example.com`).sort());
  });
});

describe('test emails try each sender address in turn', () => {
  it('MAIL_FROM refused → sent from the fallback, and the answer says so', async () => {
    smtp.refusedSenders.add('no-reply@velvet.test');
    const { worker } = smtpWorker();
    worker.start();
    try {
      const res = await call(env, 'POST', '/api/test-email', {
        cookie: admin.cookie,
        json: { to: 'fallback@example.com', subject: 'Fallback test', html: '<p>Hi</p>' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        status: 'sent',
        senders: [FROM, FALLBACK],
        sent_from: FALLBACK,
      });
      expect(res.body.last_error).toMatch(/no-reply@velvet\.test.*553/);
    } finally {
      await worker.stop();
    }
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.from).toBe('alerts@velvet.test');
  });

  it('every sender refused → not sent; reported with the reasons and retried later', async () => {
    smtp.refusedSenders.add('no-reply@velvet.test');
    smtp.refusedSenders.add('alerts@velvet.test');
    const { worker } = smtpWorker();
    worker.start();
    try {
      const res = await call(env, 'POST', '/api/test-email', {
        cookie: admin.cookie,
        json: { to: 'nobody@example.com' },
      });
      expect(res.status).toBe(202);
      expect(res.body.success).toBe(false);
      expect(res.body.sent_from).toBeNull();
      expect(res.body.last_error).toContain('alerts@velvet.test');
    } finally {
      await worker.stop();
    }
    expect(smtp.received).toHaveLength(0);
  });
});

describe('several server processes', () => {
  it('two workers on two connection pools deliver 200 queued messages exactly once each', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      ids.push(
        await enqueueEmail(env.ctx.db, 'test_email', `bulk${i}@example.com`, {
          subject: `Bulk ${i}`,
          html: `<p>Bulk ${i}</p>`,
          text: `Bulk ${i}`,
        }),
      );
    }
    // On PostgreSQL the second worker has a pool of its own (another process's view of the
    // database); on PGlite both share the one embedded connection.
    let second: Database | null = null;
    if (env.databaseUrl) second = await openPostgres(env.databaseUrl, 5);
    try {
      const a = smtpWorker(env.ctx.db);
      const b = smtpWorker(second?.db ?? env.ctx.db);
      const run = async (w: OutboxWorker) => {
        for (let i = 0; i < 100; i++) if ((await w.runOnce(7)) === 0) return;
      };
      await Promise.all([run(a.worker), run(b.worker)]);
    } finally {
      await second?.close();
    }
    expect(smtp.received).toHaveLength(200);
    const recipients = smtp.received.map((m) => m.to[0]);
    expect(new Set(recipients).size).toBe(200);
    const sent = await env.ctx.db
      .select()
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'sent')));
    expect(sent).toHaveLength(200);
    expect(sent.every((r) => r.attempts === 1)).toBe(true);
  });
});
