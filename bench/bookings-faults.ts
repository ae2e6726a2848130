/**
 * Issue 15, the fault runs of the booking load (bench/bookings-load.ts). Clients retry what got
 * no answer, a 503 or "still being processed", with the same Idempotency-Key, as a browser would.
 *
 * - kill-postgres, kill-pglite: the server is SIGKILLed in the middle of the load and started
 *   again on the same database (PGlite: the same DATA_DIR, which must open cleanly). Afterwards
 *   every 2xx answer is still there, nothing is half-written, no retry duplicated a booking, the
 *   emails queued when it died are all sent after the restart and none arrives twice (a local
 *   SMTP server counts Message-IDs).
 * - outage (PostgreSQL): the server reaches the database through a TCP proxy that refuses
 *   connections for 5 s, then later drops every packet for 5 s. Answers started during the
 *   outage take ≤ 2 s (+ the slowest healthy answer just before, as CPU slack), failures are 503 with a message, /api/health answers 503
 *   with the reason, the server recovers by itself, and nothing answered 2xx is lost.
 *
 * Run: npm run bench bookings-faults   (FAULTS=kill-postgres,kill-pglite,outage by default)
 */
import { sql } from 'drizzle-orm';
import { FaultProxy } from '../tests/support/fault-proxy';
import { BookingLoad, summarize, type Answer } from './lib/booking-load';
import { checkData, checkMail, drainOutbox, outboxStatus, printChecks, type Check } from './lib/load-checks';
import {
  BENCH_DATABASE_URL,
  loadAverage,
  setUpLoad,
  waitForQuietInbox,
  type LoadSetup,
} from './lib/load-setup';

const faults = (process.env.FAULTS ?? 'kill-postgres,kill-pglite,outage').split(',');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Checks after the load: PostgreSQL is read while the server runs; PGlite after it stopped. */
async function finalChecks(
  setup: LoadSetup,
  result: Awaited<ReturnType<BookingLoad['run']>>,
  pendingAtKill: string[],
) {
  if (setup.db) {
    const drained = await drainOutbox(setup.db.db, 240_000);
    console.log(
      `outbox drained ${seconds(drained)} after the load; outbox ${JSON.stringify(await outboxStatus(setup.db.db))}`,
    );
    return [
      ...(await checkData(setup.db.db, result)),
      ...(await checkMail(setup.db.db, setup.smtp.received, pendingAtKill)),
    ];
  }
  console.log(`inbox quiet ${seconds(await waitForQuietInbox(setup.smtp))} after the load`);
  const code = await setup.server.stop();
  const db = await setup.openPglite();
  console.log(`outbox ${JSON.stringify(await outboxStatus(db.db))}`);
  const checks = [
    { name: 'server stopped cleanly after the restart (SIGTERM)', ok: code === 0, detail: `exit ${code}` },
    ...(await checkData(db.db, result)),
    ...(await checkMail(db.db, setup.smtp.received, pendingAtKill)),
  ];
  await db.close();
  return checks;
}

async function killRun(engine: 'postgres' | 'pglite'): Promise<boolean> {
  const setup = await setUpLoad(engine);
  try {
    console.log(
      `\nkill-${engine}: SIGKILL mid-load, restart on the same database; load average ${loadAverage()}`,
    );
    const load = new BookingLoad({ base: setup.server.base, ...setup, run: 'kill', retry: true });
    const running = load.run();
    await load.whenAnswers(300);
    await setup.server.kill();
    const killedAt = performance.now();
    const answeredBefore = load.answers.length;
    // The outbox as the dead server left it (PGlite: this process opens the killed directory).
    const outboxDb = setup.db ?? (await setup.openPglite());
    const left = (
      (await outboxDb.db.execute(
        sql`select id::text, status from email_outbox where status in ('pending', 'sending')`,
      )) as unknown as {
        rows: Array<{ id: string; status: string }>;
      }
    ).rows;
    if (!setup.db) await outboxDb.close();
    const pendingAtKill = left.filter((r) => r.status === 'pending').map((r) => r.id);
    const sendingAtKill = left.filter((r) => r.status === 'sending').length;
    const restart = await setup.server.start();
    const result = await running;
    console.log(`load average after the load ${loadAverage()}`);
    for (const line of summarize(result)) console.log(line);
    const sinceKill = (a: Answer) => load.startedAt + a.at - killedAt;
    const after = result.answers.filter((a) => sinceKill(a) >= 0);
    const writes = after.filter((a) => a.status >= 200 && a.status < 300 && a.kind !== 'host-list');
    const firstWrite = writes.length ? Math.min(...writes.map((a) => sinceKill(a) + a.ms)) : NaN;
    const inProgress = after.filter((a) => a.body?.error?.code === 'IDEMPOTENCY_IN_PROGRESS');
    const noAnswer = result.answers.filter((a) => a.status === 0).length;
    console.log(
      `killed after ${answeredBefore} answers; ${noAnswer} requests got no answer (cut or refused) and were retried; ` +
        `restart to healthy ${seconds(restart)}; first 2xx write ${seconds(firstWrite)} after the kill; ` +
        `emails at the kill: ${pendingAtKill.length} pending, ${sendingAtKill} being sent; ` +
        `409 "still being processed": ${inProgress.length}, the last sent ${inProgress.length ? seconds(Math.max(...inProgress.map(sinceKill))) : '-'} after the kill`,
    );
    const checks: Check[] = [
      {
        name: `${engine} reopened after SIGKILL`,
        ok: restart > 0,
        detail: `healthy after ${seconds(restart)}`,
      },
      ...(await finalChecks(setup, result, pendingAtKill)),
    ];
    return printChecks(checks);
  } finally {
    await setup.cleanup();
  }
}

interface OutageFigures {
  kind: string;
  /** The slowest answer completed in the 2 s before the outage: what the CPU alone costs now. */
  slackMs: number;
  answers: number;
  maxMs: number;
  unavailable: number;
  withMessage: number;
  ok2xx: number;
  /**
   * Answers of the app's own rules (a 4xx with a message: the slot was taken meanwhile, or a
   * retry met its first attempt still running) — requests sent just before the database came
   * back are answered after it did. Not failures of the outage.
   */
  ruled4xx: number;
  /** Every other status seen (neither 2xx nor 503), for the report. */
  others: Record<string, number>;
  health: Array<{ status: number; ms: number; reason?: string }>;
  recoveryMs: number;
}

async function outage(
  load: BookingLoad,
  base: string,
  kind: string,
  down: () => Promise<void> | void,
  up: () => Promise<void> | void,
) {
  const from = load.answers.length;
  const t0 = performance.now();
  const healthy = load.answers.filter((a) => load.startedAt + a.at + a.ms >= t0 - 2000).map((a) => a.ms);
  const health: OutageFigures['health'] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const t = performance.now();
      try {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
        const body = (await res.json()) as { reason?: string };
        health.push({ status: res.status, ms: performance.now() - t, reason: body.reason });
      } catch {
        health.push({ status: 0, ms: performance.now() - t });
      }
      await sleep(250);
    }
  })();
  await down();
  await sleep(5000);
  const during = health.length;
  await up();
  const t1 = performance.now();
  let recoveryMs = Infinity;
  while (performance.now() - t1 < 30_000) {
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res?.ok) {
      recoveryMs = performance.now() - t1;
      break;
    }
    await sleep(100);
  }
  polling = false;
  await poll;
  // Answers to requests sent while the database was away.
  const windowAnswers = load.answers.slice(from).filter((a) => isWithin(a, load, t0, t1));
  const figures: OutageFigures = {
    kind,
    slackMs: Math.max(0, ...healthy),
    answers: windowAnswers.length,
    maxMs: Math.max(0, ...windowAnswers.map((a) => a.ms)),
    unavailable: windowAnswers.filter((a) => a.status === 503).length,
    withMessage: windowAnswers.filter((a) => a.status === 503 && saysWhy(a)).length,
    ok2xx: windowAnswers.filter((a) => a.status >= 200 && a.status < 300).length,
    ruled4xx: windowAnswers.filter((a) => a.status >= 400 && a.status < 500 && saysWhy(a)).length,
    others: countStatuses(
      windowAnswers.filter((a) => a.status !== 503 && (a.status < 200 || a.status >= 300)),
    ),
    health: health.slice(0, during),
    recoveryMs,
  };
  return figures;
}

/** Whether an answer's body carries the app's error message. */
const saysWhy = (a: Answer) => typeof a.body?.error?.message === 'string' && a.body.error.message.length > 0;

/** How many answers had each status. */
function countStatuses(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/** Whether an answer's request was sent between t0 and t1 (performance.now() instants). */
function isWithin(a: Answer, load: BookingLoad, t0: number, t1: number) {
  const at = load.startedAt + a.at;
  return at >= t0 && at < t1;
}

async function outageRun(): Promise<boolean> {
  const proxy = FaultProxy.forUrl(BENCH_DATABASE_URL);
  await proxy.start();
  const setup = await setUpLoad('postgres', { serverDatabaseUrl: (u) => proxy.via(u) });
  try {
    console.log(
      `\noutage: PostgreSQL through a TCP proxy, 5 s refused then 5 s dropped; load average ${loadAverage()}`,
    );
    const load = new BookingLoad({ base: setup.server.base, ...setup, run: 'outage', retry: true });
    const running = load.run();
    await load.whenAnswers(200);
    const refused = await outage(
      load,
      setup.server.base,
      'refused',
      () => proxy.stop(),
      () => proxy.restart(),
    );
    await load.whenAnswers(load.answers.length + 150);
    const dropped = await outage(
      load,
      setup.server.base,
      'dropped',
      () => proxy.pause(),
      () => proxy.resume(),
    );
    const result = await running;
    console.log(`load average after the load ${loadAverage()}`);
    for (const line of summarize(result)) console.log(line);
    const checks: Check[] = [];
    for (const f of [refused, dropped]) {
      const healthDown = f.health.filter((h) => h.status === 503);
      const reasons = [...new Set(healthDown.map((h) => h.reason))];
      console.log(
        `${f.kind}: ${f.answers} answers to requests sent during the outage, max ${f.maxMs.toFixed(0)} ms, ${f.unavailable} × 503 (${f.withMessage} with a message), ${f.ok2xx} × 2xx, ${f.ruled4xx} × 4xx of the app's rules (not 2xx nor 503: ${JSON.stringify(f.others)}); ` +
          `health ${healthDown.length}/${f.health.length} × 503 (max ${Math.max(0, ...f.health.map((h) => h.ms)).toFixed(0)} ms), reasons ${JSON.stringify(reasons)}; recovery ${seconds(f.recoveryMs)}`,
      );
      const failures = f.answers - f.ok2xx - f.ruled4xx;
      checks.push(
        {
          name: `${f.kind}: every answer during the outage within 2 s + slack ${seconds(f.slackMs)}`,
          ok: Math.max(f.maxMs, ...f.health.map((h) => h.ms)) <= 2000 + f.slackMs,
          detail: `max ${f.maxMs.toFixed(0)} ms`,
        },
        {
          name: `${f.kind}: every failure is a 503 with a message (a 4xx of the app's rules is an answer)`,
          ok: f.withMessage === failures,
          detail: `${f.withMessage}/${failures}`,
        },
        {
          name: `${f.kind}: /api/health answers 503 and says why`,
          ok: healthDown.length > 0 && healthDown.every((h) => !!h.reason),
          detail: `${healthDown.length} × 503`,
        },
        {
          name: `${f.kind}: recovers by itself within 10 s`,
          ok: f.recoveryMs <= 10_000,
          detail: seconds(f.recoveryMs),
        },
      );
    }
    checks.push(...(await finalChecks(setup, result, [])));
    return printChecks(checks);
  } finally {
    await setup.cleanup();
    await proxy.stop();
  }
}

let pass = true;
for (const fault of faults) {
  if (fault === 'kill-postgres') pass = (await killRun('postgres')) && pass;
  else if (fault === 'kill-pglite') pass = (await killRun('pglite')) && pass;
  else if (fault === 'outage') pass = (await outageRun()) && pass;
  else throw new Error(`unknown fault ${fault}`);
}
console.log(`\nchecks → ${pass ? 'PASS' : 'FAIL'}`);
process.exitCode = pass ? 0 : 1;
