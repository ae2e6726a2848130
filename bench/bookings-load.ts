/**
 * Issue 15, the booking load: the real server (src/server/main.ts) on PGlite and on PostgreSQL
 * (BENCH_DATABASE_URL, a fresh database per run), 20 hosts with a venue each and 200 guests. Each
 * guest requests 1–3 bookings on overlapping slots, hosts approve what is pending (an overlap
 * loses with 409), guests pay what was confirmed. Prints req/s, p50/p99 per kind and the answers
 * by status; then checks that no venue has overlapping confirmed bookings, every 2xx answer is in
 * the database, every paid booking has exactly one succeeded payment, and every email was
 * delivered once to a local SMTP server. Exits non-zero when a check fails (never on latency).
 *
 * Run: npm run bench bookings-load   (ENGINES=pglite,postgres by default)
 */
import { BookingLoad, summarize } from './lib/booking-load';
import { checkData, checkMail, drainOutbox, printChecks } from './lib/load-checks';
import { loadAverage, setUpLoad, waitForQuietInbox } from './lib/load-setup';

const engines = (process.env.ENGINES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
let pass = true;
for (const engine of engines) {
  const setup = await setUpLoad(engine);
  try {
    console.log(
      `\n${engine}: ${setup.guests.length} guests, ${setup.hosts.length} venues; load average ${loadAverage()}`,
    );
    const load = new BookingLoad({ base: setup.server.base, ...setup, run: 'load' });
    const result = await load.run();
    console.log(`load average after the load ${loadAverage()}`);
    for (const line of summarize(result)) console.log(line);
    let checks;
    if (setup.db) {
      const drained = await drainOutbox(setup.db.db, 180_000);
      console.log(`outbox drained ${(drained / 1000).toFixed(1)} s after the load`);
      checks = [
        ...(await checkData(setup.db.db, result)),
        ...(await checkMail(setup.db.db, setup.smtp.received)),
      ];
    } else {
      const quiet = await waitForQuietInbox(setup.smtp);
      console.log(`inbox quiet ${(quiet / 1000).toFixed(1)} s after the load`);
      const code = await setup.server.stop();
      const db = await setup.openPglite();
      checks = [
        { name: 'server stopped cleanly (SIGTERM)', ok: code === 0, detail: `exit ${code}` },
        ...(await checkData(db.db, result)),
        ...(await checkMail(db.db, setup.smtp.received)),
      ];
      await db.close();
    }
    pass = printChecks(checks) && pass;
  } finally {
    await setup.cleanup();
  }
}
console.log(`\nchecks → ${pass ? 'PASS' : 'FAIL'}`);
process.exitCode = pass ? 0 : 1;
