import { pointOnFeature } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { containsPoint } from '../../../geo/polygon.js';
import { setBuildingsDown } from '../../../../test/fake-upstream/countries/foral.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

const europe = useEuropeApi();
const { get, post } = europe;

const forget = (country: string) => forgetParcels(embeddedCopy(europe.api.service), country);
const lastRequest = (prefix: string) => europe.api.fake.requests.filter((u) => u.pathname.startsWith(prefix)).at(-1);
const insideOf = (poligono: [number, number][]) => pointOnFeature({ type: 'Polygon', coordinates: [poligono] }).geometry.coordinates as [number, number];

describe('Navarre (NA) on the RRTN INSPIRE WFS, real recordings', () => {
  it('finds 001010001 with a FES filter on nationalCadastralReference; latitude-first EPSG:4258 turned to [lon, lat]', async () => {
    const response = await get('/api/catastro/001010001');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refCatastral: '001010001', pais: 'NA', superficieParcela: 101.28, provincia: 'Navarra', dataSource: 'catastro' });
    expect(data.attribution).toMatch(/Gobierno de Navarra/);
    // First vertex of the recording: 42.64858704 -2.14128928 (lat lon).
    expect(data.poligono[0]).toEqual([-2.14128928, 42.64858704]);
    const filter = lastRequest('/na-wfs')!.searchParams.get('FILTER')!;
    expect(filter).toContain('<fes:ValueReference>nationalCadastralReference</fes:ValueReference><fes:Literal>001010001</fes:Literal>');
    expect(lastRequest('/na-wfs')!.searchParams.get('typeNames')).toBe('CP:CadastralParcel');
  });

  it('reads a reference typed in groups (1-1-1) as the 9 digits and answers from the copy afterwards', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent('1-1-1')}?country=NA`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: '001010001', dataSource: 'clone' });
  });

  it('reads the RRTN parcel 217050626 in EPSG:25830 with its hole, official area 2308.49 m²', async () => {
    const { data } = (await get('/api/catastro/217050626')).json();
    expect(data.superficieParcela).toBe(2308.49);
    // 616314.759 4711029.357 (EPSG:25830) is -1.58343914, 42.54290361 per GDAL's gdaltransform.
    expect(data.poligono[0][0]).toBeCloseTo(-1.58343914, 6);
    expect(data.poligono[0][1]).toBeCloseTo(42.54290361, 6);
    const outline = (await get('/api/catastro/217050626/polygon')).json().data ?? (await get('/api/catastro/217050626/polygon')).json();
    expect(outline.geojson.geometry.coordinates).toHaveLength(2);
  });

  it('answers 404 with the Navarre shape for a reference the RRTN does not know, 400 for one of no shape', async () => {
    const missing = await get('/api/catastro/201061838?country=NA');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/municipality \(3\) \+ polígono \(2\) \+ parcela \(4\)/);
    const bad = await get('/api/catastro/20106183X?country=NA');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 503 when the WFS fails', async () => {
    europe.api.fake.failNext(503, 1);
    expect((await get('/api/catastro/201070184?country=NA')).statusCode).toBe(503);
  });
});

describe('Basque Country (PV): Gipuzkoa, Álava and Bizkaia, real recordings', () => {
  it('Gipuzkoa 8594149: b5m returns two versions; the current one (no endLifespanVersion) is answered', async () => {
    const response = await get('/api/catastro/8594149');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refCatastral: '8594149', pais: 'PV', provincia: 'Gipuzkoa', superficieParcela: 13201 });
    // The current version's ring starts at 43.295012 -1.944845; the expired one's at 43.295340 -1.943508.
    expect(data.poligono[0][0]).toBeCloseTo(-1.944845, 9);
    expect(data.poligono[0][1]).toBeCloseTo(43.295012, 9);
    expect(lastRequest('/pv-gipuzkoa')!.searchParams.get('FILTER')).toContain('<fes:ValueReference>cp:nationalCadastralReference</fes:ValueReference>');
  });

  it("Gipuzkoa's INSPIRE localId form 069-8594149-46144 reads as its 7-digit reference", async () => {
    expect((await get('/api/catastro/069-8594149-46144?country=PV')).json().data.refCatastral).toBe('8594149');
  });

  it('Álava 64010007: the flat INSPIRE_CP feature in EPSG:25830, area without uom', async () => {
    const { data } = (await get('/api/catastro/64010007')).json();
    expect(data).toMatchObject({ refCatastral: '64010007', pais: 'PV', provincia: 'Álava/Araba', superficieParcela: 10830.82 });
    // 528462.557 4720497.067 (EPSG:25830) is -2.65284212, 42.63639765 per gdaltransform.
    expect(data.poligono[0][0]).toBeCloseTo(-2.65284212, 6);
    expect(data.poligono[0][1]).toBeCloseTo(42.63639765, 6);
    expect(lastRequest('/pv-araba')!.searchParams.get('typeNames')).toBe('INSPIRE_CP:CP.CadastralParcel');
  });

  it("Bizkaia 48.020.1619.04006: found in its municipality's INSPIRE download (the WFS cannot filter), which fills the copy", async () => {
    const response = await get('/api/catastro/48.020.1619.04006');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: '48.020.1619.04006', pais: 'PV', provincia: 'Bizkaia', superficieParcela: 2804.43015 });
    expect(lastRequest('/pv-bizkaia-atom')!.pathname).toBe('/pv-bizkaia-atom/ES.BFA.CP.020.zip');
    const again = await get('/api/catastro/48.020.1619.04006');
    expect(again.json().data.dataSource).toBe('clone');
  });

  it('Bizkaia: a parcel missing from its municipality, or a municipality Bizkaia does not publish, is 404 with the PV shapes', async () => {
    const missing = await get('/api/catastro/48.020.1619.09999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/48\.MMM\.PPPP\.NNNNN/);
    expect((await get('/api/catastro/48.999.0001.00001')).statusCode).toBe(404);
  });
});

describe("a foral reference under ES is not the Catastro's: 404 naming PV or NA and the shape", () => {
  it.each([
    ['8594149', 'PV', /7 digits/],
    ['64010007', 'PV', /8 digits/],
    ['48.020.1619.04006', 'PV', /48\.MMM\.PPPP\.NNNNN/],
    ['201061838', 'NA', /9 digits/],
    ['31201A00601838', 'NA', /9 digits/],
    ['48020A01601619', 'PV', /Bizkaia/],
  ])('%s with country=ES → 404 country=%s', async (ref, territory, shape) => {
    const response = await get(`/api/catastro/${ref}?country=ES`);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    expect(response.json().error).toContain(`country=${territory}`);
    expect(response.json().error).toMatch(shape);
  });

  it('an unsupported country is treated as ES and ends in the same 404', async () => {
    expect((await get('/api/catastro/8594149?country=XX')).statusCode).toBe(404);
  });
});

describe('no units per finca in the foral cadastres', () => {
  it.each(['/api/catastro/8594149/units', '/api/catastro/001010001/units', '/api/catastro/001010001/units?country=NA'])(
    '%s → 422 with the reason',
    async (url) => {
      const response = await europe.api.app.inject({ method: 'GET', url, headers: { 'x-api-key': 'x' } });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('CNV_COVERAGE');
      expect(response.json().error).toMatch(/foral/);
    },
  );
});

describe('a point in the Basque Country or Navarre goes to the foral source, not to the Catastro', () => {
  it.each([
    ['001010001', 'NA', '/na-wfs'],
    ['8594149', 'PV', '/pv-gipuzkoa'],
    ['64010007', 'PV', '/pv-araba'],
    ['48.020.1619.04006', 'PV', '/pv-bizkaia-wfs'],
  ])('a point inside %s (country ES) → pais %s from %s', async (ref, pais, prefix) => {
    const parcel = (await get(`/api/catastro/${ref}`)).json().data;
    const [longitude, latitude] = insideOf(parcel.poligono);
    forget(pais);
    const response = await post('/api/search/coordinates', { latitude, longitude, country: 'ES' });
    expect(response.statusCode).toBe(200);
    // The use of the building on it (the foral Buildings WFS), as for a Spanish parcel.
    expect(response.json().data).toMatchObject({ referenciaCatastral: ref, refCat14: ref, pais, tipoInmueble: 'Residencial' });
    const bbox = lastRequest(prefix)!.searchParams.get('bbox')!;
    expect(bbox).toMatch(/,urn:ogc:def:crs:EPSG::25830$/);
    expect(containsPoint({ type: 'Polygon', coordinates: [parcel.poligono] }, [longitude, latitude])).toBe(true);
  });
});

describe("the parcel's use from its territory's INSPIRE Buildings WFS (spec coverage row: PV, NA give use)", () => {
  it.each([
    ['217050626', 'NA', '/bu-na', 'BU:Building'],
    ['8594149', 'PV', '/bu-pv-gipuzkoa', 'bu-ext2d:Building'],
    ['64010007', 'PV', '/bu-pv-araba', 'INSPIRE_BU:BU.Building'],
    ['48.020.1619.04006', 'PV', '/bu-pv-bizkaia', 'bu-core2d:Building'],
  ])("%s: the currentUse of the building standing on the parcel, in the Catastro's label", async (ref, pais, prefix, typeName) => {
    forget(pais);
    const response = await get(`/api/catastro/${ref}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ refCatastral: ref, pais, uso: 'Residencial', availableFields: { uso: true } });
    const asked = lastRequest(prefix)!.searchParams;
    expect(asked.get('typeNames')).toBe(typeName);
    expect(asked.get('bbox')).toMatch(/,urn:ogc:def:crs:EPSG::25830$/);
    // The use is kept in the copy with the parcel.
    expect((await get(`/api/catastro/${ref}`)).json().data).toMatchObject({ uso: 'Residencial', dataSource: 'clone' });
  });

  it('a building service that fails leaves the use out (availableFields.uso false); the parcel still answers', async () => {
    forget('NA');
    setBuildingsDown('/bu-na', true);
    try {
      const response = await get('/api/catastro/217050626');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ refCatastral: '217050626', superficieParcela: 2308.49, availableFields: { uso: false } });
      expect(data.uso).toBeUndefined();
    } finally {
      setBuildingsDown('/bu-na', false);
    }
  });

  it("no building on the parcel: no use (the box also returns the neighbours' buildings, which are not counted)", async () => {
    forget('NA');
    // 001010001 (101 m²) and 217050626 are far apart: the building written on one is outside the other.
    const small = (await get('/api/catastro/001010001')).json().data;
    expect(small.uso).toBe('Residencial');
    const { useOfLargestBuilding } = await import('../building-use.js');
    const answer = await (
      await fetch(`${europe.api.fake.url}/bu-na?service=WFS&bbox=${encodeURIComponent(lastRequest('/bu-na')!.searchParams.get('bbox')!)}`)
    ).text();
    const far = (await get('/api/catastro/217050626')).json().data;
    expect(useOfLargestBuilding(answer, { type: 'Polygon', coordinates: [far.poligono] }, 'test')).toBeUndefined();
  });
});
