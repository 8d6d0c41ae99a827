import { pointOnFeature } from '@turf/turf';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { luxembourg } from '../country.js';
import { fake } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(luxembourg, fake);

const recorded = JSON.parse(readFileSync(countryFixture('lu_inspire_cp_wfs_getfeature_bbox_luxembourg_075F.json'), 'utf8')) as {
  features: { geometry: { coordinates: number[][][] }; properties: { national_cadastral_reference: string; area: number } }[];
};
const parcel820 = recorded.features.find((f) => f.properties.national_cadastral_reference === '075F00139000820')!;

const europe = useEuropeApi();
const { get } = europe;

const lastWfs = () => europe.api.fake.requests.filter((u) => u.pathname === '/lu-wfs').at(-1)!;

describe('Luxembourg (ACT INSPIRE CP WFS as GeoJSON, geoportail.lu), real recordings', () => {
  it('detects a 15-character reference, asks one parcel by CQL filter and picks it out of the recorded answer', async () => {
    const response = await get('/api/catastro/075F00139000820');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refCatastral: '075F00139000820', pais: 'LU', superficieParcela: parcel820.properties.area, dataSource: 'catastro' });
    expect(data.poligono).toEqual(parcel820.geometry.coordinates[0]);
    expect(data.attribution).toMatch(/ACT/);
    expect(lastWfs().searchParams.get('CQL_FILTER')).toBe("national_cadastral_reference='075F00139000820'");
    expect(lastWfs().searchParams.get('outputFormat')).toBe('application/json');
  });

  it('answers 404 with the shape for an unknown parcel, 400 for another shape under country=LU', async () => {
    const missing = await get('/api/catastro/075F99999000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/section \(3 digits and a letter\)/);
    expect((await get('/api/catastro/75F-137?country=LU')).statusCode).toBe(400);
  });

  it('finds the parcel under a point with a lat,lon URN box, among parcels listed in id order', async () => {
    const esch = JSON.parse(readFileSync(countryFixture('lu_inspire_cp_wfs_getfeature_bbox_esch_039A.json'), 'utf8')) as typeof recorded;
    const target = esch.features[3];
    const [longitude, latitude] = pointOnFeature({ type: 'Polygon', coordinates: target.geometry.coordinates }).geometry.coordinates;
    const response = await europe.api.app.inject({ method: 'POST', url: '/api/search/coordinates', payload: { latitude, longitude, country: 'LU' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: target.properties.national_cadastral_reference, pais: 'LU' });
    expect(lastWfs().searchParams.get('bbox')).toMatch(/^49\.\d+,5\.\d+,49\.\d+,5\.\d+,urn:ogc:def:crs:EPSG::4326$/);
  });

  it('without country, a point in Luxembourg goes to Luxembourg', async () => {
    const [longitude, latitude] = pointOnFeature({ type: 'Polygon', coordinates: parcel820.geometry.coordinates }).geometry.coordinates;
    forgetParcels(embeddedCopy(europe.api.service), 'LU');
    const response = await europe.api.app.inject({ method: 'POST', url: '/api/search/coordinates', payload: { latitude, longitude } });
    expect(response.json().data).toMatchObject({ referenciaCatastral: '075F00139000820', pais: 'LU' });
  });

  it('address search asks geoportail.lu, then the cadastre under the address point; no recorded parcel lies under it, so 404', async () => {
    const response = await get(`/api/search/address/candidates?country=LU&q=${encodeURIComponent('2 boulevard Royal luxembourg')}`);
    expect(response.statusCode).toBe(404);
    expect(europe.api.fake.requests.some((u) => u.pathname === '/lu-geocoder/search')).toBe(true);
    // The recorded candidate's point (6.1293975, 49.6146721) was asked of the WFS.
    const [latMin, lonMin, latMax, lonMax] = lastWfs().searchParams.get('bbox')!.split(',').map(Number);
    expect((latMin + latMax) / 2).toBeCloseTo(49.6146721, 6);
    expect((lonMin + lonMax) / 2).toBeCloseTo(6.1293975, 6);
  });

  it('the geocoder\'s "no results" (success false, count 1 with one empty result) is a 404, and a postcode in the wrong format a 400', async () => {
    expect((await get('/api/search/address/candidates?country=LU&q=nowhere%20street')).statusCode).toBe(404);
    expect((await get('/api/search/address/candidates?country=LU&q=rue%20x%201&postcode=12345')).statusCode).toBe(400);
    expect((await get('/api/search/address/candidates?country=LU&q=rue%20x%201&postcode=L-2449')).statusCode).toBe(404);
  });
});
