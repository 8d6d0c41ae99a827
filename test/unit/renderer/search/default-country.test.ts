import { beforeAll, describe, expect, it } from 'vitest';
import { loadWorldOutlines } from '../../../../renderer/map/world-outlines.js';
import type { CountryInfo } from '../../../../core/model/index.js';
import { installedCountries } from '../../../../core/countries/registry.js';
import { defaultSearchCountry } from '../../../../renderer/search/country-at.js';

// The outlines are a chunk of their own, loaded after the first paint (world-outlines.ts).
beforeAll(() => loadWorldOutlines());

// The countries as the service's status lists them, from the installed adapters.
const registry = installedCountries();
const COUNTRIES: CountryInfo[] = registry.infos();

describe("the address search's default country", () => {
  it('follows the map centre over the interface language', () => {
    expect(defaultSearchCountry(COUNTRIES, [-4.47, 41.06], 'fr')?.code).toBe('ES'); // the sample, Segovia
    expect(defaultSearchCountry(COUNTRIES, [2.35, 48.85], 'es')?.code).toBe('FR'); // Paris
  });

  it("is the interface language's country where the centre is in none (the sea, the first instant before the map moves)", () => {
    const atlantic: [number, number] = [-30, 40];
    expect(defaultSearchCountry(COUNTRIES, atlantic, 'es')?.code).toBe('ES');
    expect(defaultSearchCountry(COUNTRIES, null, 'pl')?.code).toBe('PL');
    expect(defaultSearchCountry(COUNTRIES, null, 'pt-PT')?.code).toBe('PT');
    expect(defaultSearchCountry(COUNTRIES, null, 'de')?.code).toBe('DE');
  });

  it('is none for a language whose country the app does not search (the caller keeps its own default)', () => {
    expect(
      defaultSearchCountry(
        COUNTRIES.filter((c) => c.code !== 'UK'),
        null,
        'en',
      ),
    ).toBeUndefined();
  });
});
