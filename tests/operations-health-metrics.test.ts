/**
 * Issue 32: liveness never asks the database, readiness checks the database, the migrations and
 * photo storage and says which failed; each metric moves when its cause happens.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app';
import { LocalDiskStorage } from '../src/server/adapters/storage';
import { createLogger } from '../src/server/logger';
import { enqueueEmail } from '../src/server/mail/outbox';
import { createContext } from '../src/server/runtime';
import { UnreadMessagesWorker } from '../src/server/jobs/unread-messages';
import { createTestEnv, RecordingTransport, type TestEnv } from './support/env';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

/** The value of one series in Prometheus text, or undefined when it is not there. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = line.match(/^([a-z_]+)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /api/health/live and /api/health/ready', () => {
  it('both answer 200 on a healthy server; readiness lists each check', async () => {
    const live = await env.app.request('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toMatchObject({ status: 'ok' });

    const ready = await env.app.request('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', shutdown: 'ok' },
    });
  });

  it('readiness answers 503 naming photo storage when it cannot be written; liveness stays 200', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-ready-'));
    const file = path.join(dir, 'not-a-folder');
    await writeFile(file, 'x');
    const ctx = await createContext(env.config, env.ctx.database, createLogger('silent'), {
      mail: new RecordingTransport(),
      storage: new LocalDiskStorage(path.join(file, 'uploads')),
    });
    try {
      const app = createApp(ctx);
      const ready = await app.request('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('2');
      const body = await ready.json();
      expect(body.reason).toBe('Photo storage (disk) is unavailable.');
      expect(body.checks).toMatchObject({ database: 'ok', migrations: 'ok', shutdown: 'ok' });
      expect((await app.request('/api/health/live')).status).toBe(200);
    } finally {
      await ctx.changes.stop();
    }
  });

  it('readiness answers 503 when a migration this build ships is not applied', async () => {
    await env.ctx.db.execute(
      `update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    try {
      const ready = await env.app.request('/api/health/ready');
      expect(ready.status).toBe(503);
      expect((await ready.json()).reason).toMatch(/migrations are not applied/);
    } finally {
      await env.ctx.db.execute(
        `update drizzle.__drizzle_migrations set created_at = created_at + 1 where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
    }
    expect((await env.app.request('/api/health/ready')).status).toBe(200);
  });

  it('with the database gone, liveness stays 200 and readiness answers 503 saying why', async () => {
    const other = await createTestEnv();
    const app = other.app;
    expect((await app.request('/api/health/ready')).status).toBe(200);
    await other.close(); // closes the connection, and drops the database on PostgreSQL
    const live = await app.request('/api/health/live');
    expect(live.status).toBe(200);
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    const body = await ready.json();
    expect(body.status).toBe('unavailable');
    expect(body.checks.database).not.toBe('ok');
    expect(body.reason).toBe(body.checks.database);
    expect((await app.request('/api/health')).status).toBe(503);
    expect(
      valueOf(await other.ctx.metrics.text(), 'velvet_db_errors_total', { kind: 'health' }),
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('metrics (velvet_*)', () => {
  it('count requests by route template and status, with durations', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const before = await env.ctx.metrics.text();
    const labels = { method: 'GET', route: '/api/venues/:id', status: '404' };
    const was = valueOf(before, 'velvet_http_requests_total', labels) ?? 0;
    expect((await env.app.request(`/api/venues/${id}`)).status).toBe(404);
    expect((await env.app.request(`/api/venues/${id.replace('1', '2')}`)).status).toBe(404);
    const after = await env.ctx.metrics.text();
    expect(valueOf(after, 'velvet_http_requests_total', labels)).toBe(was + 2);
    expect(
      valueOf(after, 'velvet_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/venues/:id',
      }),
    ).toBeGreaterThanOrEqual(2);
    // One series per template, never one per id.
    expect(after).not.toContain(id);
  });

  it('show the outbox by status and the age of its oldest pending email', async () => {
    const pending = async () =>
      valueOf(await env.ctx.metrics.text(), 'velvet_outbox_messages', { status: 'pending' });
    const was = (await pending()) ?? 0;
    await enqueueEmail(env.ctx.db, 'test_email', 'metrics@example.com', {
      subject: 'Metrics',
      text: 'Counted.',
      html: '<p>Counted.</p>',
    });
    expect(await pending()).toBe(was + 1);
    expect(
      valueOf(await env.ctx.metrics.text(), 'velvet_outbox_oldest_pending_seconds'),
    ).toBeGreaterThanOrEqual(0);
    await env.worker.runOnce();
    expect(await pending()).toBe(was);
  });

  it("record each job's runs, last run and lag", async () => {
    await new UnreadMessagesWorker(env.ctx).tick();
    const text = await env.ctx.metrics.text();
    expect(
      valueOf(text, 'velvet_job_runs_total', { job: 'unread messages', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    const last = valueOf(text, 'velvet_job_last_run_timestamp_seconds', { job: 'unread messages' })!;
    expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(60);
    expect(valueOf(text, 'velvet_job_lag_seconds', { job: 'unread messages' })).toBe(0);
  });

  it('count live-stream clients while they are connected', async () => {
    const res = await env.app.request('/api/events');
    const reader = res.body!.getReader();
    await reader.read(); // the `ready` event: the stream is open
    expect(valueOf(await env.ctx.metrics.text(), 'velvet_live_clients')).toBe(1);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 50));
    expect(valueOf(await env.ctx.metrics.text(), 'velvet_live_clients')).toBe(0);
  });

  it("show the venue index's size and whether it is current", async () => {
    await env.app.request('/api/venues'); // the first list asks the index to load
    for (let i = 0; i < 100; i++) {
      if (valueOf(await env.ctx.metrics.text(), 'velvet_venue_index_current') === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const text = await env.ctx.metrics.text();
    expect(valueOf(text, 'velvet_venue_index_current')).toBe(1);
    expect(valueOf(text, 'velvet_venue_index_venues')).toBe(env.ctx.publicReads.index!.size);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'show the PostgreSQL pool: a checkout makes a connection',
    async () => {
      await env.app.request('/api/venues/stats');
      const text = await env.ctx.metrics.text();
      expect(valueOf(text, 'velvet_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'velvet_db_pool_waiting')).toBe(0);
    },
  );
});
