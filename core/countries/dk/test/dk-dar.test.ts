import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterContext } from '../../adapter.js';
import { designationPrefixes, readDesignation } from '../dar.js';
import { matrikelJordstykkeAt } from '../datafordeler.js';
import { toWgs84 } from '../../../geo/crs.js';
import type { LonLat } from '../../../model/index.js';
import { parseAddressText } from '../../../address/query.js';
import { DK_ADDRESS_POINT, DK_DAR_DESIGNATION, DK_FAKE_API_KEY, DK_LINKED_PARCEL } from './fake.js';
import { startEuropeApi, type EuropeApi } from '../../../../test/helpers/europe-api.js';

/**
 * Danish addresses from DAR and parcels by point from MAT_Lodflade's spatial filter, on
 * Datafordeler's GraphQL with an API key. The fake's answers are WRITTEN BY HAND in the
 * documented `{ data: { <Entity>: { nodes } } }` shape (no recording exists), their values taken
 * from the real recorded DAWA address of Mikkel Bryggers Gade 1.
 */
const graphqlAsked = (api: EuropeApi) =>
  api.fake.requests
    .filter((u) => u.pathname === '/dk-datafordeler/flexibleCurrent/v1')
    .map((u) => ({ query: u.searchParams.get('query') ?? '', variables: JSON.parse(u.searchParams.get('variables') ?? '{}') as Record<string, unknown> }));
const dawaAsked = (api: EuropeApi) => api.fake.requests.filter((u) => u.pathname.startsWith('/dk-dawa/'));
const withKey = (sources: Awaited<ReturnType<typeof startEuropeApi>>['fake']['sources']) => ({
  ...sources,
  dk: { ...sources.dk, datafordelerApiKey: DK_FAKE_API_KEY },
});
const candidates = (api: EuropeApi, q: string) =>
  api.app.inject({ method: 'GET', url: `/api/search/address/candidates?country=DK&q=${encodeURIComponent(q)}` });
const atPoint = (api: EuropeApi, [longitude, latitude]: LonLat) =>
  api.app.inject({ method: 'POST', url: '/api/search/coordinates', payload: { latitude, longitude, country: 'DK' } });

describe('Denmark by address through DAR (Datafordeler GraphQL, with an API key)', () => {
  let api: EuropeApi;
  beforeAll(async () => {
    api = await startEuropeApi(withKey);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('finds the husnummer by its designation, places it at its adgangspunkt (EPSG:25832 → WGS84) and follows its jordstykke to the parcel', async () => {
    const before = graphqlAsked(api).length;
    const response = await candidates(api, 'Mikkel Bryggers Gade 1, 1460 København K');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.candidatos[0]).toMatchObject({
      refCatastral: DK_LINKED_PARCEL,
      pais: 'DK',
      direccion: DK_DAR_DESIGNATION,
      numero: 1,
      codigoPostal: '1460',
      coincideNumero: true,
      coincideMunicipio: true,
    });
    // Number, postcode and the same street: 0.40 + 0.35 + 0.25.
    expect(data.candidatos[0].confianza).toBe(1);
    expect(data.candidatos[0].longitud).toBeCloseTo(DK_ADDRESS_POINT[0], 6);
    expect(data.candidatos[0].latitud).toBeCloseTo(DK_ADDRESS_POINT[1], 6);
    expect(data.attribution).toMatch(/Danmarks Adresseregister \(DAR/);
    const asked = graphqlAsked(api).slice(before);
    expect(asked[0].query).toMatch(
      /DAR_Husnummer\(virkningstid: \$virkningstid, first: \$first, where: \{ adgangsadressebetegnelse: \{ startsWith: \$prefix \}, status: \{ eq: "3" \} \}\)/,
    );
    expect(asked[0].variables).toMatchObject({ prefix: 'Mikkel Bryggers Gade 1,' });
    expect(asked.map((a) => /\b(\w+)\(/.exec(a.query)?.[1])).toEqual(['DAR_Husnummer', 'DAR_Adressepunkt', 'MAT_Jordstykke', 'MAT_Ejerlav', 'MAT_Jordstykke']);
    expect(dawaAsked(api)).toHaveLength(0);
    expect(response.body).not.toContain(DK_FAKE_API_KEY);
  });

  it('a street typed in lower case is asked again as DAR writes street names', async () => {
    const before = graphqlAsked(api).length;
    const response = await candidates(api, 'mikkel bryggers gade 1, 1460 København K');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.candidatos[0].refCatastral).toBe(DK_LINKED_PARCEL);
    expect(
      graphqlAsked(api)
        .slice(before, before + 2)
        .map((a) => a.variables.prefix),
    ).toEqual(['mikkel bryggers gade 1,', 'Mikkel Bryggers Gade 1,']);
  });

  it('another house number on the same street is not this husnummer: 404', async () => {
    const response = await candidates(api, 'Mikkel Bryggers Gade 12, 1460 København K');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('a DAR that answers 5xx is a 503', async () => {
    api.fake.failNext(502, 1);
    const response = await candidates(api, 'Mikkel Bryggers Gade 1, 1460 København K');
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
    expect(response.body).not.toContain(DK_FAKE_API_KEY);
  });
});

describe('Denmark by point through MAT_Lodflade (Datafordeler GraphQL, with an API key)', () => {
  let api: EuropeApi;
  beforeAll(async () => {
    api = await startEuropeApi(withKey);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('asks the lodflader intersecting the point in EPSG:25832 and answers the jordstykke whose outline holds it', async () => {
    const before = graphqlAsked(api).length;
    const response = await atPoint(api, DK_ADDRESS_POINT);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: DK_LINKED_PARCEL, pais: 'DK' });
    const [lodflade, jordstykke] = graphqlAsked(api).slice(before);
    expect(lodflade.query).toMatch(
      /MAT_Lodflade\(virkningstid: \$virkningstid, first: 10, where: \{ geometri: \{ intersects: \{ crs: 25832, wkt: \$point \} \}/,
    );
    const [x, y] = /^POINT\((\S+) (\S+)\)$/.exec(String(lodflade.variables.point))!.slice(1).map(Number);
    const [lon, lat] = toWgs84(25832, x, y);
    expect(lon).toBeCloseTo(DK_ADDRESS_POINT[0], 6);
    expect(lat).toBeCloseTo(DK_ADDRESS_POINT[1], 6);
    expect(jordstykke.variables).toEqual({ ids: ['2461946'], virkningstid: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(dawaAsked(api)).toHaveLength(0);
  });

  it('a point off every parcel answers 404 with a hint', async () => {
    const response = await atPoint(api, [12.58, 55.68]);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/No Denmark parcel at 55\.68, 12\.58: the cadastre has none there/);
  });

  it('a lodflade the filter answers but whose jordstykke does not hold the point (a shared boundary) is not the parcel', async () => {
    const outside: LonLat = [DK_ADDRESS_POINT[0] + 0.01, DK_ADDRESS_POINT[1]];
    const lodflade = JSON.stringify({ data: { MAT_Lodflade: { nodes: [{ jordstykkeLokalId: '2461946' }] } } });
    const ctx = {
      http: {
        getText: async (url: string) => {
          const query = new URL(url).searchParams.get('query') ?? '';
          if (query.includes('MAT_Lodflade')) return { status: 200, body: lodflade };
          const answer = await fetch(url.replace(/^.*\/flexibleCurrent/, `${api.fake.sources.dk!.datafordelerUrl}/flexibleCurrent`));
          return { status: answer.status, body: await answer.text() };
        },
      },
    } as unknown as AdapterContext;
    expect(await matrikelJordstykkeAt('http://dk.invalid', DK_FAKE_API_KEY, outside, ctx, '2026-11-24')).toBeUndefined();
    expect((await matrikelJordstykkeAt('http://dk.invalid', DK_FAKE_API_KEY, DK_ADDRESS_POINT, ctx, '2026-11-24'))?.ref).toBe(DK_LINKED_PARCEL);
  });
});

describe('Denmark without an API key and without a DAWA-compatible service', () => {
  let api: EuropeApi;
  beforeAll(async () => {
    api = await startEuropeApi((sources) => ({ ...sources, dk: { datafordelerUrl: sources.dk!.datafordelerUrl } }));
  });
  afterAll(async () => {
    await api?.close();
  });

  it('address search and by point answer 503 naming the key to set, and ask nothing (DAWA closed)', async () => {
    const before = api.fake.requests.length;
    for (const response of [await candidates(api, 'Mikkel Bryggers Gade 1, 1460 København K'), await atPoint(api, DK_ADDRESS_POINT)]) {
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatch(/no Datafordeler API key is configured.*CATASTRO_DK_DATAFORDELER_API_KEY.*CATASTRO_DK_DAWA_URL/);
    }
    expect(api.fake.requests.length - before).toBe(0);
  });
});

describe('DAR designations read as documented', () => {
  it('asks "street number," when a number was given, else the street; as typed, then capitalised', () => {
    expect(designationPrefixes(parseAddressText('Vester Voldgade 12a, 1552 København V'))).toEqual(['Vester Voldgade 12A,']);
    expect(designationPrefixes(parseAddressText('sankt kjelds plads'))).toEqual(['sankt kjelds plads', 'Sankt Kjelds Plads']);
  });

  it('reads street, postcode and post town around a supplerende bynavn', () => {
    expect(readDesignation('Strandvejen 123A, Snekkersten, 3070 Snekkersten', '123A')).toEqual({
      street: 'Strandvejen',
      postcode: '3070',
      postTown: 'Snekkersten',
    });
  });
});
