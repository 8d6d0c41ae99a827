import type BetterSqlite3 from 'better-sqlite3';
import { dayPeriod, monthPeriod, systemClock, type Clock, type Period } from './periods.js';
import { UsageCounter } from './usage-counter.js';

type Database = BetterSqlite3.Database;

/** Quota state after a charge or a peek; `period` is what a later refund must name. */
export interface QuotaState {
  accepted: boolean;
  used: number;
  limit: number;
  remaining: number;
  period: Period;
}

function state(accepted: boolean, used: number, limit: number, period: Period): QuotaState {
  return { accepted, used, limit, remaining: Math.max(0, limit - used), period };
}

/**
 * A metered allowance: `limit` units per period per subject. `charge` with a limit is the
 * admission check (atomic: of many concurrent requests exactly the ones that fit are let in);
 * `settle` corrects a charge once the real cost is known, in the period it was made in, so a
 * request that straddles midnight never refunds into the new period.
 */
class Allowance {
  constructor(
    private readonly counter: UsageCounter,
    private readonly prefix: string,
    private readonly periodOf: (now: Date) => Period,
    private readonly clock: Clock,
  ) {}

  currentPeriod(): Period {
    return this.periodOf(this.clock());
  }

  charge(subject: string, units: number, limit: number): QuotaState {
    const period = this.currentPeriod();
    const result = this.counter.chargeIfWithin(this.prefix + subject, period.id, units, limit);
    return state(result.accepted, result.used, limit, period);
  }

  settle(subject: string, delta: number, limit: number, period: Period): QuotaState {
    const used = delta === 0
      ? this.counter.peek(this.prefix + subject, period.id)
      : this.counter.adjust(this.prefix + subject, period.id, delta);
    return state(true, used, limit, period);
  }

  peek(subject: string, limit: number): QuotaState {
    const period = this.currentPeriod();
    return state(true, this.counter.peek(this.prefix + subject, period.id), limit, period);
  }
}

/** Monthly quota of each API key, per calendar month in UTC. */
export class QuotaLedger {
  private readonly allowance: Allowance;

  constructor(db: Database, clock: Clock = systemClock) {
    this.allowance = new Allowance(new UsageCounter(db), 'key:', monthPeriod, clock);
  }

  /**
   * Counts `units` for the key this month when they fit in `monthlyLimit`; refused
   * (`accepted: false`, nothing counted) otherwise. Without a limit the charge always counts.
   */
  charge(keyId: string, units: number, monthlyLimit = Number.MAX_SAFE_INTEGER): QuotaState {
    return this.allowance.charge(keyId, units, monthlyLimit);
  }

  /** Adds (or with a negative delta gives back) units in the month a reservation was made. */
  settle(keyId: string, delta: number, monthlyLimit: number, period: Period): QuotaState {
    return this.allowance.settle(keyId, delta, monthlyLimit, period);
  }

  peek(keyId: string, monthlyLimit = Number.MAX_SAFE_INTEGER): QuotaState {
    return this.allowance.peek(keyId, monthlyLimit);
  }
}

/**
 * The operator's optional free allowance for requests without a key, per IP address per
 * UTC day. Exhausted → 429 DAILY_LIMIT_REACHED (see core/api/plugins/README.md).
 */
export class IpDailyAllowance {
  private readonly allowance: Allowance;

  constructor(db: Database, readonly perIpDaily: number, clock: Clock = systemClock) {
    if (!Number.isInteger(perIpDaily) || perIpDaily < 1) {
      throw new RangeError(`freeTier.perIpDaily must be a positive integer, got ${perIpDaily}`);
    }
    this.allowance = new Allowance(new UsageCounter(db), 'ip:', dayPeriod, clock);
  }

  charge(ip: string, units: number): QuotaState {
    return this.allowance.charge(ip, units, this.perIpDaily);
  }

  settle(ip: string, delta: number, period: Period): QuotaState {
    return this.allowance.settle(ip, delta, this.perIpDaily, period);
  }

  peek(ip: string): QuotaState {
    return this.allowance.peek(ip, this.perIpDaily);
  }
}
