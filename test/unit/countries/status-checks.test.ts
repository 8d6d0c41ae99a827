import { describe, expect, it } from 'vitest';
import { CountryRegistry } from '../../../core/countries/registry.js';

/** The status page (core/status) checks each country's source with one cheap real request: every country names at least one. */
describe('status checks of the installed countries', () => {
  const registry = CountryRegistry.create();

  it.each(registry.codes)('%s has a status check on each of its sources, each a real URL of the official service', (code) => {
    const checks = registry.find(code)!.statusChecks?.() ?? [];
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) {
      expect(check.source).not.toBe('');
      expect(new URL(check.url).protocol).toBe('https:');
    }
  });
});
