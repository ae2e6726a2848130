import { createAuth } from './auth';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { LogRing, logRingOf, type Logger } from './logger';
import { BuiltInMailbox, SmtpTransport, type MailTransport } from './adapters/mail';
import { ChangeFeed } from './adapters/realtime';
import { createStorage } from './adapters/storage';
import { createPaymentProvider } from './adapters/payments';
import { PublicReadModel } from './services/venues/public-read-model';
import { VenueIndex } from './services/venues/venue-index';
import { FieldCipher, parseKey } from './db/field-cipher';
import { Metrics } from './metrics';

/** Builds the application context around an open, migrated database. */
export async function createContext(
  config: Config,
  database: Database,
  log: Logger,
  overrides: Partial<Pick<AppContext, 'mail' | 'now' | 'storage' | 'payments'>> = {},
): Promise<AppContext> {
  const mail: MailTransport =
    overrides.mail ??
    (config.SMTP_URL ? new SmtpTransport(config.SMTP_URL, config.MAIL_FROM) : new BuiltInMailbox(log));
  const changes = new ChangeFeed(log);
  await changes.start(database);
  const publicReads = new PublicReadModel();
  publicReads.attach(new VenueIndex(database.db, log, Date.now, config.VENUE_INDEX_RELOAD_MINUTES * 60_000));
  // The read model's only input (decision 0089): a write's answer waits for its own events (app.ts).
  publicReads.follow(changes);
  // Node's process metrics only where they are served: each test app would add its own monitors.
  const metrics = new Metrics({ processMetrics: config.METRICS_PORT !== undefined });
  metrics.readFrom({ database, venueIndex: () => publicReads.index?.state });
  return {
    config,
    database,
    db: database.db,
    log,
    auth: createAuth(database.db, config),
    mail,
    changes,
    storage: overrides.storage ?? createStorage(config),
    cipher: new FieldCipher(
      parseKey(config.DATA_ENCRYPTION_KEY),
      config.DATA_ENCRYPTION_OLD_KEYS.map(parseKey),
    ),
    payments: overrides.payments ?? (await createPaymentProvider(config, database.db)),
    publicReads,
    now: overrides.now ?? (() => new Date()),
    logRing: logRingOf(log) ?? new LogRing(),
    metrics,
    startedAt: new Date(),
  };
}
