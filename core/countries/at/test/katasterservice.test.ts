import { describe, expect, it } from 'vitest';
import type { AdapterContext } from '../../adapter.js';
import { austria } from '../country.js';
import { KATASTERSERVICE_SOURCE, katasterParcelUrl, katasterSearchUrl, municipalityOfSearch, parseKatasterParcel } from '../katasterservice.js';
import { referenceOfDkmFeature } from '../dkm-wms.js';
import { AustriaLiveSource } from '../live-source.js';
import { parseAustrianReference, referenceOfInspireId } from '../reference.js';
import { liveParcel } from '../../national/live-parcel.js';
import { RowAdapter } from '../../national/row-adapter.js';
import type { LiveParcelSource } from '../../national/national-adapter.js';
import { areaM2, centroid } from '../../../geo/polygon.js';
import { notFound, unavailable, type BBox } from '../../../model/index.js';
import type { StoredParcel } from '../../../model/records.js';
import { AT_KATASTER_RECORDS } from './katasterservice-fake.js';

const AUSTRIA: BBox = austria.bounds;
const UMBACH = AT_KATASTER_RECORDS['14168-.3'];
/** A `/api/gst` answer in the shape the public clients read (hand-written: no recording exists). */
const answer = (properties: Record<string, unknown>, ring = UMBACH.ring) => ({
  type: 'Feature',
  geometry: { type: 'Polygon', coordinates: [ring] },
  properties,
});

describe('a DKM_GST feature (BEV DKM WMS)', () => {
  it("reads KG and GNR as the reference, the KG padded to 5 digits, a building plot's dot and a split number kept", () => {
    expect(referenceOfDkmFeature({ KG: '01004', GNR: '1711' })).toBe('01004-1711');
    expect(referenceOfDkmFeature({ KG: 1004, GNR: '781/1' })).toBe('01004-781/1');
    expect(referenceOfDkmFeature({ KG: '14168', GNR: '.5/1' })).toBe('14168-.5/1');
    expect(referenceOfDkmFeature({ KG: '14168' })).toBeUndefined();
    expect(referenceOfDkmFeature({ KG: 'Umbach', GNR: '.3' })).toBeUndefined();
    expect(referenceOfDkmFeature({ inspireId: 'AT.0002.I.6.CP.010041711' })).toBeUndefined();
  });
});

describe('Austrian references', () => {
  it('reads land parcels and building plots (leading dot), with a sub-number after the slash', () => {
    expect(parseAustrianReference('14168-.5/1')).toBe('14168-.5/1');
    expect(parseAustrianReference(' 14168 .3 ')).toBe('14168-.3');
    expect(parseAustrianReference('01004-781/1')).toBe('01004-781/1');
    expect(parseAustrianReference('1416-.5/1')).toBeUndefined();
    expect(parseAustrianReference('14168-5/1/2')).toBeUndefined();
    expect(parseAustrianReference('14168-..5')).toBeUndefined();
  });

  it("reads the reference of a BEV inspireId with or without its #n suffix, a B as a building plot's dot, and nothing from an id it cannot read", () => {
    expect(referenceOfInspireId('AT.0002.I.6.CP.010041711')).toBe('01004-1711');
    expect(referenceOfInspireId('AT.0002.I.6.CP.010041656#1')).toBe('01004-1656');
    expect(referenceOfInspireId('AT.0002.I.6.CP.01004954#12')).toBe('01004-954');
    expect(referenceOfInspireId('AT.0002.I.6.CP.010041656#x')).toBeUndefined();
    expect(referenceOfInspireId('AT.0002.I.6.CP.010041656#')).toBeUndefined();
    expect(referenceOfInspireId('AT.0002.I.6.CP.81113B492')).toBe('81113-.492');
    expect(referenceOfInspireId('AT.0002.I.6.CP.81113B492#1')).toBe('81113-.492');
    expect(referenceOfInspireId('AT.0002.I.6.CP.81113X492')).toBeUndefined();
    expect(referenceOfInspireId('AT.0002.I.6.CP.81113BB492')).toBeUndefined();
    expect(referenceOfInspireId(undefined)).toBeUndefined();
  });

  it("keeps the Grundstücksnummer's slash and dot as the Katasterservice paths take them", () => {
    expect(katasterParcelUrl('https://kataster.bev.gv.at', '14168-.5/1')).toBe('https://kataster.bev.gv.at/api/gst/14168/.5/1');
    expect(katasterParcelUrl('https://kataster.bev.gv.at', '01004-781/1')).toBe('https://kataster.bev.gv.at/api/gst/01004/781/1');
    const search = new URL(katasterSearchUrl('https://kataster.bev.gv.at', '14168-.5/1'));
    expect(search.pathname).toBe('/api/search/');
    expect(search.searchParams.get('layers')).toBe('gst');
    expect(search.searchParams.get('term')).toBe('14168 .5/1');
  });
});

describe('a Katasterservice parcel answer', () => {
  it('gives the outline, the official area (sum of the land uses), the largest use and the state', () => {
    const parcel = parseKatasterParcel(answer({ kg: 'Umbach', bl: 'Niederösterreich', gnr: '.3', ez: '8', nutzungen: UMBACH.nutzungen }), '14168-.3', AUSTRIA);
    expect(parcel).toMatchObject({ ref: '14168-.3', country: 'AT', areaM2: 1445, uso: 'Gärten', provincia: 'Niederösterreich', source: 'live' });
    expect(parcel.geometry).toEqual({ type: 'Polygon', coordinates: [UMBACH.ring] });
  });

  it("falls back on the outline's area when the uses give none, and leaves use and state out when absent", () => {
    const parcel = parseKatasterParcel(answer({ gnr: '.3', nutzungen: [{ nutzung: 'Gärten', fl: 0 }] }), '14168-.3', AUSTRIA);
    expect(parcel.areaM2).toBeCloseTo(areaM2(parcel.geometry), 6);
    expect(parcel.areaM2).toBeGreaterThan(1400);
    const bare = parseKatasterParcel(answer({}), '14168-.3', AUSTRIA);
    expect(bare.uso).toBeUndefined();
    expect(bare.provincia).toBeUndefined();
  });

  it('reads a state given by its official number', () => {
    expect(parseKatasterParcel(answer({ bl: 3 }), '14168-.3', AUSTRIA).provincia).toBe('Niederösterreich');
    expect(parseKatasterParcel(answer({ bl: '9' }), '14168-.3', AUSTRIA).provincia).toBe('Wien');
  });

  it('refuses as the source failing (503) an answer without outline, an outline not in lon/lat in Austria, or another parcel', () => {
    const failure = (json: unknown) => {
      try {
        parseKatasterParcel(json, '14168-.3', AUSTRIA);
      } catch (error) {
        return error as { code: string; message: string };
      }
      throw new Error('no error');
    };
    expect(failure({ type: 'Feature', geometry: null, properties: {} }).code).toBe('SERVICE_UNAVAILABLE');
    expect(failure([1, 2]).code).toBe('SERVICE_UNAVAILABLE');
    // The same outline in EPSG:25833 metres (hale's sample): not longitude/latitude.
    const metres = answer({}, [
      [532716.8, 5343015.6],
      [532703.9, 5343020.2],
      [532709.5, 5343045.2],
      [532716.8, 5343015.6],
    ]);
    expect(failure(metres)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining(KATASTERSERVICE_SOURCE) });
    expect(failure(answer({ gnr: '.4' })).message).toMatch(/answered parcel \.4/);
  });
});

describe('the Katasterservice search', () => {
  it('gives the municipality (pg) of the hit that is the parcel, nothing otherwise', () => {
    const hits = {
      data: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { kg: '14168', gnr: '.3/1', pg: 'Elsewhere' } },
          { type: 'Feature', properties: { kg: '14168', gnr: '.3', pg: 'Dunkelsteinerwald' } },
        ],
      },
    };
    expect(municipalityOfSearch(hits, '14168-.3')).toBe('Dunkelsteinerwald');
    expect(municipalityOfSearch(hits, '14168-.4')).toBeUndefined();
    expect(municipalityOfSearch({ data: null }, '14168-.3')).toBeUndefined();
  });
});

describe("Austria's status checks", () => {
  it('checks the WMS, and the Katasterservice (one community by number) only where it is named', () => {
    const checks = new RowAdapter(austria, { katasterUrl: 'https://kataster.example.at/' }).statusChecks();
    const kataster = checks.find((c) => c.source === KATASTERSERVICE_SOURCE);
    expect(kataster?.url).toBe('https://kataster.example.at/api/kgnr/01004');
    expect(checks.map((c) => c.source)).toEqual(expect.arrayContaining(['BEV DKM WMS', 'BEV INSPIRE CP WMS']));
    expect(checks.find((c) => c.source === 'BEV DKM WMS')?.url).toMatch(
      /^https:\/\/data\.bev\.gv\.at\/geoserver\/BEVdataKAT\/wms\?.*LAYERS=DKM_GST&QUERY_LAYERS=DKM_GST/,
    );
    expect(new RowAdapter(austria).statusChecks().map((c) => c.source)).not.toContain(KATASTERSERVICE_SOURCE);
  });
});

describe("a parcel found by point (WMS), with the Katasterservice's record of it", () => {
  const ctx = {} as AdapterContext;
  const inUmbach = centroid({ type: 'Polygon', coordinates: [UMBACH.ring] });
  const wmsParcel = liveParcel('AT', '14168-.3', { type: 'Polygon', coordinates: [UMBACH.ring] }, undefined, '2026-11-26');
  const record = parseKatasterParcel(answer({ bl: 'Niederösterreich', gnr: '.3', nutzungen: UMBACH.nutzungen }), '14168-.3', AUSTRIA);
  const wms = (found: StoredParcel | undefined): LiveParcelSource[] => [{ at: async () => found, byReference: async () => undefined }];
  const kataster = (answer: () => Promise<StoredParcel>) => {
    const asked: string[] = [];
    return {
      asked,
      byReference: async (ref: string) => {
        asked.push(ref);
        return answer();
      },
      statusCheck: () => ({ source: KATASTERSERVICE_SOURCE, url: 'https://x/api/kgnr/01004' }),
    };
  };

  it("answers the Katasterservice's record when its outline holds the point", async () => {
    const source = kataster(async () => record);
    expect(await new AustriaLiveSource(wms(wmsParcel), source).at(inUmbach, ctx)).toBe(record);
    expect(source.asked).toEqual(['14168-.3']);
  });

  it("keeps the WMS parcel when the record's outline is elsewhere, or the Katasterservice fails or knows no such parcel", async () => {
    const elsewhere = { ...record, geometry: { type: 'Polygon' as const, coordinates: [AT_KATASTER_RECORDS['01004-1711'].ring] } };
    const answers: (() => Promise<StoredParcel>)[] = [
      async () => elsewhere,
      async () => {
        throw unavailable('down');
      },
      async () => {
        throw notFound('no');
      },
    ];
    for (const answer of answers) expect(await new AustriaLiveSource(wms(wmsParcel), kataster(answer)).at(inUmbach, ctx)).toBe(wmsParcel);
  });

  it('asks the INSPIRE WMS only when the DKM WMS fails, not when it finds nothing there', async () => {
    const down: LiveParcelSource = {
      at: async () => {
        throw unavailable('BEV DKM WMS down');
      },
      byReference: async () => undefined,
    };
    const inspire: string[] = [];
    const fallback: LiveParcelSource = {
      at: async () => {
        inspire.push('asked');
        return wmsParcel;
      },
      byReference: async () => undefined,
    };
    expect(
      await new AustriaLiveSource(
        [down, fallback],
        kataster(async () => record),
      ).at(inUmbach, ctx),
    ).toBe(record);
    expect(inspire).toEqual(['asked']);
    expect(
      await new AustriaLiveSource(
        [...wms(undefined), fallback],
        kataster(async () => record),
      ).at(inUmbach, ctx),
    ).toBeUndefined();
    expect(inspire).toEqual(['asked']);
    await expect(
      new AustriaLiveSource(
        [down, down],
        kataster(async () => record),
      ).at(inUmbach, ctx),
    ).rejects.toThrow(/DKM WMS down/);
  });

  it('asks nothing more when the WMS has no parcel there, and lets a programming error through', async () => {
    const source = kataster(async () => record);
    expect(await new AustriaLiveSource(wms(undefined), source).at(inUmbach, ctx)).toBeUndefined();
    expect(source.asked).toEqual([]);
    await expect(
      new AustriaLiveSource(
        wms(wmsParcel),
        kataster(async () => {
          throw new TypeError('bug');
        }),
      ).at(inUmbach, ctx),
    ).rejects.toThrow(TypeError);
  });
});
