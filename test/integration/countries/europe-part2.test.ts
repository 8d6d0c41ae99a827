import { describe, expect, it } from 'vitest';
import { GEOJSON_PARCELS } from '../../fake-upstream/countries/geojson-countries.js';
import { NOMINATIM_PLACES } from '../../fake-upstream/countries/nominatim.js';
import { documentedFormatCases, type DocumentedFormatRow } from '../../helpers/documented-format-cases.js';
import { useEuropeApi } from '../../helpers/europe-api.js';

/** Issue 14's countries served through their official parcel services, one row each (documented-format-cases.ts). */
const place = (cc: string) => NOMINATIM_PLACES[cc];
const ROWS: DocumentedFormatRow[] = [
  {
    code: 'EE',
    ref: GEOJSON_PARCELS.EE.ref,
    centre: GEOJSON_PARCELS.EE.centre,
    detection: 'alone',
    address: { q: `${place('ee').road} ${place('ee').houseNumber}, Tallinn`, municipality: 'Tallinn', postcode: '10146', wrongPostcode: '1014' },
  },
  {
    code: 'LV',
    ref: GEOJSON_PARCELS.LV.ref,
    centre: GEOJSON_PARCELS.LV.centre,
    detection: 'never',
    address: { q: `${place('lv').road} ${place('lv').houseNumber}, Rīga`, municipality: 'Rīga', postcode: 'LV-1050', wrongPostcode: '10500' },
  },
  {
    code: 'LT',
    ref: GEOJSON_PARCELS.LT.ref,
    centre: GEOJSON_PARCELS.LT.centre,
    detection: 'alone',
    address: { q: `${place('lt').road} ${place('lt').houseNumber}, Vilnius`, municipality: 'Vilnius', postcode: 'LT-01103', wrongPostcode: '0110' },
  },
  {
    code: 'SI',
    ref: GEOJSON_PARCELS.SI.ref,
    centre: GEOJSON_PARCELS.SI.centre,
    detection: 'shared',
    address: { q: `${place('si').road} ${place('si').houseNumber}, Ljubljana`, municipality: 'Ljubljana', postcode: '1000', wrongPostcode: '10000' },
  },
];

const europe = useEuropeApi();
const { get } = europe;

documentedFormatCases(() => europe.api, ROWS);

describe('Latvia: bare digits only with ?country=LV', () => {
  it('does not claim 11 bare digits without country, and reads them with it', async () => {
    const bare = await get(`/api/catastro/${GEOJSON_PARCELS.LV.ref}`);
    expect(bare.statusCode).toBe(400);
    const asked = await get(`/api/catastro/${GEOJSON_PARCELS.LV.ref}?country=LV`);
    expect(asked.statusCode, asked.body).toBe(200);
  });
});
