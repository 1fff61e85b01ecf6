import type { Config } from './config';
import type { Database, Db } from './db';
import type { Messages } from './i18n';
import type { Keys } from './keys';

/** What every module gets when it is registered: no container, just these handles. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  messages: Messages;
  keys: Keys;
  /** Version of the web build being served; sent as X-App-Version. */
  appVersion: string;
}

/** What a use case needs when it only reads and writes the database (services, and the demo seed that drives them). */
export type DbContext = Pick<AppContext, 'db'>;
