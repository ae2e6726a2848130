/**
 * Issue 15, graceful shutdown: the real server (src/server/main.ts under tsx) gets SIGTERM
 * while a request is in flight and a live stream is open. It stops accepting, finishes the
 * request, ends the stream with a reconnect hint, stops its workers and exits 0 within 10 s.
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
  };
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    pgName = `velvet_shutdown_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName} TEMPLATE ${inject('pgTemplateDb')}`);
    await admin.end();
    env.DATABASE_URL = withDatabase(url, pgName);
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

    await streamEnded;
    expect(streamText).toContain('event: shutdown');
    expect(streamText).toMatch(/retry: \d+/);

    // New connections are refused once the server stopped accepting.
    await new Promise((r) => setTimeout(r, 300));
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    // The request that was in flight still gets its answer (a wrong password: 401).
    expect(await inFlight).toBe(401);

    const code = await exited;
    expect(code, output).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output).toContain('shutting down');
    expect(output).toContain('stopped');
  }, 30_000);
});
