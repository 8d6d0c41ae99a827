import { describe, expect, it } from 'vitest';
import type { ServiceStatus, SourceStatus } from '../../../../core/model/index.js';
import { summarizeSources } from '../../../../renderer/status/source-summary.js';

/** `count` sources of the service, the first `checked` of them checked, the first `down` of those down. */
function statusOf(count: number, checked: number, down: number): ServiceStatus {
  const sources: SourceStatus[] = Array.from({ length: count }, (_, i) => ({
    name: `source ${i}`,
    countries: [i % 2 ? 'ES' : 'FR'],
    health: i >= checked ? 'unknown' : i < down ? 'down' : 'up',
    breaker: 'closed',
    history: [],
  })) as SourceStatus[];
  return { sources } as unknown as ServiceStatus;
}

describe('the sources pill', () => {
  it('counts every watched source from the first second while the checks come in (35, 54, then 60 checked)', () => {
    const counts = [35, 54, 60].map((checked) => summarizeSources(statusOf(60, checked, 2)));
    expect(counts.map((summary) => summary.total)).toEqual([60, 60, 60]);
    expect(counts.map((summary) => summary.answering)).toEqual([33, 52, 58]);
  });
});
