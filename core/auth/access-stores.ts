import type { Awaitable } from '../model/awaitable.js';
import type { AccessLocation } from '../store/cadastral-store.js';
import { ACCESS_BUSY_TIMEOUT_MS, openAccessDatabase, type AccessDatabase } from './access-db.js';
import { KeyStore, type ApiKeyRecord, type ApiKeyVerifier, type CreateKeyInput } from './key-store.js';
import { PgKeyStore, PgUsageCounter } from './pg-access.js';
import { systemClock, type Clock } from './periods.js';
import { UsageCounter, type UsageCounting } from './usage-counter.js';

/** API keys as the access layer and the `keys` command use them, whichever database holds them. */
export interface ApiKeys extends ApiKeyVerifier {
  create(input: CreateKeyInput): Awaitable<{ key: string; record: ApiKeyRecord }>;
  get(id: string): Awaitable<ApiKeyRecord | undefined>;
  list(): Awaitable<ApiKeyRecord[]>;
  revoke(id: string): Awaitable<boolean>;
}

/** The keys and usage counters of one access database. */
export interface AccessStores {
  keys: ApiKeys;
  counter: UsageCounting;
}

/**
 * The keys and counters of a keys-and-usage SQLite database. Several server processes (serve
 * --workers) may charge the same key at once; SQLite makes each charge atomic, and a busy timeout
 * makes a writer wait for the lock instead of failing.
 */
export function sqliteAccess(db: AccessDatabase, clock: Clock = systemClock): AccessStores {
  if (Number(db.pragma('busy_timeout', { simple: true })) === 0) db.pragma(`busy_timeout = ${ACCESS_BUSY_TIMEOUT_MS}`);
  return { keys: new KeyStore(db, clock), counter: new UsageCounter(db) };
}

/**
 * Opens the keys and counters where the store keeps them (CadastralStore.accessLocation): the
 * data folder's keys file, on its own connection, or the team database every server process
 * shares. The only place that tells the two apart; `close` closes what was opened here.
 */
export function openAccessStores(location: AccessLocation, clock: Clock = systemClock): AccessStores & { close(): void } {
  if ('database' in location) {
    return { keys: new PgKeyStore(location.database, clock), counter: new PgUsageCounter(location.database), close: () => {} };
  }
  const db = openAccessDatabase(location.dataDir);
  return { ...sqliteAccess(db, clock), close: () => db.close() };
}
