import { describe, expect, it } from 'vitest';
import { countriesOf, parcelAttribution } from '../../../../renderer/map/parcel-attribution.js';
import { CATASTRO_ATTRIBUTION } from '../../../../core/countries/es/attribution.js';
import { DK_CADASTRE_ATTRIBUTION } from '../../../../core/countries/dk/config.js';

// The texts are the adapters' own (what `GET /api/status` lists for each country).
const TEXTS = { ES: CATASTRO_ATTRIBUTION, DK: DK_CADASTRE_ATTRIBUTION };

describe('the map credits the cadastres whose parcels are drawn', () => {
  it('names every country of the drawn parcels once, whatever the order they are drawn in', () => {
    const drawn = countriesOf([{ properties: { country: 'DK' } }, { properties: { country: 'ES' } }, { properties: { country: 'DK' } }, { properties: {} }]);
    expect(drawn).toEqual(new Set(['DK', 'ES']));
    expect(parcelAttribution(drawn, TEXTS)).toBe(`${DK_CADASTRE_ATTRIBUTION} · ${CATASTRO_ATTRIBUTION}`);
  });

  it('credits a selected parcel out of view by its own answer, and nothing when no parcel is drawn or selected', () => {
    expect(parcelAttribution([], TEXTS, { pais: 'FR', attribution: 'DGFiP' })).toBe('DGFiP');
    expect(parcelAttribution(['ES'], TEXTS, { pais: 'ES', attribution: CATASTRO_ATTRIBUTION })).toBe(CATASTRO_ATTRIBUTION);
    expect(parcelAttribution([], TEXTS, null)).toBeUndefined();
    expect(parcelAttribution(['XX'], TEXTS)).toBeUndefined();
  });
});
