import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, ensureLocalSecret, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createLogger } from './logger';
import { OutboxWorker, outboxWorkerOptions } from './mail/outbox';
import { createContext } from './runtime';
import { seedDemo } from './seed';

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
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const ctx = await createContext(config, database, log);

  const shouldSeed = config.SEED_DEMO ?? !config.DATABASE_URL;
  if (shouldSeed) {
    const signIns = await seedDemo(ctx);
    if (signIns) {
      console.log(['', 'Demo accounts (email / password):', ...signIns.map((s) => `  ${s}`), ''].join('\n'));
    }
  }

  const worker = new OutboxWorker(ctx.db, ctx.mail, log, outboxWorkerOptions(config));
  worker.start();

  const here = path.dirname(fileURLToPath(import.meta.url));
  const staticDir = process.env.VELVET_NO_STATIC ? undefined : path.resolve(here, '../web');
  const app = createApp(ctx, { staticDir });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
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
    server.close();
    await worker.stop();
    await ctx.changes.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
