import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { containsPoint } from '../../../geo/polygon.js';
import { fake, DKK_OTTERLO, NIEUWEZIJDS_POINT, OTTERLO_REFERENCES } from './fake.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { netherlands } from '../country.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(netherlands, fake);

const dkk = readFileSync(DKK_OTTERLO, 'utf8');
const firstMember = dkk.split('<kk:perceelMember>')[1];

const europe = useEuropeApi();
const { get, post } = europe;

describe('the Netherlands by reference (PDOK BRK OGC API; hand-written answers over the real Otterlo extract)', () => {
  it('reads "OTL02 B 2298" and "OTL02-B-2298" as one parcel and answers its area, municipality and outline', async () => {
    expect(OTTERLO_REFERENCES).toContain('OTL02-B-2298');
    const spaced = await get(`/api/catastro/${encodeURIComponent('OTL02 B 2298')}`);
    expect(spaced.statusCode).toBe(200);
    expect(spaced.json().data).toMatchObject({
      refCatastral: 'OTL02-B-2298',
      pais: 'NL',
      municipio: 'Otterlo',
      superficieParcela: 222,
      dataSource: 'catastro',
    });
    expect(spaced.json().data.attribution).toMatch(/Kadaster/);
    const asked = europe.api.fake.requests.find((u) => u.pathname === '/nl-brk/collections/perceel/items')!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ akr_kadastrale_gemeente_code_waarde: 'OTL02', sectie: 'B', perceelnummer: '2298' });
    const dashed = await get('/api/catastro/OTL02-B-2298');
    expect(dashed.json().data).toMatchObject({ refCatastral: 'OTL02-B-2298', dataSource: 'clone' });
  });

  it('answers 404 with the aanduiding shape as hint for a parcel PDOK does not list', async () => {
    const response = await get('/api/catastro/OTL02-B-1');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/GVH03 F 422/);
  });

  it('answers 503 when PDOK does not answer', async () => {
    europe.api.fake.failNext(503, 1);
    expect((await get('/api/catastro/OTL02-B-7')).statusCode).toBe(503);
  });
});

describe('the Netherlands by coordinates', () => {
  it('finds the Otterlo parcel under a point inside it (bbox query, then point in polygon)', async () => {
    const ref = OTTERLO_REFERENCES[3];
    const parcel = (await get(`/api/catastro/${ref}`)).json().data;
    const [lon, lat] = [parcel.longitud, parcel.latitud];
    expect(containsPoint({ type: 'Polygon', coordinates: [parcel.poligono] }, [lon, lat])).toBe(true);
    forgetParcels(embeddedCopy(europe.api.service), 'NL');
    const response = await post('/api/search/coordinates', { latitude: lat, longitude: lon, country: 'NL' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: ref, pais: 'NL', municipio: 'Otterlo' });
  });
});

describe('the Netherlands by address (PDOK Locatieserver, real recording)', () => {
  it('keeps the adres documents of the recorded answer and follows gekoppeld_perceel to the parcel', async () => {
    const response = await get(`/api/search/address/candidates?country=NL&q=${encodeURIComponent('Nieuwezijds Voorburgwal 147 Amsterdam')}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.candidatos).toHaveLength(1);
    expect(data.candidatos[0]).toMatchObject({
      refCatastral: 'ASD04-F-2749',
      pais: 'NL',
      numero: 147,
      codigoPostal: '1012RJ',
      municipio: 'Amsterdam',
      provincia: 'Noord-Holland',
      latitud: NIEUWEZIJDS_POINT[1],
      longitud: NIEUWEZIJDS_POINT[0],
      coincideNumero: true,
      coincideMunicipio: true,
      confianza: 1,
    });
    expect(data.attribution).toMatch(/Locatieserver.*Kadaster/);
  });

  it('answers 404 when the Locatieserver finds nothing', async () => {
    expect((await get('/api/search/address/candidates?country=NL&q=zzzzqqq')).statusCode).toBe(404);
  });
});

describe('the Netherlands bulk import (Kadastrale Kaart GML, the real Otterlo extract)', () => {
  it('imports every Perceel with its kadastrale grootte and an outline PROJ agrees with', async () => {
    forgetParcels(embeddedCopy(europe.api.service), 'NL');
    const [result] = await europe.api.service.importFiles([DKK_OTTERLO]);
    expect(result).toMatchObject({ kind: 'nl-dkk-gml', parcels: OTTERLO_REFERENCES.length });
    const before = europe.api.fake.requests.length;
    const response = await get('/api/catastro/OTL02-B-2298');
    const { data } = response.json();
    expect(data).toMatchObject({
      dataSource: 'clone',
      superficieParcela: Number(/<oz:kadastraleGrootte>[\s\S]*?<oz:waarde>(\d+)</.exec(firstMember)![1]),
      dataDate: '2000-11-20',
    });
    // First vertex 181182.346 456712.174 (EPSG:28992) is 5.7693071 E 52.0980376 N according to PROJ's cs2cs (within a metre).
    expect(Math.abs(data.poligono[0][0] - 5.7693071)).toBeLessThan(2e-5);
    expect(Math.abs(data.poligono[0][1] - 52.0980376)).toBeLessThan(2e-5);
    expect(containsPoint({ type: 'Polygon', coordinates: [data.poligono] }, [data.longitud, data.latitud])).toBe(true);
    expect(europe.api.fake.requests.length).toBe(before);
  });
});
