import { isoDay } from '../model/index.js';

/**
 * Quota periods, always in UTC so every server and client agrees on when a month or a day
 * starts: the key quota counts per calendar month, the free per-IP allowance per day.
 */
export interface Period {
  /** Counter bucket: `YYYY-MM` for months, `YYYY-MM-DD` for days. */
  id: string;
  /** First instant of the next period (when the counter starts again from zero). */
  resetsAt: Date;
}

export function monthPeriod(now: Date): Period {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    id: `${year}-${String(month + 1).padStart(2, '0')}`,
    resetsAt: new Date(Date.UTC(year, month + 1, 1)),
  };
}

export function dayPeriod(now: Date): Period {
  return {
    id: isoDay(now),
    resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)),
  };
}

/** ISO 8601 without milliseconds, e.g. `2026-12-01T00:00:00Z` (the spec's reset date format). */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
