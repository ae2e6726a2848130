import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ConfigError, ensureLocalSecret, loadConfig } from './config';
import { openDatabase } from './db/client';
import { beginShutdown, startDraining } from './lifecycle';
import { listen } from './http/listen';
import { createLogger } from './logger';
import { OutboxWorker, outboxWorkerOptions } from './mail/outbox';
import { StripeTransfersWorker } from './jobs/stripe-transfers';
import { TimedTransitionsWorker } from './jobs/timed-transitions';
import { UnreadMessagesWorker } from './jobs/unread-messages';
import { createContext } from './runtime';
import { seedDemo } from './seed';
import { serveControlSocket } from './tools/snapshot';
import { resealBankDetails } from './services/venues/bank-details';
import { deferredRenderer } from './ssr';
import { ReviewReminderWorker } from './services/reviews/reminders';
import { StartPhases } from './start-phases';

const phases = new StartPhases();
phases.mark('modules');

async function main() {
  let config;
  try {
    ensureLocalSecret(process.env);
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.LOG_LEVEL, process.stdout.isTTY && config.NODE_ENV !== 'production');
  phases.mark('config');
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    timeouts: { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, queryMs: config.DATABASE_QUERY_TIMEOUT_MS },
    // Made by the build beside dist/server (scripts/build-server.mjs).
    pgliteTemplate: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../pglite-template'),
  });
  phases.mark('open database');
  await database.migrate();
  phases.mark('migrate');
  // `npm run backup` asks the running embedded server for its database here (decision 0073).
  const closeControl = config.DATABASE_URL ? undefined : await serveControlSocket(database, config.DATA_DIR);
  const ctx = await createContext(config, database, log);
  phases.mark('context');
  // Bank details written before encryption, or with a key since rotated (decision 0059).
  const resealed = await resealBankDetails(ctx.db, ctx.cipher);
  if (resealed) log.info({ venues: resealed }, 'bank details encrypted with the current key');

  const shouldSeed = config.SEED_DEMO ?? !config.DATABASE_URL;
  if (shouldSeed) {
    const signIns = await seedDemo(ctx);
    if (signIns) {
      console.log(['', 'Demo accounts (email / password):', ...signIns.map((s) => `  ${s}`), ''].join('\n'));
    }
  }
  phases.mark('seed');

  const worker = new OutboxWorker(ctx.db, ctx.mail, log, {
    ...outboxWorkerOptions(config),
    onRun: (ok, intervalMs) => ctx.metrics.jobRan('outbox', intervalMs, ok),
  });
  worker.start();
  const reviewReminders = new ReviewReminderWorker(ctx);
  reviewReminders.start();
  const transitions = new TimedTransitionsWorker(ctx);
  transitions.start();
  const unreadMessages = new UnreadMessagesWorker(ctx);
  unreadMessages.start();
  const stripeTransfers = ctx.payments.connect ? new StripeTransfersWorker(ctx) : null;
  stripeTransfers?.start();
  phases.mark('workers');

  const here = path.dirname(fileURLToPath(import.meta.url));
  const staticDir = process.env.VELVET_NO_STATIC ? undefined : path.resolve(here, '../web');
  // The public pages' server renderer (decision 25), built beside this file; loaded with the
  // first page asked for or a second after the start, not before the server answers.
  const renderer = staticDir ? deferredRenderer(path.resolve(here, 'ssr/entry-server.js'), 1000) : null;
  const app = createApp(ctx, { staticDir, renderer });
  phases.mark('app');
  const metricsServer = config.METRICS_PORT
    ? await ctx.metrics.serve(config.METRICS_PORT, config.METRICS_HOST)
    : undefined;
  if (metricsServer)
    log.info({ port: config.METRICS_PORT, host: config.METRICS_HOST }, 'metrics at /metrics');
  const server = listen(app.fetch, { port: config.PORT, hostname: config.HOST }, (info) => {
    phases.mark('listen');
    log.info({ phases: phases.phases, wallMs: phases.totalWallMs, cpuMs: phases.totalCpuMs }, 'started');
    log.info(
      { port: info.port, database: database.engine, mail: ctx.mail.name },
      `Velvet is running at ${config.PUBLIC_URL}`,
    );
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // Whatever happens below, the process is gone within the delay plus SHUTDOWN_DEADLINE_MS.
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_DELAY_MS + SHUTDOWN_DEADLINE_MS).unref();
    // Readiness answers 503 first, still serving, so a load balancer stops sending new requests
    // here before the listener closes (SHUTDOWN_DELAY_MS: a few of its check intervals).
    startDraining();
    if (config.SHUTDOWN_DELAY_MS > 0) {
      log.info({ delayMs: config.SHUTDOWN_DELAY_MS }, 'draining: not ready, still serving');
      await new Promise((r) => setTimeout(r, config.SHUTDOWN_DELAY_MS));
    }
    // Stop accepting; requests in flight finish; idle keep-alive connections close now.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    const http = server as unknown as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
    http.closeIdleConnections?.();
    // Live streams end with a reconnect hint, so their connections do not hold the server open.
    await beginShutdown();
    const late = setTimeout(() => http.closeAllConnections?.(), DRAIN_MS);
    await drained;
    clearTimeout(late);
    await worker.stop();
    await reviewReminders.stop();
    await transitions.stop();
    await unreadMessages.stop();
    await stripeTransfers?.stop();
    await ctx.changes.stop();
    await closeControl?.();
    await database.close();
    metricsServer?.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** In-flight requests get this long to finish before their connections are cut. */
const DRAIN_MS = 7000;
const SHUTDOWN_DEADLINE_MS = 10_000;

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
