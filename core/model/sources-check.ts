import type { CountryCode } from './countries.js';

/** The capabilities `catastro sources check` asks of each country, one real lookup each (core/status/sources-check.ts). */
export const CHECKED_CAPABILITIES = ['byReference', 'byCoordinates', 'byAddress', 'units'] as const;
export type CheckedCapability = (typeof CHECKED_CAPABILITIES)[number];

/** One lookup of the live check: what was asked of a country's source, whether it answered and whether the answer is the known one. */
export interface SourceLookupCheck {
  country: CountryCode;
  capability: CheckedCapability;
  /** What was asked, as a user would type it: the reference, `latitude, longitude` or the address. */
  asked: string;
  answered: boolean;
  /** The answer's key fields are the known ones (always false when nothing answered). */
  matches: boolean;
  /** Time from the request to the answer or the failure, milliseconds. */
  ms: number;
  /** Why nothing answered, or which key fields differ, in words. */
  detail?: string;
}

/** The whole check: every row, and whether all of them answered the known answer. */
export interface SourcesCheckReport {
  /** ISO 8601 time the check started. */
  at: string;
  rows: SourceLookupCheck[];
  passed: boolean;
}
