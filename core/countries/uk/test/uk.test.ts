import { pointOnFeature } from '@turf/turf';
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { toWgs84 } from '../../../geo/crs.js';
import type { LonLat } from '../../../model/index.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';
import { UK_PARCEL, fake } from './fake.js';
import { unitedKingdom } from '../definition.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { writeZip } from '../../../../test/helpers/catastro-zips.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { repoRoot } from '../../../../test/helpers/paths.js';
import { tempDir } from '../../../../test/helpers/temp-dir.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests({ ...unitedKingdom, name: 'United Kingdom' }, fake);

/**
 * The United Kingdom against the fake Europe: Scotland by Registers of Scotland's WMS
 * GetFeatureInfo (answer written by hand: no recording exists), England and Wales from HM Land
 * Registry's INSPIRE Index Polygons imported from a real slice of Vale of Glamorgan's file, with
 * GDAL (ogrinfo, ogr2ogr) as the independent judge of what the file holds, Northern Ireland 422.
 */

const HMLR_GML = countryFixture('uk_hmlr_inspire_vale_of_glamorgan_sample.gml');
const AUTHORITY_GML = 'Land_Registry_Cadastral_Parcels.gml';

const europe = useEuropeApi();
const { get, post, requests, candidates } = europe;

const at = ([longitude, latitude]: LonLat, country?: string) => post('/api/search/coordinates', { latitude, longitude, ...(country && { country }) });
const ukParcels = () => embeddedCopy(europe.api.service).countParcels('UK');

interface GdalParcel {
  id: string;
  areaBng: number;
  ring: LonLat[];
}

/** What GDAL reads in the file: each feature's INSPIREID, its planar area in EPSG:27700, its exterior ring reprojected by PROJ. */
function readWithGdal(gml: string): GdalParcel[] {
  // GDAL writes a .gfs schema beside the file it reads: it reads a copy.
  const copy = path.join(tempDir('catastro-uk-gdal-'), 'parcels.gml');
  copyFileSync(gml, copy);
  const areas = spawnSync('ogrinfo', ['-ro', '-q', '-sql', 'SELECT INSPIREID, OGR_GEOM_AREA AS area FROM PREDEFINED', copy], { encoding: 'utf8' });
  expect(areas.status, areas.stderr).toBe(0);
  const ids = [...areas.stdout.matchAll(/INSPIREID \(\w+\) = (\d+)/g)].map((m) => m[1]);
  const areaValues = [...areas.stdout.matchAll(/area \(Real\) = ([\d.]+)/g)].map((m) => Number(m[1]));
  const geojson = spawnSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', '-t_srs', 'EPSG:4326', copy, 'PREDEFINED'], { encoding: 'utf8' });
  expect(geojson.status, geojson.stderr).toBe(0);
  const features = JSON.parse(geojson.stdout).features as { properties: { INSPIREID: number }; geometry: { coordinates: LonLat[][] } }[];
  expect(features.map((f) => String(f.properties.INSPIREID))).toEqual(ids);
  return ids.map((id, i) => ({ id, areaBng: areaValues[i], ring: features[i].geometry.coordinates[0] }));
}

/** The authority's zip as HM Land Registry publishes it: `<authority>.zip` holding the GML under its fixed name. */
const authorityZip = (authority: string, gml: Buffer | string) =>
  writeZip(path.join(tempDir('catastro-uk-zip-'), `${authority}.zip`), { [AUTHORITY_GML]: Buffer.from(gml) });

/** The real file cut after its first `members` features, closed as the file closes. */
function firstMembers(members: number): string {
  const text = readFileSync(HMLR_GML, 'utf8');
  let end = 0;
  for (let i = 0; i < members; i++) end = text.indexOf('</wfs:member>', end) + '</wfs:member>'.length;
  return `${text.slice(0, end)}</wfs:FeatureCollection>`;
}

describe('England and Wales: HM Land Registry INSPIRE Index Polygons imported offline (real Vale of Glamorgan slice, GDAL the judge)', () => {
  const gdal = readWithGdal(HMLR_GML);

  it('imports the authority zip as GDAL reads the GML: the same count, ids, areas and outlines, dated by the file', async () => {
    expect(gdal).toHaveLength(10);
    const zip = await authorityZip('Vale_of_Glamorgan_Council', readFileSync(HMLR_GML));
    const [result] = await europe.api.service.importFiles([zip]);
    expect(result).toMatchObject({ kind: 'uk-hmlr-gml', parcels: gdal.length, area: 'UK.Vale_of_Glamorgan_Council' });
    expect(await ukParcels()).toBe(gdal.length);
    for (const expected of gdal) {
      const parcel = (await embeddedCopy(europe.api.service).getParcel('UK', expected.id))!;
      expect(parcel, expected.id).toBeDefined();
      expect(parcel).toMatchObject({ source: 'bulk', dataDate: '2026-08-02' });
      // GDAL's is planar on the grid (scale 0.99969 here: 0.06 % small), the copy's on turf's sphere
      // (0.37 % below the ellipsoid at 51° N): they differ by about 0.31 %.
      expect(Math.abs(parcel.areaM2 / expected.areaBng - 1), expected.id).toBeLessThan(0.005);
      // PROJ's transformation (a grid where installed) and the project's 7-parameter one agree within a few metres.
      const ring = parcel.geometry.type === 'Polygon' ? parcel.geometry.coordinates[0] : parcel.geometry.coordinates[0][0];
      expect(ring).toHaveLength(expected.ring.length);
      expect(Math.abs(ring[0][0] - expected.ring[0][0])).toBeLessThan(5e-5);
      expect(Math.abs(ring[0][1] - expected.ring[0][1])).toBeLessThan(5e-5);
    }
    const holed = (await embeddedCopy(europe.api.service).getParcel('UK', '16722605'))!;
    expect(holed.geometry.type === 'Polygon' && holed.geometry.coordinates).toHaveLength(2);
    expect(
      embeddedCopy(europe.api.service)
        .listOfflineAreas()
        .filter((a) => a.country === 'UK'),
    ).toMatchObject([{ id: 'UK.Vale_of_Glamorgan_Council', name: 'Vale of Glamorgan Council', parcels: 10, dataDate: '2026-08-02' }]);
  });

  it('answers a point in England and Wales from the copy, the INSPIRE id as reference, without asking any service', async () => {
    const before = europe.api.fake.requests.length;
    const first = gdal[0];
    const point = pointOnFeature({ type: 'Polygon', coordinates: [first.ring] }).geometry.coordinates as LonLat;
    for (const country of ['UK', undefined]) {
      const response = await at(point, country);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ refCat14: first.id, pais: 'UK' });
    }
    const byReference = await get(`/api/catastro/${first.id}?country=UK`);
    expect(byReference.statusCode, byReference.body).toBe(200);
    expect(byReference.json().data).toMatchObject({ refCatastral: first.id, dataSource: 'clone' });
    expect(byReference.json().data.attribution).toMatch(/HM Land Registry/);
    expect(europe.api.fake.requests.length).toBe(before);
  });

  it('answers 404 inside an imported authority where no title is registered (the courtyard hole of 16722605)', async () => {
    const hole = toWgs84(27700, 313583.6, 168984.2);
    const response = await at(hole, 'UK');
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error).toMatch(/registered freehold titles only/);
  });

  it('answers 422 where no authority file is imported, saying which file to import and where to get it', async () => {
    const before = europe.api.fake.requests.length;
    const london = await at([-0.1276, 51.5034], 'UK');
    expect(london.statusCode).toBe(422);
    expect(london.json()).toMatchObject({ code: 'CNV_COVERAGE' });
    expect(london.json().error).toContain('https://use-land-property-data.service.gov.uk/datasets/inspire/download');
    expect(london.json().error).toMatch(/import/);
    expect(london.json().error).not.toMatch(/publish no open parcels|does not read/);
    expect(europe.api.fake.requests.length).toBe(before);
  });

  it('a re-imported authority file replaces the authority: parcels gone from it go, the others stay', async () => {
    const [result] = await europe.api.service.importFiles([await authorityZip('Vale_of_Glamorgan_Council', firstMembers(3))]);
    expect(result).toMatchObject({ kind: 'uk-hmlr-gml', parcels: 3 });
    expect(await ukParcels()).toBe(3);
    expect(await embeddedCopy(europe.api.service).getParcel('UK', gdal[3].id)).toBeUndefined();
    await europe.api.service.importFiles([await authorityZip('Vale_of_Glamorgan_Council', readFileSync(HMLR_GML))]);
    expect(await ukParcels()).toBe(10);
  });

  it('a file cut short is refused whole: nothing of it is kept, the copy is as it was', async () => {
    const text = readFileSync(HMLR_GML, 'utf8');
    const cut = text.slice(0, text.indexOf('<LR:INSPIREID>16721930'));
    const zip = await authorityZip('Cardiff_Council', cut);
    await expect(europe.api.service.importFiles([zip])).rejects.toThrow(/nothing of it was kept/);
    expect(await ukParcels()).toBe(10);
    expect(
      embeddedCopy(europe.api.service)
        .listOfflineAreas()
        .map((a) => a.id),
    ).not.toContain('UK.Cardiff_Council');
  });
});

describe('catastro import takes the authority zip as downloaded', () => {
  it('imports Vale_of_Glamorgan_Council.zip into a --data folder and says what it read', async () => {
    const zip = await authorityZip('Vale_of_Glamorgan_Council', readFileSync(HMLR_GML));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'bin/catastro.js'), 'import', zip, '--data', tempDir('catastro-uk-cli-')],
      { cwd: repoRoot, timeout: 60_000 },
    );
    expect(stdout).toMatch(/Vale_of_Glamorgan_Council\.zip\s+uk-hmlr-gml\s+10\s/);
  });

  it('areas update of an imported authority says how to refresh it and asks no service (there is no feed)', async () => {
    const data = tempDir('catastro-uk-cli-');
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), ...args, '--data', data], { cwd: repoRoot, timeout: 60_000 });
    await cli('import', await authorityZip('Vale_of_Glamorgan_Council', readFileSync(HMLR_GML)));
    // An unreachable base URL: any request to the Catastro's feeds would fail differently.
    const failed = await cli('areas', 'update', 'UK.Vale_of_Glamorgan_Council', '--base-url', 'http://127.0.0.1:9/unreachable').then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(
      "FAILED UK.Vale_of_Glamorgan_Council: UK.Vale_of_Glamorgan_Council was imported from HM Land Registry's INSPIRE Index Polygons, which publish no feed to update from: download the authority's zip again from https://use-land-property-data.service.gov.uk/datasets/inspire/download",
    );
  });
});

describe('Northern Ireland: no open parcels', () => {
  it('answers 422 saying Land & Property Services publishes none, without asking any service', async () => {
    const before = europe.api.fake.requests.length;
    const belfast = await at([-5.9301, 54.5973], 'UK');
    expect(belfast.statusCode).toBe(422);
    expect(belfast.json()).toMatchObject({ code: 'CNV_COVERAGE' });
    expect(belfast.json().error).toMatch(/Land & Property Services/);
    expect(europe.api.fake.requests.length).toBe(before);
  });
});

describe('Scotland: Registers of Scotland WMS GetFeatureInfo (EPSG:27700, JSON; answer written by hand)', () => {
  it('asks the WMS as public clients do and answers the parcel holding the point, never a WFS', async () => {
    const response = await at(UK_PARCEL.inside);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCat14: UK_PARCEL.ref, pais: 'UK' });
    const asked = requests('/uk-wms').at(-1)!.searchParams;
    expect(Object.fromEntries(['VERSION', 'CRS', 'QUERY_LAYERS', 'INFO_FORMAT', 'I', 'J', 'WIDTH', 'HEIGHT'].map((k) => [k, asked.get(k)]))).toEqual({
      VERSION: '1.3.0',
      CRS: 'EPSG:27700',
      QUERY_LAYERS: 'CP.CadastralParcel',
      INFO_FORMAT: 'application/json',
      I: '100',
      J: '100',
      WIDTH: '200',
      HEIGHT: '200',
    });
    expect(requests('/uk-wfs')).toHaveLength(0);
    // Kept in the copy: it then answers by reference.
    expect((await get(`/api/catastro/${UK_PARCEL.ref}?country=UK`)).statusCode).toBe(200);
    expect((await get('/api/catastro/99?country=UK')).statusCode).toBe(422);
  });

  it('answers 404 where the WMS finds no parcel at the point (Glasgow, outside the hand-written one)', async () => {
    const response = await at([-4.2518, 55.8642], 'UK');
    expect(response.statusCode, response.body).toBe(404);
  });

  it('searches addresses in Scotland only; UK postcodes', async () => {
    const edinburgh = await candidates('UK', '1 High Street, Edinburgh');
    expect(edinburgh.statusCode, edinburgh.body).toBe(200);
    expect(edinburgh.json().data.candidatos[0]).toMatchObject({ refCatastral: UK_PARCEL.ref, pais: 'UK' });
    expect(requests('/nominatim/search').at(-1)!.searchParams.get('countrycodes')).toBe('gb');
    const london = await candidates('UK', '10 Downing Street, London');
    expect(london.statusCode).toBe(422);
    expect(london.json().error).toMatch(/Scotland only/);
    expect((await get('/api/search/address/candidates?country=UK&q=1%20High%20Street&postcode=EH1%201YZ')).statusCode).toBe(200);
    expect((await get('/api/search/address/candidates?country=UK&q=1%20High%20Street&postcode=1234')).statusCode).toBe(400);
  });
});
