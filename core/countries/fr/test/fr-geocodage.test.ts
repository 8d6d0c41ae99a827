import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FR_SOURCES } from '../config.js';
import { banReverseUrl, banSearchUrl, parseBanAnswer } from '../geocodage.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';

const recording = (name: string) => readFileSync(countryFixture(name), 'utf8');

describe("France's address geocoder (the BAN on IGN's Géoplateforme)", () => {
  it('asks the Géoplateforme by default, not the retired api-adresse.data.gouv.fr', () => {
    const search = new URL(banSearchUrl(DEFAULT_FR_SOURCES, "3 rue de l'école 13", { limit: 10 }));
    expect(`${search.origin}${search.pathname}`).toBe('https://data.geopf.fr/geocodage/search');
    expect(Object.fromEntries(search.searchParams)).toEqual({ q: "3 rue de l'école 13", index: 'address', limit: '10' });
    const reverse = new URL(banReverseUrl(DEFAULT_FR_SOURCES, [6.170795, 49.117011]));
    expect(`${reverse.origin}${reverse.pathname}`).toBe('https://data.geopf.fr/geocodage/reverse');
    expect(Object.fromEntries(reverse.searchParams)).toEqual({ lon: '6.170795', lat: '49.117011', index: 'address', limit: '1' });
  });

  it('reads a recorded search answer: the Marseille address keeps its arrondissement citycode', () => {
    const answer = parseBanAnswer(recording('fr_geopf_geocodage_search_3_rue_de_l_ecole_13.json'));
    expect(answer.addresses).toHaveLength(10);
    expect(answer.addresses.find((a) => a.city === 'Marseille')).toMatchObject({ citycode: '13207', postcode: '13007', housenumber: '3', type: 'housenumber' });
    // The answers name no attribution or licence: the geocoder's configured ones are given.
    expect(answer.attribution).toBe('Base Adresse Nationale (BAN, ETALAB-2.0), via IGN Géoplateforme');
  });

  it('reads a recorded reverse answer, nearest address first (its null fields are no obstacle)', () => {
    const [nearest] = parseBanAnswer(recording('fr_geopf_geocodage_reverse_metz_rue_haute_pierre.json')).addresses;
    expect(nearest).toMatchObject({ label: '3 Rue Haute Pierre 57000 Metz', point: [6.171141, 49.116845], postcode: '57000' });
  });
});
