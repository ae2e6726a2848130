/**
 * Issue 32, a cluster you can run: three app servers (src/server/main.ts) on one PostgreSQL
 * database behind HAProxy (round-robin, no sticky sessions; installed from Debian when
 * missing), with rate limits on and the proxy's address trusted, as in production.
 *
 * 1. Throughput of the browsing mix through the balancer with one, two and three servers
 *    (printed as ratios of one; the machine's cores bound it, so no budget).
 * 2. The mixed load through the balancer: booking requests, approvals, payments and the hosts'
 *    lists (bench/lib/booking-load.ts, clients retrying what got no answer with the same
 *    Idempotency-Key), browsing, sign-ins, messages, and live-update clients on every server.
 *    Midway one server is SIGKILLed; later it starts again.
 * 3. Timed transitions: pending requests made due expire once, whichever server runs the job.
 * 4. Rate limits across servers: failed sign-ins on one account, spread round-robin.
 * 5. A rolling restart (SIGTERM, one server at a time, each back before the next) under a
 *    browsing load: zero failed requests.
 *
 * Checks (exit 1 when any fails): no request lost beyond those in flight on the killed server;
 * every 2xx in the database; every email sent exactly once; live updates on every server; the
 * rate limit holding across servers; each expiry run once; the rolling restart without a
 * failed request.
 *
 *   npm run bench cluster     (BENCH_DATABASE_URL, BENCH_DURATION)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client';
import { SIGN_IN_MAX_FAILURES } from '../src/server/services/accounts/shared';
import { TestSmtpServer } from '../tests/support/smtp';
import { BookingLoad, summarize, type Answer } from './lib/booking-load';
import { checkData, checkMail, drainOutbox, printChecks, type Check } from './lib/load-checks';
import { BENCH_DATABASE_URL, loadAverage, withDatabase } from './lib/load-setup';
import { PASSWORD, createWorld, sessionCookies } from './lib/load-world';
import { ServerProcess, freePort } from './lib/server-process';
import { load } from './venues';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HAPROXY = '/usr/sbin/haproxy';
/** Readiness answers 503 this long before a stopping server closes (more than two HAProxy checks). */
const SHUTDOWN_DELAY_MS = 2500;

/* ---------- the balancer ---------- */

/** The configuration the README's production section shows (with the bench's ports). */
export function haproxyConfig(port: number, servers: number[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  # A busy server may take a while to answer its check: slow is not down.
  timeout check 3s
  timeout client 60s
  timeout server 60s
  # Live updates (Server-Sent Events) stay open for as long as the browser keeps the page.
  timeout tunnel 1h
  # A server that refuses the connection (stopped, or killed) gets the request sent elsewhere;
  # a request a server already received is never sent twice.
  retries 2
  retry-on conn-failure
  option redispatch
  # The app reads the client's address from the right-most X-Forwarded-For (TRUST_PROXY=true).
  option forwardfor
  # No idle server connection is reused: a request is never sent on a connection to a server
  # that died since, where it would fail without a retry.
  http-reuse never

frontend velvet
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  # Readiness: 503 while a server drains on SIGTERM (SHUTDOWN_DELAY_MS), so it leaves the pool
  # before it stops accepting.
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
${servers.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
}

class Balancer {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(path.join(os.tmpdir(), 'velvet-haproxy-'));
  constructor(readonly port: number) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(servers: number[]) {
    await this.stop();
    const file = path.join(this.dir, 'haproxy.cfg');
    writeFileSync(file, haproxyConfig(this.port, servers));
    const check = spawnSync(HAPROXY, ['-c', '-q', '-f', file], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy config: ${check.stderr}`);
    this.child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${this.base}/api/health/ready`).catch(() => null);
      if (res?.status === 200) {
        await sleep(1500); // every server's first checks have passed
        return;
      }
      await sleep(100);
    }
    throw new Error('haproxy did not start');
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  cleanup() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function ensureHaproxy() {
  if (existsSync(HAPROXY)) return;
  console.log('installing haproxy (Debian)…');
  const r = spawnSync('apt-get', ['install', '-y', 'haproxy'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0 || !existsSync(HAPROXY)) throw new Error('haproxy could not be installed');
}

/* ---------- live-update clients ---------- */

/** A live stream opened straight on one server, counting the `booking` events it receives. */
class LiveClient {
  events = 0;
  private readonly abort = new AbortController();
  constructor(base: string, cookie: string) {
    void (async () => {
      for (;;) {
        try {
          const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: this.abort.signal });
          const reader = res.body!.getReader();
          const decoder = new TextDecoder();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            this.events += (decoder.decode(value).match(/event: booking/g) ?? []).length;
          }
        } catch {
          if (this.abort.signal.aborted) return;
        }
        await sleep(500); // the server went away: reconnect, as EventSource does
      }
    })();
  }
  close() {
    this.abort.abort();
  }
}

/* ---------- the other parts of the mix ---------- */

interface Loop {
  answers: Answer[];
  stop(): Promise<void>;
}

function loop(base: string, body: (i: number) => Promise<Answer>, workers = 2): Loop {
  const answers: Answer[] = [];
  let stopped = false;
  const run = async (w: number) => {
    for (let i = w; !stopped; i += workers) answers.push(await body(i));
  };
  const running = Promise.all(Array.from({ length: workers }, (_, w) => run(w)));
  return {
    answers,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

async function timed(kind: string, url: string, init: RequestInit = {}): Promise<Answer> {
  const t = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    return { kind: kind as Answer['kind'], status: res.status, at: t, ms: performance.now() - t, body: text };
  } catch (err) {
    return { kind: kind as Answer['kind'], status: 0, at: t, ms: performance.now() - t, body: String(err) };
  }
}

const failed = (a: Answer) => a.status === 0 || a.status >= 500;

/* ---------- the run ---------- */

async function main() {
  ensureHaproxy();
  const dbName = `velvet_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const databaseUrl = withDatabase(BENCH_DATABASE_URL, dbName);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'velvet-cluster-'));
  const smtp = new TestSmtpServer();
  await smtp.start();
  const database = await openPostgres(databaseUrl, 4, { connectMs: 30_000, queryMs: 120_000 });
  const balancer = new Balancer(await freePort());
  const secret = randomBytes(32).toString('hex');
  const encryptionKey = randomBytes(32).toString('hex');
  const servers = [0, 1, 2].map(
    () =>
      new ServerProcess({
        dataDir,
        databaseUrl,
        smtpUrl: smtp.url,
        env: {
          AUTH_SECRET: secret,
          DATA_ENCRYPTION_KEY: encryptionKey,
          PUBLIC_URL: balancer.base,
          TRUST_PROXY: 'true',
          RATE_LIMITS: 'true',
          SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
        },
      }),
  );
  const checks: Check[] = [];
  try {
    await database.migrate();
    // Within the per-address limits: every request comes from the balancer's one address.
    const world = await createWorld(database, dataDir, { hosts: 10, guests: 20 });
    for (const s of servers) await s.start();
    await balancer.start(servers.map((s) => s.port));
    const { hosts, guests } = await sessionCookies(balancer.base, world, secret);
    const venues = world.hosts.map((h) => h.venueId);
    const browse = [
      '/api/venues',
      '/api/venues?guests=20',
      '/api/venues/stats',
      ...venues.map((v) => `/api/venues/${v}`),
    ];
    console.log(
      `Velvet cluster: 3 servers on PostgreSQL behind HAProxy ${balancer.base}; ${os.cpus().length} CPUs, load average ${loadAverage()}`,
    );

    /* 1. throughput with one, two and three servers */
    const rps: number[] = [];
    for (const n of [1, 2, 3]) {
      await balancer.start(servers.slice(0, n).map((s) => s.port));
      const r = await load([balancer.base], browse, 30);
      rps.push(r.rps);
      console.log(
        `  browsing through the balancer, ${n} server(s): ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
    }
    console.log(
      `  throughput as a ratio of one server: 1 : ${(rps[1]! / rps[0]!).toFixed(2)} : ${(rps[2]! / rps[0]!).toFixed(2)}`,
    );
    await balancer.start(servers.map((s) => s.port));

    /* 2. the mixed load, with a server killed and started again */
    const live = servers.flatMap((s) =>
      [0, 1].map((i) => new LiveClient(s.base, hosts[i % hosts.length]!.cookie)),
    );
    const browsing = loop(
      balancer.base,
      (i) => timed('browse', `${balancer.base}${browse[i % browse.length]}`),
      3,
    );
    const signIns = loop(balancer.base, (i) =>
      timed('sign-in', `${balancer.base}/api/accounts/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: balancer.base },
        body: JSON.stringify({
          email: guests[(i % (guests.length - 1)) + 1]!.email,
          password: PASSWORD,
          portal: 'user',
        }),
      }),
    );
    const bookingLoad = new BookingLoad({
      base: balancer.base,
      hosts,
      guests,
      venues,
      run: 'cluster',
      retry: true,
    });
    const started = performance.now();
    const running = bookingLoad.run();
    await bookingLoad.whenAnswers(40);
    const killedAt = performance.now();
    await servers[1]!.kill();
    const exitedAt = performance.now();
    console.log(`  server 2 killed (SIGKILL) ${((killedAt - started) / 1000).toFixed(1)} s into the load`);
    await sleep(5000);
    await servers[1]!.start();
    const restartedAt = performance.now();
    console.log(`  server 2 started again ${((restartedAt - killedAt) / 1000).toFixed(1)} s later`);
    const result = await running;
    // Messages on the bookings the load made, from their guests.
    const messages: Answer[] = [];
    for (const r of result.requests.filter((q) => q.id).slice(0, 30)) {
      messages.push(
        await timed('message', `${balancer.base}/api/bookings/${r.id}/messages`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: balancer.base,
            cookie: guests[r.guest]!.cookie,
          },
          body: JSON.stringify({ body: 'See you at ten.' }),
        }),
      );
    }
    await sleep(1000);
    await browsing.stop();
    await signIns.stop();
    const perServerEvents = servers.map((_, i) => live[2 * i]!.events + live[2 * i + 1]!.events);
    for (const c of live) c.close();
    for (const line of summarize(result)) console.log(line);
    const others = [...browsing.answers, ...signIns.answers, ...messages];
    console.log(
      `  browsing ${browsing.answers.length}, sign-ins ${signIns.answers.length}, messages ${messages.length}; live booking events per server ${perServerEvents.join(' / ')}`,
    );

    // Lost: an answer that failed (no answer, 5xx). Only requests in flight on the killed
    // server may fail, and only around the kill (the balancer notices within a second).
    const all = [...result.answers.map((a) => ({ ...a, at: a.at + bookingLoad.startedAt })), ...others];
    const lost = all.filter(failed);
    // In flight at the kill: sent before the process was gone, answered (or failed) after the kill.
    const inFlight = lost.filter((a) => a.at <= exitedAt && a.at + a.ms >= killedAt);
    const after = lost.filter((a) => !inFlight.includes(a));
    console.log(
      `  failed answers, ms from the kill to their start: ${lost.map((a) => Math.round(a.at - killedAt)).join(' ') || 'none'}`,
    );
    checks.push({
      name: 'no request lost beyond those in flight on the killed server',
      ok: after.length === 0,
      detail: `${all.length} requests, ${lost.length} failed: ${inFlight.length} in flight at the kill, ${after.length} others`,
    });
    checks.push({
      name: 'browsing, sign-ins and messages answered 2xx',
      ok: others.filter((a) => !failed(a) && (a.status < 200 || a.status >= 300)).length === 0,
      detail: `${others.filter((a) => a.status >= 200 && a.status < 300).length} of ${others.length} 2xx (the rest failed at the kill)`,
    });
    checks.push({
      name: 'live updates reached clients on every server',
      ok: perServerEvents.every((n) => n > 0),
      detail: perServerEvents.map((n, i) => `server ${i + 1}: ${n}`).join(', '),
    });

    /* 3. timed transitions run once */
    // Run on every server; each claims due rows with SKIP LOCKED and changes them by compare-and-swap.
    const pending = await database.db.execute(
      sql`select id::text from bookings where status = 'pending' and host_notes is null limit 5`,
    );
    const due = (pending as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
    if (due.length) {
      await database.db.execute(
        sql`update bookings set expires_at = now() - interval '1 minute' where id in (${sql.join(
          due.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    }
    let expired = 0;
    for (let i = 0; i < 90 && expired < due.length; i++) {
      await sleep(500);
      const res = await database.db.execute(
        sql`select count(*)::int as n from bookings where status = 'cancelled' and cancellation_reason = 'expired' and id::text in (${sql.join(
          due.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expired = Number((res as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
    }
    const emails = await database.db.execute(
      sql`select count(*)::int as n from email_outbox where template = 'booking_expired_guest' and created_at > now() - interval '2 minutes'`,
    );
    const expiredEmails = Number((emails as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
    checks.push({
      name: 'timed transitions ran once (each expiry: one email to its guest)',
      ok: due.length > 0 && expired === due.length && expiredEmails === due.length,
      detail: `${due.length} made due, ${expired} expired, ${expiredEmails} expiry emails to guests`,
    });

    /* 4. rate limits across servers */
    const victim = guests[0]!.email;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const a = await timed('sign-in', `${balancer.base}/api/accounts/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: balancer.base },
        body: JSON.stringify({ email: victim, password: 'Wrong-password-1', portal: 'user' }),
      });
      statuses.push(a.status);
    }
    checks.push({
      name: 'the per-account sign-in limit holds across servers (round-robin)',
      ok:
        statuses.slice(0, SIGN_IN_MAX_FAILURES).every((s) => s === 401) &&
        statuses.slice(SIGN_IN_MAX_FAILURES).every((s) => s === 429),
      detail: `${SIGN_IN_MAX_FAILURES} failures allowed per account and address; answers ${statuses.join(' ')} (counted per server, ${3 * SIGN_IN_MAX_FAILURES} would pass)`,
    });

    /* 5. rolling restart under a browsing load */
    const rolling = loop(
      balancer.base,
      (i) => timed('browse', `${balancer.base}${browse[i % browse.length]}`),
      3,
    );
    const rollStarted = performance.now();
    for (const [i, s] of servers.entries()) {
      const code = await s.stop();
      if (code !== 0) throw new Error(`server ${i + 1} exited ${code} on SIGTERM`);
      await s.start();
      await sleep(2500); // the balancer's checks see it up (rise 2 × 1 s)
    }
    await rolling.stop();
    const rollFailed = rolling.answers.filter((a) => a.status < 200 || a.status >= 300);
    console.log(
      `  rolling restart of 3 servers in ${((performance.now() - rollStarted) / 1000).toFixed(1)} s under ${rolling.answers.length} browsing requests`,
    );
    checks.push({
      name: 'rolling restart (SIGTERM one at a time) with zero failed requests',
      ok: rollFailed.length === 0 && rolling.answers.length > 0,
      detail: `${rolling.answers.length} requests, ${rollFailed.length} not 2xx (${[...new Set(rollFailed.map((a) => a.status))].join(', ') || 'none'})`,
    });

    /* data and mail */
    const drained = await drainOutbox(database.db, 180_000);
    console.log(`  outbox drained ${(drained / 1000).toFixed(1)} s after the load`);
    checks.push(...(await checkData(database.db, result)), ...(await checkMail(database.db, smtp.received)));
  } finally {
    await balancer.stop();
    balancer.cleanup();
    for (const s of servers) await s.kill();
    await smtp.stop();
    await database.close().catch(() => undefined);
    const drop = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await drop.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const pass = printChecks(checks);
  console.log(pass ? 'PASS' : 'FAIL');
  process.exit(pass ? 0 : 1);
}

await main();
