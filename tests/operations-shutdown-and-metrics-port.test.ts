/**
 * Issues 15 and 32, the real server (src/server/main.ts under tsx): metrics on their own port
 * only; on SIGTERM, while a request is in flight and a live stream is open, readiness answers
 * 503 for SHUTDOWN_DELAY_MS while the server still serves, then it stops accepting, finishes
 * the request, ends the stream with a reconnect hint, stops its workers and exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './global-setup';

const root = path.resolve(import.meta.dirname, '..');
let child: ChildProcess;
let port: number;
let metricsPort: number;
const SHUTDOWN_DELAY_MS = 1000;
let output = '';
let dataDir: string;
let pgName: string | undefined;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const p = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return p;
}

async function waitForHealth(deadline: number) {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  port = await freePort();
  metricsPort = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'velvet-shutdown-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    VELVET_NO_STATIC: '1',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    METRICS_PORT: String(metricsPort),
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
  };
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    pgName = `velvet_shutdown_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName} TEMPLATE ${inject('pgTemplateDb')}`);
    await admin.end();
    env.DATABASE_URL = withDatabase(url, pgName);
    // Production with DATABASE_URL requires the bank-details key (decision 59).
    env.DATA_ENCRYPTION_KEY = randomBytes(32).toString('hex');
  }
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitForHealth(Date.now() + 60_000);
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (pgName) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.end();
  }
});

describe('metrics port', () => {
  it('serves Prometheus text on METRICS_PORT, with request counts and Node process metrics; the public port has none', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /velvet_http_requests_total\{method="GET",route="\/api\/health\/live",status="200"\} [1-9]/,
    );
    expect(text).toContain('velvet_process_cpu_user_seconds_total');
    expect(text).toContain('velvet_nodejs_eventloop_lag_seconds');
    expect(text).toContain('velvet_outbox_messages{status="pending"}');
    expect(text).toContain('velvet_job_runs_total');
    for (const path of ['/metrics', '/api/metrics']) {
      const pub = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(pub.status, path).toBe(404);
      expect(await pub.text()).not.toContain('velvet_http_requests_total');
    }
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/venues`)).status).toBe(404);
  });
});

describe('SIGTERM', () => {
  it('finishes the request in flight, ends live streams with a retry hint, exits 0 within 10 s', async () => {
    // A live stream, read until its first event.
    let streamText = '';
    const streamEnded = new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/events' }, (res) => {
          res.setEncoding('utf8');
          res.on('data', (d: string) => (streamText += d));
          res.on('end', () => resolve());
          res.on('error', reject);
        })
        .on('error', reject);
    });
    while (!streamText.includes('event: ready')) await new Promise((r) => setTimeout(r, 50));

    // A request in flight: headers sent, the body still coming when SIGTERM arrives.
    const body = JSON.stringify({ email: 'late@example.com', password: 'NotTheRightOne1' });
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/accounts/sign-in',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1500);
    });
    await new Promise((r) => setTimeout(r, 300));

    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');

    // Draining: not ready, still serving, for SHUTDOWN_DELAY_MS.
    await new Promise((r) => setTimeout(r, 200));
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'unavailable',
      reason: 'The server is shutting down.',
    });
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);

    await streamEnded;
    expect(Date.now() - started).toBeGreaterThanOrEqual(SHUTDOWN_DELAY_MS - 50);
    expect(streamText).toContain('event: shutdown');
    expect(streamText).toMatch(/retry: \d+/);

    // New connections are refused once the server stopped accepting.
    await new Promise((r) => setTimeout(r, 300));
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    // The request that was in flight still gets its answer (a wrong password: 401).
    expect(await inFlight).toBe(401);

    const code = await exited;
    expect(code, output).toBe(0);
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_DELAY_MS + 10_000);
    expect(output).toContain('shutting down');
    expect(output).toContain('stopped');
  }, 30_000);
});
