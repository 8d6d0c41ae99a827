import { describe, expect, it } from 'vitest';
import { DenmarkAdapter } from '../adapter.js';
import { DATAFORDELER_SOURCE } from '../datafordeler.js';
import { DAWA_SOURCE } from '../dawa.js';

/** DAWA closed in 2026: the status page must check what DK lookups really use in each configuration. */
describe("Denmark's status check follows its configuration", () => {
  it('with an API key: one Datafordeler GraphQL query carrying the key', () => {
    const [check, ...more] = new DenmarkAdapter({ datafordelerApiKey: 'k-123' }).statusChecks();
    expect(more).toEqual([]);
    expect(check.source).toBe(DATAFORDELER_SOURCE);
    const url = new URL(check.url);
    expect(url.origin).toBe('https://graphql.datafordeler.dk');
    expect(url.searchParams.get('apiKey')).toBe('k-123');
    expect(url.searchParams.get('query')).toMatch(/MAT_Ejerlav\(first: 1\)/);
  });

  it('without a key but with a DAWA-compatible service: that service, as the lookups use it', () => {
    const [check] = new DenmarkAdapter({ dawaUrl: 'https://dawa.example.dk' }).statusChecks();
    expect(check.source).toBe(DAWA_SOURCE);
    expect(check.url).toMatch(/^https:\/\/dawa\.example\.dk\/jordstykker\/reverse\?/);
  });

  it('with neither: Datafordeler, not asked but marked unconfigured with the reason (DK is down until a key is set), never the closed DAWA', () => {
    const [check] = new DenmarkAdapter().statusChecks();
    expect(check.source).toBe(DATAFORDELER_SOURCE);
    expect(check.unconfigured).toMatch(/Datafordeler API key.*Settings → Denmark.*CATASTRO_DK_DATAFORDELER_API_KEY/);
    expect(check.url).not.toMatch(/dataforsyningen/);
  });
});
