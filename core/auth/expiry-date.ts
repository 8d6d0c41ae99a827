// Its own module, apart from key-store.ts: `catastro keys create --expires` checks the day while
// the command line is parsed, and key-store.ts brings the access database (and better-sqlite3)
// with it, start-up time every other command paid for this one check (cli/arguments.ts).
import { isoDay, validationError } from '../model/index.js';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Accepts a real calendar date only (2026-02-30 is refused), so expiry is never silently shifted. */
export function parseExpiryDate(value: string): string {
  const match = DATE_RE.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!match || !date || isoDay(date) !== value) {
    throw validationError(`Expiry date must be a calendar date YYYY-MM-DD, got '${value}'.`);
  }
  return value;
}
