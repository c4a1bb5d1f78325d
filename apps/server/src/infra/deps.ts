import type { Config } from '../config';
import type { GatewaySettings, Gateways } from '../gateways';
import type { AuthGuards, Sessions } from './auth';
import type { DataDir } from './data-dir';
import type { Database, Db } from './db';
import type { JobQueue } from './jobs';
import type { Mailer } from './mail';
import type { RateLimiter } from './rate-limit';

/** What buildApp hands every domain module: the module's plugin options. Services receive the parts they use. */
export interface AppDeps {
  config: Config;
  db: Db;
  database: Database;
  dataDir: DataDir;
  mailer: Mailer;
  limiter: RateLimiter;
  sessions: Sessions;
  guards: AuthGuards;
  /** Fiuu, Stripe and BIGO clients (real or pointed at the built-in sandbox). */
  gateways: Gateways;
  settings: GatewaySettings;
  jobs: JobQueue;
}
