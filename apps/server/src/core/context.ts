import type { Config } from './config';
import type { Database, Db } from './db';
import type { Messages } from './i18n';
import type { Keys } from './keys';

/** What every module gets when it is registered: no container, just these handles. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /**
   * Report reads (view-centre lists and their exports, the interface log, history exports): the streaming replica
   * when one is configured and answering, else the primary; the same as `db` without a replica. Reads that must see
   * the caller's own writes, and every transaction, stay on `db` (docs/decisions/014).
   */
  reportDb: Db;
  messages: Messages;
  keys: Keys;
  /** Version of the web build being served; sent as X-App-Version. */
  appVersion: string;
}

/** What a use case needs when it only reads and writes the database (services, and the demo seed that drives them). */
export type DbContext = Pick<AppContext, 'db'>;

/** What a batch of document actions needs: the database, and the messages its per-document refusals are told in. */
export type BatchContext = Pick<AppContext, 'db' | 'messages'>;
