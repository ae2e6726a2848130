import type { Auth } from './auth';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { FieldCipher } from './db/field-cipher';
import type { LogRing, Logger } from './logger';
import type { ChangeFeed } from './adapters/realtime';
import type { MailTransport } from './adapters/mail';
import type { ImageStorage } from './adapters/storage';
import type { PaymentProvider } from './adapters/payments/types';
import type { Metrics } from './metrics';
import type { PublicReadModel } from './services/venues/public-read-model';
import type { Viewer } from './viewer';

/** Everything a route or service needs, built once at start-up (or per test file). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  auth: Auth;
  mail: MailTransport;
  changes: ChangeFeed;
  storage: ImageStorage;
  /** Encrypts and decrypts the bank details at rest (DATA_ENCRYPTION_KEY, decision 0059). */
  cipher: FieldCipher;
  /** The payment provider PAYMENT_PROVIDER names (decision record 13). */
  payments: PaymentProvider;
  /**
   * The public list, detail and calendar reads this process keeps; invalidated only by the change
   * feed (decision 0089).
   */
  publicReads: PublicReadModel;
  /** The current time; tests may replace it. */
  now: () => Date;
  /** The latest warnings and errors of this process (admin's Server errors section). */
  logRing: LogRing;
  /** Prometheus metrics of this app (served on METRICS_PORT by main.ts, decision 0072). */
  metrics: Metrics;
  /** When this process started (uptime in the admin's Environment section). */
  startedAt: Date;
}

export type AppEnv = {
  Variables: {
    viewer: Viewer | null | undefined;
    requestId: string;
  };
};
