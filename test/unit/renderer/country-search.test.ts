import { beforeAll, describe, expect, it } from 'vitest';
import { loadWorldOutlines } from '../../../renderer/map/world-outlines.js';
import { CountryRegistry } from '../../../core/countries/registry.js';
import type { CountryInfo } from '../../../core/model/index.js';
import { countryAt, outlinesDecideAt } from '../../../renderer/search/country-at.js';
import { parseQuery } from '../../../renderer/search/parse-query.js';

// The outlines are a chunk of their own, loaded after the first paint (world-outlines.ts).
beforeAll(() => loadWorldOutlines());

/** The installation's countries as the service's status lists them (the registry's adapters). */
const registry = CountryRegistry.create();
const countries: CountryInfo[] = registry.infos();

describe('the address-search country of the map centre', () => {
  it.each<[string, [number, number], string]>([
    ['Paris', [2.35, 48.85], 'FR'],
    ["Barcelona (inside France's box too)", [2.17, 41.39], 'ES'],
    ['Perpignan', [2.895, 42.699], 'FR'],
    ['Amsterdam', [4.89, 52.37], 'NL'],
    ['København', [12.57, 55.68], 'DK'],
  ])('%s → %s', (_name, centre, code) => {
    expect(countryAt(countries, centre)?.code).toBe(code);
  });

  it('nothing in the middle of the Atlantic', () => {
    expect(countryAt(countries, [-30, 45])).toBeUndefined();
  });

  it("needs the outlines only where two address countries' boxes hold the centre", () => {
    expect(outlinesDecideAt(countries, [-4.47, 41.06])).toBe(false); // the sample, Segovia: Spain's box alone
    expect(outlinesDecideAt(countries, [2.17, 41.39])).toBe(true); // Barcelona, in France's box too
    expect(outlinesDecideAt(countries, null)).toBe(false);
  });
});

describe("the search box tells other countries' references from addresses", () => {
  it.each(['141201_1.0001.6509', 'GVH03 F 422', '2000178-13', '727024-st.542', 'H501A048600.12'])('%s is a code for the service to recognise', (text) => {
    expect(parseQuery(text)).toEqual({ kind: 'code', text });
  });

  it.each(['Mayor 5', '13 rue Yves Toudic 75010 Paris', 'Mikkel Bryggers Gade 1'])('%s stays an address', (text) => {
    expect(parseQuery(text).kind).toBe('address');
  });
});
