import type BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_BUSY_TIMEOUT_MS } from '../../auth/access-db.js';
import { KeyStore, type ApiKeyRecord, type ApiKeyVerifier } from '../../auth/key-store.js';
import { systemClock, type Clock } from '../../auth/periods.js';
import { IpDailyAllowance, QuotaLedger } from '../../auth/quota.js';
import type { UsageCounting } from '../../auth/usage-counter.js';
import type { BatchMeter } from '../../batch/batch-jobs.js';
import { batchMeter } from './batch-meter.js';
import apiVersionPlugin from './api-version.js';
import authPlugin from './auth.js';
import etagPlugin, { DEFAULT_ETAG_ROUTES } from './etag.js';
import quotaPlugin from './quota.js';

export interface ApiAccessOptions {
  /** `keys` for a served API; `off` for the desktop app (trusted local user, no quota). */
  auth: 'keys' | 'off';
  /**
   * The keys-and-usage database (core/auth/access-db.ts `openAccessDatabase`): its own file and
   * connection, never the copy's, so a bulk import's write lock cannot hold a keyed call up.
   */
  db?: BetterSqlite3.Database;
  /**
   * Keys and usage on a shared database instead (a team server: core/auth/pg-access.ts),
   * so every server process on it checks the same keys and counts one quota.
   */
  shared?: { keys: ApiKeyVerifier & { get(id: string): Promise<ApiKeyRecord | undefined> }; counter: UsageCounting };
  /** Free per-IP daily allowance for calls without a key; undefined = every call needs a key. */
  freeTier?: { perIpDaily: number };
  /** The one API version (API_VERSION of core/service.ts). */
  version: string;
  /** `catastro start`'s session token: opens the app's own routes (auth.ts). */
  appSession?: string;
  /** Injected clock for tests (month and day boundaries, expiry). */
  clock?: Clock;
  /** Given the charging of batch rows by the same quota (with keys on), for the batches the API starts. */
  onBatchMeter?: (meter: BatchMeter) => void;
}

/**
 * The whole access layer in the order its hooks must run: version check, authentication,
 * ETag/304 (before quota so a 304 is seen as free), quota. Register once on the root app:
 *
 *   await app.register(apiAccessPlugin, { auth: 'keys', db: openAccessDatabase(dataDir), version: API_VERSION });
 */
async function apiAccessPlugin(app: FastifyInstance, options: ApiAccessOptions): Promise<void> {
  const clock = options.clock ?? systemClock;
  const db = options.db;
  if (!db && !options.shared) throw new Error('api access: `db` or `shared` is required');
  // Several server processes (serve --workers) may charge the same key at once; SQLite makes
  // each charge atomic, and a busy timeout makes a writer wait for the lock instead of failing.
  if (db && Number(db.pragma('busy_timeout', { simple: true })) === 0) db.pragma(`busy_timeout = ${ACCESS_BUSY_TIMEOUT_MS}`);
  const keys = options.shared?.keys ?? new KeyStore(db!, clock);
  const counter = options.shared?.counter;
  await app.register(apiVersionPlugin, { version: options.version });
  await app.register(authPlugin, { auth: options.auth, keys, freeTier: options.freeTier, appSession: options.appSession });
  await app.register(etagPlugin, {});
  const ledger = counter ? new QuotaLedger<UsageCounting>(counter, clock) : new QuotaLedger(db!, clock);
  const ipAllowance =
    options.auth === 'keys' && options.freeTier
      ? counter
        ? new IpDailyAllowance<UsageCounting>(counter, options.freeTier.perIpDaily, clock)
        : new IpDailyAllowance(db!, options.freeTier.perIpDaily, clock)
      : undefined;
  await app.register(quotaPlugin, { ledger, revalidatableRoutes: new Set(Object.keys(DEFAULT_ETAG_ROUTES)), ipAllowance });
  if (options.auth === 'keys') options.onBatchMeter?.(batchMeter({ keys, ledger, ipAllowance, clock }));
}

export default fp(apiAccessPlugin, { fastify: '5.x', name: 'catastro-api-access' });
export { apiAccessPlugin };
