import type { Auth } from './auth';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { LogRing, Logger } from './logger';
import type { ChangeFeed } from './adapters/realtime';
import type { MailTransport } from './adapters/mail';
import type { ImageStorage } from './adapters/storage';
import type { Profile } from './db/schema';

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
  /** The current time; tests may replace it. */
  now: () => Date;
  /** The latest warnings and errors of this process (admin's Server errors section). */
  logRing: LogRing;
  /** When this process started (uptime in the admin's Environment section). */
  startedAt: Date;
}

export interface Viewer {
  userId: string;
  profile: Profile;
}

export type AppEnv = {
  Variables: {
    viewer: Viewer | null | undefined;
    requestId: string;
  };
};
