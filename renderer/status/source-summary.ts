import type { CountryCode, ServiceStatus, SourceStatus } from '../../core/model/index.js';

/** A source that does not answer now: its last check failed, or its breaker pauses calls to it. */
export const isDown = (source: SourceStatus) => source.health === 'down' || source.breaker === 'open';

export interface SourceSummary {
  answering: number;
  checked: number;
  /** Every source the service watches, checked yet or not: the count the item shows, the same from the first second. */
  total: number;
  /** Countries with at least one source down, in the order the sources are listed. */
  countriesDown: CountryCode[];
}

/** What the status-bar item says at a glance, from the service's status (GET /api/status or IPC). */
export function summarizeSources(status: ServiceStatus): SourceSummary {
  const checked = status.sources.filter((s) => s.health !== 'unknown');
  const down = status.sources.filter(isDown);
  return {
    answering: checked.filter((s) => !isDown(s)).length,
    checked: checked.length,
    total: status.sources.length,
    countriesDown: [...new Set(down.flatMap((s) => s.countries))],
  };
}
