import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dayPeriod, monthPeriod } from '../../../core/auth/periods.js';
import { IpDailyAllowance, QuotaLedger } from '../../../core/auth/quota.js';

describe('quota periods (UTC)', () => {
  it.each([
    ['2026-11-23T10:00:00Z', '2026-11', '2026-12-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2026-12', '2027-01-01T00:00:00.000Z'],
    ['2027-01-01T00:00:00Z', '2027-01', '2027-02-01T00:00:00.000Z'],
    ['2026-11-30T23:30:00-01:00', '2026-12', '2027-01-01T00:00:00.000Z'], // 00:30 UTC on Dec 1
  ])('%s is month %s, resets %s', (now, id, reset) => {
    const p = monthPeriod(new Date(now));
    expect(p.id).toBe(id);
    expect(p.resetsAt.toISOString()).toBe(reset);
  });

  it('days reset at UTC midnight', () => {
    expect(dayPeriod(new Date('2026-11-23T23:59:59Z'))).toEqual({ id: '2026-11-23', resetsAt: new Date('2026-11-24T00:00:00Z') });
  });
});

describe('QuotaLedger', () => {
  it('charges within the limit only, atomically, and reports what is left', () => {
    const ledger = new QuotaLedger(new Database(':memory:'), () => new Date('2026-11-23T00:00:00Z'));
    expect(ledger.charge('k', 60, 100)).toMatchObject({ accepted: true, used: 60, remaining: 40 });
    expect(ledger.charge('k', 41, 100)).toMatchObject({ accepted: false, used: 60, remaining: 40 });
    expect(ledger.charge('k', 40, 100)).toMatchObject({ accepted: true, used: 100, remaining: 0 });
    expect(ledger.charge('k', 1, 100).accepted).toBe(false);
    expect(ledger.charge('other', 101, 100)).toMatchObject({ accepted: false, used: 0 });
    expect(ledger.peek('k', 100).used).toBe(100);
  });

  it('settles a refund into the month of the reservation, never below zero', () => {
    let now = new Date('2026-11-30T23:59:59Z');
    const ledger = new QuotaLedger(new Database(':memory:'), () => now);
    const reservation = ledger.charge('k', 1, 100);
    now = new Date('2026-12-01T00:00:01Z');
    ledger.charge('k', 1, 100);
    ledger.settle('k', -1, 100, reservation.period);
    expect(ledger.peek('k').used).toBe(1); // December untouched
    expect(ledger.settle('k', -5, 100, reservation.period).used).toBe(0);
  });
});

describe('IpDailyAllowance', () => {
  it('counts per IP per UTC day', () => {
    let now = new Date('2026-11-23T08:00:00Z');
    const allowance = new IpDailyAllowance(new Database(':memory:'), 2, () => now);
    expect(allowance.charge('10.0.0.1', 1).accepted).toBe(true);
    expect(allowance.charge('10.0.0.1', 1).accepted).toBe(true);
    expect(allowance.charge('10.0.0.1', 1).accepted).toBe(false);
    expect(allowance.charge('10.0.0.2', 1).accepted).toBe(true);
    now = new Date('2026-11-24T00:00:00Z');
    expect(allowance.charge('10.0.0.1', 1)).toMatchObject({ accepted: true, used: 1 });
  });

  it('refuses a non-positive allowance size', () => {
    expect(() => new IpDailyAllowance(new Database(':memory:'), 0)).toThrow(RangeError);
  });
});
