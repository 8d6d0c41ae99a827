import type BetterSqlite3 from 'better-sqlite3';
import { dayPeriod, monthPeriod, systemClock, type Clock, type Period } from './periods.js';
import type { Awaitable } from '../model/awaitable.js';
import { UsageCounter, type ChargeResult, type UsageCounting } from './usage-counter.js';

type Database = BetterSqlite3.Database;

/** What a ledger on `Counter` answers: at once on the SQLite counter, a promise on a shared database's. */
export type Answer<Counter extends UsageCounting, T> = ReturnType<Counter['peek']> extends number ? T : Promise<T>;

/** Applies `next` to a value now or later, keeping it synchronous when it was. */
function then<T, U>(value: Awaitable<T>, next: (value: T) => U): Awaitable<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

const counterOf = <Counter extends UsageCounting>(source: Database | Counter): Counter =>
  ('chargeIfWithin' in source ? source : new UsageCounter(source)) as Counter;

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
    private readonly counter: UsageCounting,
    private readonly prefix: string,
    private readonly periodOf: (now: Date) => Period,
    private readonly clock: Clock,
  ) {}

  currentPeriod(): Period {
    return this.periodOf(this.clock());
  }

  charge(subject: string, units: number, limit: number): Awaitable<QuotaState> {
    const period = this.currentPeriod();
    return then(this.counter.chargeIfWithin(this.prefix + subject, period.id, units, limit), (result: ChargeResult) =>
      state(result.accepted, result.used, limit, period),
    );
  }

  /** Counts `units` more in a reservation's period only if they fit in `limit` (atomic); nothing counted when refused. */
  chargeMore(subject: string, units: number, limit: number, period: Period): Awaitable<QuotaState> {
    return then(this.counter.chargeIfWithin(this.prefix + subject, period.id, units, limit), (result: ChargeResult) =>
      state(result.accepted, result.used, limit, period),
    );
  }

  settle(subject: string, delta: number, limit: number, period: Period): Awaitable<QuotaState> {
    const used = delta === 0 ? this.counter.peek(this.prefix + subject, period.id) : this.counter.adjust(this.prefix + subject, period.id, delta);
    return then(used, (n: number) => state(true, n, limit, period));
  }

  peek(subject: string, limit: number): Awaitable<QuotaState> {
    const period = this.currentPeriod();
    return then(this.counter.peek(this.prefix + subject, period.id), (n: number) => state(true, n, limit, period));
  }
}

/** What the quota plugin asks of a key ledger, whichever database counts (QuotaLedger on either). */
export interface KeyQuotaAccounts {
  charge(keyId: string, units: number, monthlyLimit?: number): Awaitable<QuotaState>;
  settle(keyId: string, delta: number, monthlyLimit: number, period: Period): Awaitable<QuotaState>;
  chargeMore(keyId: string, units: number, monthlyLimit: number, period: Period): Awaitable<QuotaState>;
  peek(keyId: string, monthlyLimit?: number): Awaitable<QuotaState>;
}

/** What the quota plugin asks of the free per-IP allowance (IpDailyAllowance on either database). */
export interface IpQuotaAccounts {
  charge(ip: string, units: number): Awaitable<QuotaState>;
  settle(ip: string, delta: number, period: Period): Awaitable<QuotaState>;
  chargeMore(ip: string, units: number, period: Period): Awaitable<QuotaState>;
  peek(ip: string): Awaitable<QuotaState>;
}

/**
 * Monthly quota of each API key, per calendar month in UTC. On a SQLite database (or its
 * UsageCounter) it answers at once; on a shared database's counter (a team server) it answers
 * promises.
 */
export class QuotaLedger<Counter extends UsageCounting = UsageCounter> implements KeyQuotaAccounts {
  private readonly allowance: Allowance;

  constructor(source: Database | NoInfer<Counter>, clock: Clock = systemClock) {
    this.allowance = new Allowance(counterOf(source), 'key:', monthPeriod, clock);
  }

  /**
   * Counts `units` for the key this month when they fit in `monthlyLimit`; refused
   * (`accepted: false`, nothing counted) otherwise. Without a limit the charge always counts.
   */
  charge(keyId: string, units: number, monthlyLimit = Number.MAX_SAFE_INTEGER): Answer<Counter, QuotaState> {
    return this.allowance.charge(keyId, units, monthlyLimit) as Answer<Counter, QuotaState>;
  }

  /** Adds (or with a negative delta gives back) units in the month a reservation was made. */
  settle(keyId: string, delta: number, monthlyLimit: number, period: Period): Answer<Counter, QuotaState> {
    return this.allowance.settle(keyId, delta, monthlyLimit, period) as Answer<Counter, QuotaState>;
  }

  /**
   * Counts `units` beyond a reservation, in its month, only if they fit in `monthlyLimit`: an
   * answer dearer than the unit reserved on admission (a units page, a file of N parcels) can
   * never take the key past its quota, however many requests settle at once.
   */
  chargeMore(keyId: string, units: number, monthlyLimit: number, period: Period): Answer<Counter, QuotaState> {
    return this.allowance.chargeMore(keyId, units, monthlyLimit, period) as Answer<Counter, QuotaState>;
  }

  peek(keyId: string, monthlyLimit = Number.MAX_SAFE_INTEGER): Answer<Counter, QuotaState> {
    return this.allowance.peek(keyId, monthlyLimit) as Answer<Counter, QuotaState>;
  }
}

/**
 * The operator's optional free allowance for requests without a key, per IP address per
 * UTC day. Exhausted → 429 DAILY_LIMIT_REACHED (see core/api/plugins/README.md).
 */
export class IpDailyAllowance<Counter extends UsageCounting = UsageCounter> implements IpQuotaAccounts {
  private readonly allowance: Allowance;

  constructor(
    source: Database | NoInfer<Counter>,
    readonly perIpDaily: number,
    clock: Clock = systemClock,
  ) {
    if (!Number.isInteger(perIpDaily) || perIpDaily < 1) {
      throw new RangeError(`freeTier.perIpDaily must be a positive integer, got ${perIpDaily}`);
    }
    this.allowance = new Allowance(counterOf(source), 'ip:', dayPeriod, clock);
  }

  charge(ip: string, units: number): Answer<Counter, QuotaState> {
    return this.allowance.charge(ip, units, this.perIpDaily) as Answer<Counter, QuotaState>;
  }

  settle(ip: string, delta: number, period: Period): Answer<Counter, QuotaState> {
    return this.allowance.settle(ip, delta, this.perIpDaily, period) as Answer<Counter, QuotaState>;
  }

  chargeMore(ip: string, units: number, period: Period): Answer<Counter, QuotaState> {
    return this.allowance.chargeMore(ip, units, this.perIpDaily, period) as Answer<Counter, QuotaState>;
  }

  peek(ip: string): Answer<Counter, QuotaState> {
    return this.allowance.peek(ip, this.perIpDaily) as Answer<Counter, QuotaState>;
  }
}
