import { pointOnFeature } from '@turf/turf';
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { containsPoint } from '../../../geo/polygon.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';
import { FR_BUILDING, HAND_WRITTEN_MARSEILLE_IDU, HAND_WRITTEN_METZ_IDU, MARSEILLE_ADDRESS_POINT, METZ_ADDRESS_POINT, fake } from './fake.js';
import { france } from '../definition.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';
import { tempDir } from '../../../../test/helpers/temp-dir.js';

countryGoldenTests({ ...france, name: 'France' }, fake);

/** The recorded apicarto answer for a parcel: its properties and outline, read from the file itself. */
const recorded = (idu: string) => JSON.parse(readFileSync(countryFixture(`fr_apicarto_cadastre_parcelle_${idu}.json`), 'utf8')).features[0];
const GEOCODER_REVERSE = () => JSON.parse(readFileSync(countryFixture('fr_geopf_geocodage_reverse_metz_rue_haute_pierre.json'), 'utf8')).features[0].properties;
const ETALAB = countryFixture('fr_etalab_cadastre_parcelles_91216.json.gz');
const etalabFeatures = () => JSON.parse(gunzipSync(readFileSync(ETALAB)).toString('utf8')).features as { properties: Record<string, unknown> }[];

const europe = useEuropeApi();
const { get, post } = europe;

describe('France by reference (IGN API Carto, real recordings)', () => {
  it('answers the IDU with the recorded outline, contenance, commune and department, and its attribution', async () => {
    const feature = recorded('29158000AW0001');
    const response = await get('/api/catastro/29158000AW0001');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      refCatastral: '29158000AW0001',
      pais: 'FR',
      municipio: feature.properties.nom_com,
      provincia: feature.properties.code_dep,
      superficieParcela: feature.properties.contenance,
      dataSource: 'catastro',
    });
    expect(data.attribution).toMatch(/DGFiP/);
    expect(data.poligono).toEqual(feature.geometry.coordinates[0][0]);
    expect(containsPoint({ type: 'Polygon', coordinates: [data.poligono] }, [data.longitud, data.latitud])).toBe(true);
    expect(data.availableFields).toMatchObject({ busquedaDireccion: true, uso: true, anioConstruccion: true, superficieConstruida: true });
    const asked = europe.api.fake.requests.find((u) => u.pathname === '/fr-apicarto/parcelle' && u.searchParams.get('code_insee') === '29158')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ code_insee: '29158', section: 'AW', numero: '0001' });
  });

  it("adds use, year and built area of the parcel's own building from BD TOPO (hand-written answer), not its neighbour's", async () => {
    const { data } = (await get('/api/catastro/29158000AW0001')).json();
    // The invented house: Résidentiel, 1962, a 10 m square on 2 floors (≈ 200 m²); the agricultural neighbour is off the parcel.
    expect(data).toMatchObject({ uso: FR_BUILDING.usage_1, anioConstruccion: 1962 });
    expect(data.superficieConstruida).toBeGreaterThan(190);
    expect(data.superficieConstruida).toBeLessThan(210);
    const asked = europe.api.fake.requests.find((u) => u.pathname === '/fr-bdtopo')!.searchParams;
    expect(asked.get('TYPENAMES')).toBe('BDTOPO_V3:batiment');
    const [w, s, e, n, crs] = asked.get('BBOX')!.split(',');
    expect(crs).toBe('EPSG:4326');
    expect(
      containsPoint(
        {
          type: 'Polygon',
          coordinates: [
            [
              [+w, +s],
              [+e, +s],
              [+e, +n],
              [+w, +n],
              [+w, +s],
            ],
          ],
        },
        [data.longitud, data.latitud],
      ),
    ).toBe(true);
  });

  it('a parcel with no building in BD TOPO leaves the building fields out and says so', async () => {
    const { data } = (await get('/api/catastro/412310000A0075')).json();
    expect(data.uso).toBeUndefined();
    expect(data.availableFields).toMatchObject({ uso: false, anioConstruccion: false, superficieConstruida: false });
  });

  it('pads a one-letter section (41231000A0075 → 412310000A0075) and then answers from the copy', async () => {
    const first = await get('/api/catastro/41231000A0075?country=FR');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ refCatastral: '412310000A0075', municipio: 'Saint-Viâtre', superficieParcela: 24810 });
    const again = await get('/api/catastro/412310000A0075');
    expect(again.json().data.dataSource).toBe('clone');
  });

  it('answers 404 NOT_FOUND with the IDU shape as hint for a parcel the service does not know', async () => {
    const response = await get('/api/catastro/29158000AW9999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(response.json().error).toMatch(/IDU/);
  });

  it('asks API Carto for a Marseille parcel under the commune (13055) and code_arr 207, and keeps the arrondissement IDU', async () => {
    const response = await get(`/api/catastro/${HAND_WRITTEN_MARSEILLE_IDU}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: HAND_WRITTEN_MARSEILLE_IDU, provincia: '13' });
    const asked = europe.api.fake.requests.find(
      (u) => u.pathname === '/fr-apicarto/parcelle' && u.searchParams.get('section') === 'AB' && u.searchParams.get('numero') === '0012',
    )!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ code_insee: '13055', code_arr: '207', section: 'AB', numero: '0012' });
  });

  it('answers 400 for a reference that is not French under country=FR', async () => {
    const response = await get('/api/catastro/9872023VH5797S?country=FR');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/14 characters/);
  });

  it('answers 503 SERVICE_UNAVAILABLE when API Carto does not answer', async () => {
    europe.api.fake.failNext(503, 1);
    const response = await get('/api/catastro/29158000AW0002');
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
  });

  it('exports the parcel as KML', async () => {
    const response = await get('/api/export/kml?refcat=29158000AW0001');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('29158000AW0001');
  });
});

describe('France by coordinates', () => {
  it('finds the recorded parcel containing a point (geom=Point lon/lat)', async () => {
    const feature = recorded('412310000A0075');
    const [lon, lat] = pointOnFeature(feature.geometry).geometry.coordinates;
    expect(containsPoint(feature.geometry, [lon, lat])).toBe(true);
    const response = await post('/api/search/coordinates', { latitude: lat, longitude: lon, country: 'FR' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: '412310000A0075', pais: 'FR', municipio: 'Saint-Viâtre' });
    expect(response.json().data.attribution).toMatch(/DGFiP/);
  });

  it("names the parcel's address with the Géoplateforme's recorded reverse answer (Metz)", async () => {
    const nearest = GEOCODER_REVERSE();
    const response = await post('/api/search/coordinates', { latitude: METZ_ADDRESS_POINT[1], longitude: METZ_ADDRESS_POINT[0], country: 'FR' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: HAND_WRITTEN_METZ_IDU, direccion: nearest.label });
    const asked = europe.api.fake.requests.find((u) => u.pathname === '/fr-geocodage/reverse')!;
    expect(asked.searchParams.get('index')).toBe('address');
  });

  it('answers 404 where the service lists no parcel (hand-written empty answer)', async () => {
    const response = await post('/api/search/coordinates', { latitude: 46.5, longitude: 2.5, country: 'FR' });
    expect(response.statusCode).toBe(404);
  });
});

describe('France by address (the BAN on the Géoplateforme)', () => {
  it('geocodes with the recorded Géoplateforme answer and returns the parcel under the Marseille 7e address', async () => {
    const response = await get(`/api/search/address/candidates?country=FR&q=${encodeURIComponent("3 rue de l'école 13")}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.candidatos[0]).toMatchObject({
      refCatastral: HAND_WRITTEN_MARSEILLE_IDU,
      pais: 'FR',
      numero: 3,
      codigoPostal: '13007',
      municipio: 'Marseille',
      latitud: MARSEILLE_ADDRESS_POINT[1],
      longitud: MARSEILLE_ADDRESS_POINT[0],
    });
    expect(data.attribution).toMatch(/Base Adresse Nationale \(BAN, ETALAB-2\.0\)/);
    expect(data.attribution).toMatch(/DGFiP/);
    const asked = europe.api.fake.requests.find((u) => u.pathname === '/fr-geocodage/search')!;
    expect(asked.searchParams.get('index')).toBe('address');
  });

  it('answers 404 when the geocoder finds nothing', async () => {
    const response = await get('/api/search/address/candidates?country=FR&q=oozpuip');
    expect(response.statusCode).toBe(404);
  });
});

describe('France bulk import (Etalab cadastre GeoJSON, the real 91216 file)', () => {
  it('imports every parcel with its contenance, then answers and locates them offline', async () => {
    const features = etalabFeatures();
    const [result] = await europe.api.service.importFiles([ETALAB]);
    expect(result).toMatchObject({ kind: 'fr-etalab-geojson', parcels: features.length });
    expect(embeddedCopy(europe.api.service).countParcels('FR')).toBeGreaterThanOrEqual(features.length);
    const sample = features.find((f) => typeof f.properties.contenance === 'number')!;
    const before = europe.api.fake.requests.length;
    const response = await get(`/api/catastro/${sample.properties.id}`);
    expect(response.json().data).toMatchObject({
      refCatastral: sample.properties.id,
      superficieParcela: sample.properties.contenance,
      dataSource: 'clone',
      provincia: '91',
    });
    // Issue #40 item 5: Etalab's file is credited, not API Carto (which was never asked).
    const etalabCredit = /^DGFiP .*Etalab \(cadastre\.data\.gouv\.fr\), Licence Ouverte/;
    expect(response.json().data.attribution).toMatch(etalabCredit);
    expect(response.json().data.attribution).not.toMatch(/API Carto/);
    const { latitud, longitud } = response.json().data;
    const at = await post('/api/search/coordinates', { latitude: latitud, longitude: longitud, country: 'FR' });
    expect(at.json().data.referenciaCatastral).toBe(sample.properties.id);
    expect(at.json().data.attribution).toMatch(etalabCredit);
    expect((await get(`/api/catastro/${sample.properties.id}/polygon`)).json().data.geojson.properties.attribution).toMatch(etalabCredit);
    expect(europe.api.fake.requests.length).toBe(before);
  });

  // Issue #40: offline the panel said "Commune: 91216" and the areas list "91216 (91216)": the file
  // has the commune's code and no name, and geo.api.gouv.fr cannot be asked without a connection.
  it("names the file's commune offline in the parcel and the offline areas list, asking no one", async () => {
    const published = path.join(tempDir('catastro-fr-etalab-'), 'cadastre-91216-parcelles.json.gz');
    copyFileSync(ETALAB, published);
    const before = europe.api.fake.requests.length;
    await europe.api.service.importFiles([published]);
    expect(
      embeddedCopy(europe.api.service)
        .listOfflineAreas()
        .find((area) => area.id === 'FR.91216'),
    ).toMatchObject({
      code: '91216',
      name: 'Épinay-sur-Orge',
    });
    const [sample] = etalabFeatures();
    expect(sample.properties.commune).toBe('91216');
    const response = await get(`/api/catastro/${sample.properties.id}`);
    expect(response.json().data).toMatchObject({ municipio: 'Épinay-sur-Orge', provincia: '91', dataSource: 'clone' });
    expect(europe.api.fake.requests.length).toBe(before);
  });
});
