import type { CountryCode, CountryInfo } from './countries.js';

/** What the last check of a source found: it answered, it did not, or it was not checked yet. */
export type SourceHealth = 'up' | 'down' | 'unknown';
/** The source's circuit breaker (core/upstream): open = calls refused at once after repeated failures. */
export type BreakerState = 'closed' | 'open' | 'half-open' | 'isolated';

/** One check of one source. */
export interface SourceCheckResult {
  /** ISO 8601 time the check started. */
  at: string;
  health: Exclude<SourceHealth, 'unknown'>;
  /** Time to the answer (or to the failure), milliseconds. */
  latencyMs: number;
  /** Why a source counts as down, in words fit for the public page (no addresses, no stack). */
  reason?: string;
}

/** A cadastral source on the status page (spec: "the service and nine cadastral sources"). */
export interface SourceStatus {
  /** The source's name, as errors name it (e.g. `Catastro OVC (Consulta_RCCOOR)`). */
  name: string;
  /** Countries answered through this source. */
  countries: CountryCode[];
  health: SourceHealth;
  breaker: BreakerState;
  lastCheck?: SourceCheckResult;
  /** Recent checks, oldest first. */
  history: SourceCheckResult[];
}

/** `GET /api/status`: the service and its sources, checked on a schedule. */
export interface ServiceStatus {
  version: string;
  /** `ok` when every checked source (and the team database) answers, `degraded` when some do not. */
  status: 'ok' | 'degraded';
  /**
   * The team database (`serve --store`): whether it answers now. Absent on a data folder's own copy.
   * `replica` with `serve --store-read`: `down` while the read replica fails and lookups read the primary in its place.
   */
  store?: { health: Exclude<SourceHealth, 'unknown'>; replica?: { health: Exclude<SourceHealth, 'unknown'> } };
  /** Parcels in the local copy (answers by reference without any source). */
  parcels: number;
  /** Seconds between scheduled checks; 0 when the schedule is off (checks only on demand). */
  checkIntervalSeconds: number;
  sources: SourceStatus[];
  /** The countries of this installation (the registry's adapters): the app's country picker and map-centre default. */
  countries?: CountryInfo[];
}
