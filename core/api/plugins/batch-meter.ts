import type { ApiKeyRecord } from '../../auth/key-store.js';
import { isKeyUsable } from '../../auth/key-store.js';
import type { Clock } from '../../auth/periods.js';
import type { IpQuotaAccounts, KeyQuotaAccounts } from '../../auth/quota.js';
import type { BatchMeter } from '../../batch/batch-jobs.js';
import { ServiceError } from '../../model/index.js';
import { allowanceUsedUp } from './quota.js';

export interface BatchMeterOptions {
  /** The key of a batch is read again for every row: one revoked or expired meanwhile stops its rows. */
  keys: { get(id: string): ApiKeyRecord | undefined | Promise<ApiKeyRecord | undefined> };
  ledger: KeyQuotaAccounts;
  ipAllowance?: IpQuotaAccounts;
  clock: Clock;
}

/** One row's unit, from the counters the quota plugin charges (one atomic statement: never past the quota). */
const ONE_UNIT = 1;

/**
 * The quota of batch rows: a row an official source answers costs its owner one unit, taken from
 * the same counters as the owner's single lookups, before the request leaves (so a used-up
 * allowance sends nothing) and given back when the row finds nothing.
 */
export function batchMeter({ keys, ledger, ipAllowance, clock }: BatchMeterOptions): BatchMeter {
  return {
    async chargeRow(owner) {
      const separator = owner.indexOf(':');
      const [kind, subject] = [owner.slice(0, separator), owner.slice(separator + 1)];
      if (kind === 'key') {
        const key = await keys.get(subject);
        if (!key || !isKeyUsable(key, clock())) {
          throw new ServiceError('UNAUTHORIZED', 'The API key that started this batch has been revoked or has expired; its rows are no longer looked up.');
        }
        const state = await ledger.charge(subject, ONE_UNIT, key.monthlyQuota);
        if (!state.accepted) throw allowanceUsedUp('key', state);
        return async () => {
          await ledger.settle(subject, -ONE_UNIT, key.monthlyQuota, state.period);
        };
      }
      if (kind === 'ip' && ipAllowance) {
        const state = await ipAllowance.charge(subject, ONE_UNIT);
        if (!state.accepted) throw allowanceUsedUp('ip', state);
        return async () => {
          await ipAllowance.settle(subject, -ONE_UNIT, state.period);
        };
      }
      throw new ServiceError(
        'DAILY_LIMIT_REACHED',
        'This batch was started without a key under a free allowance the server no longer offers; start it again with an API key.',
      );
    },
  };
}
