import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessStores } from '../../auth/access-stores.js';
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
   * The keys and usage counters (core/auth/access-stores.ts): the data folder's keys file, on its
   * own connection so a bulk import's write lock cannot hold a keyed call up, or a team server's
   * database, so every server process on it checks the same keys and counts one quota.
   */
  access: AccessStores;
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
 *   await app.register(apiAccessPlugin, { auth: 'keys', access: openAccessStores({ dataDir }), version: API_VERSION });
 */
async function apiAccessPlugin(app: FastifyInstance, options: ApiAccessOptions): Promise<void> {
  const clock = options.clock ?? systemClock;
  const { keys, counter } = options.access;
  await app.register(apiVersionPlugin, { version: options.version });
  await app.register(authPlugin, { auth: options.auth, keys, freeTier: options.freeTier, appSession: options.appSession });
  await app.register(etagPlugin, {});
  const ledger = new QuotaLedger<UsageCounting>(counter, clock);
  const ipAllowance =
    options.auth === 'keys' && options.freeTier ? new IpDailyAllowance<UsageCounting>(counter, options.freeTier.perIpDaily, clock) : undefined;
  await app.register(quotaPlugin, { ledger, revalidatableRoutes: new Set(Object.keys(DEFAULT_ETAG_ROUTES)), ipAllowance });
  if (options.auth === 'keys') options.onBatchMeter?.(batchMeter({ keys, ledger, ipAllowance, clock }));
}

export default fp(apiAccessPlugin, { fastify: '5.x', name: 'catastro-api-access' });
export { apiAccessPlugin };
