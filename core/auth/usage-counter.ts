import type BetterSqlite3 from 'better-sqlite3';
import type { Awaitable } from '../model/awaitable.js';
import { migrateAccessDatabase } from './access-db.js';

type Database = BetterSqlite3.Database;

/**
 * Usage counters as the quota needs them, whichever database holds them: this file's SQLite
 * counter for one machine, core/auth/pg-access.ts for a team server's processes.
 * Each call must be atomic across every process that counts on the same database.
 */
export interface UsageCounting {
  chargeIfWithin(subject: string, period: string, units: number, limit: number): Awaitable<ChargeResult>;
  adjust(subject: string, period: string, units: number): Awaitable<number>;
  peek(subject: string, period: string): Awaitable<number>;
}

export interface ChargeResult {
  /** False when the charge would have passed the limit; nothing was counted then. */
  accepted: boolean;
  /** Units counted in the period after this call. */
  used: number;
}

/**
 * Usage counters in SQLite, one row per subject (a key id, an IP address) and period
 * (`YYYY-MM`, `YYYY-MM-DD`). Every change is one UPSERT … RETURNING statement: SQLite runs it
 * atomically even across connections and processes, so concurrent requests never lose or
 * double count, and the count survives a restart. A new period is a new row, so counters
 * reset without a job.
 */
export class UsageCounter implements UsageCounting {
  private readonly chargeWithinLimit: BetterSqlite3.Statement;
  private readonly chargeAlways: BetterSqlite3.Statement;
  private readonly read: BetterSqlite3.Statement;

  constructor(db: Database) {
    migrateAccessDatabase(db);
    // The SELECT … WHERE makes the first insert obey the limit too (and disambiguates the
    // UPSERT grammar); the DO UPDATE … WHERE refuses a charge that would pass the limit.
    this.chargeWithinLimit = db.prepare(`
      INSERT INTO api_usage (subject, period, used)
      SELECT @subject, @period, @units WHERE @units <= @limit
      ON CONFLICT (subject, period) DO UPDATE SET used = used + excluded.used
      WHERE used + excluded.used <= @limit
      RETURNING used`);
    this.chargeAlways = db.prepare(`
      INSERT INTO api_usage (subject, period, used) VALUES (@subject, @period, max(@units, 0))
      ON CONFLICT (subject, period) DO UPDATE SET used = max(used + @units, 0)
      RETURNING used`);
    this.read = db.prepare('SELECT used FROM api_usage WHERE subject = ? AND period = ?').pluck();
  }

  /** Counts `units` only if the total stays within `limit`. */
  chargeIfWithin(subject: string, period: string, units: number, limit: number): ChargeResult {
    const row = this.chargeWithinLimit.get({ subject, period, units, limit }) as { used: number } | undefined;
    if (row) return { accepted: true, used: row.used };
    return { accepted: false, used: this.peek(subject, period) };
  }

  /** Counts `units` unconditionally; a negative value gives units back (never below zero). */
  adjust(subject: string, period: string, units: number): number {
    return (this.chargeAlways.get({ subject, period, units }) as { used: number }).used;
  }

  peek(subject: string, period: string): number {
    return (this.read.get(subject, period) as number | undefined) ?? 0;
  }
}
