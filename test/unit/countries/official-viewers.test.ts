import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OFFICIAL_VIEWERS, officialViewerLink } from '../../../core/countries/official-viewers.js';
import { parseParcelleAnswer } from '../../../core/countries/fr/apicarto.js';
import { ULDK_RESULT_FIELDS, parseUldkAnswer } from '../../../core/countries/pl/uldk.js';
import { fromWgs84 } from '../../../core/geo/crs.js';
import { countryFixture } from '../../fake-upstream/countries/fake-server.js';
import { CH_POINT, CH_REF } from '../../../core/countries/ch/test/fake.js';
import { CZ_ADDRESS_POINT, CZ_REF } from '../../../core/countries/cz/test/fake.js';
import { NO_POINT, NO_REF } from '../../../core/countries/no/test/fake.js';
import { AT_KATASTER_RECORDS } from '../../../core/countries/at/test/katasterservice-fake.js';
import { parseKatasterParcel } from '../../../core/countries/at/katasterservice.js';

const recordedPolishId = (): string => {
  const answer = parseUldkAnswer(readFileSync(countryFixture('pl_uldk_krakow_126105_9.0001.311_recorded_2026-09-01.txt'), 'utf8'), ULDK_RESULT_FIELDS);
  if (answer.kind !== 'records') throw new Error('the recording holds one record');
  return answer.records[0].id;
};

describe('official viewer links, each in the format its owner documents', () => {
  it('Poland: geoportal.gov.pl `identifyParcel` with the działka id of the recorded ULDK answer', () => {
    const id = recordedPolishId();
    const link = officialViewerLink({ pais: 'PL', refCatastral: id, longitud: 19.94, latitud: 50.06 });
    expect(link).toEqual({ name: 'Geoportal.gov.pl', url: 'https://mapy.geoportal.gov.pl/imap/?identifyParcel=126105_9.0001.311' });
  });

  it('Poland: a parcel number with a `/` part and an arkusz prefix is encoded and reads back whole', () => {
    for (const id of ['221101_1.0001.161/8', '302101_1.0002.AR_7.138']) {
      const url = new URL(officialViewerLink({ pais: 'PL', refCatastral: id, longitud: 17, latitud: 52 })!.url);
      expect(url.origin + url.pathname).toBe('https://mapy.geoportal.gov.pl/imap/');
      expect(url.searchParams.get('identifyParcel')).toBe(id);
    }
    expect(officialViewerLink({ pais: 'PL', refCatastral: '221101_1.0001.161/8', longitud: 17, latitud: 52 })!.url).toContain('161%2F8');
  });

  it("Spain: the Sede's cartography viewer by the 14-character finca of a recorded reference", () => {
    expect(officialViewerLink({ pais: 'ES', refCatastral: '6344205CF7664S0001GP', longitud: -0.4, latitud: 39.5 })?.url).toBe(
      'https://www1.sedecatastro.gob.es/Cartografia/mapa.aspx?refcat=6344205CF7664S',
    );
  });

  it('Switzerland: map.geo.admin.ch centred in LV95 on the centroid, cadastral web map on, parcel zoom', () => {
    const url = new URL(officialViewerLink({ pais: 'CH', refCatastral: CH_REF, longitud: CH_POINT[0], latitud: CH_POINT[1] })!.url);
    expect(url.origin + url.pathname).toBe('https://map.geo.admin.ch/');
    const query = new URLSearchParams(url.hash.replace(/^#\/map\?/, ''));
    expect(url.hash.startsWith('#/map?')).toBe(true);
    expect(query.get('layers')).toBe('ch.kantone.cadastralwebmap-farbe');
    expect(query.get('z')).toBe('12');
    const [easting, northing] = query.get('center')!.split(',').map(Number);
    // Bern's old town: inside the documented LV95 ranges, and back to the same point within a metre.
    expect(easting).toBeGreaterThan(2_450_000);
    expect(easting).toBeLessThan(2_900_000);
    expect(northing).toBeGreaterThan(1_050_000);
    expect(northing).toBeLessThan(1_350_000);
    const [e, n] = fromWgs84(2056, CH_POINT[0], CH_POINT[1]);
    expect(Math.abs(e - easting)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(n - northing)).toBeLessThanOrEqual(0.5);
  });

  it('LV95 as swisstopo computes it: its worked example 46°2\'38.87" N, 8°43\'49.79" E is E 2 699 999.76, N 1 099 999.97', () => {
    const [e, n] = fromWgs84(2056, 8 + 43 / 60 + 49.79 / 3600, 46 + 2 / 60 + 38.87 / 3600);
    // swisstopo's approximate formulas are good to about a metre; the 3-parameter datum shift to about 2 m.
    expect(Math.abs(e - 2_699_999.76)).toBeLessThan(3);
    expect(Math.abs(n - 1_099_999.97)).toBeLessThan(3);
  });

  it('France: Géoportail permalink centred on the centroid (6 decimals, longitude first) with the PCI parcels layer', () => {
    // 29158000AW0001 (Penmarch) as the recorded API Carto answer gives it, centroid and all.
    const [parcel] = parseParcelleAnswer(readFileSync(countryFixture('fr_apicarto_cadastre_parcelle_29158000AW0001.json'), 'utf8'), '2025-01-01');
    const [lon, lat] = parcel.centroid;
    const url = officialViewerLink({ pais: 'FR', refCatastral: parcel.ref, longitud: lon, latitud: lat })!.url;
    expect(url).toBe(
      `https://www.geoportail.gouv.fr/carte?c=${lon.toFixed(6)},${lat.toFixed(6)}&z=19` +
        '&l0=CADASTRALPARCELS.PARCELLAIRE_EXPRESS::GEOPORTAIL:OGC:WMTS(1)&permalink=yes',
    );
    // Penmarch, Finistère: the centre read back from the link is the parcel's, longitude first.
    const [cLon, cLat] = new URL(url).searchParams.get('c')!.split(',').map(Number);
    expect(cLon).toBeCloseTo(-4.37, 1);
    expect(cLat).toBeCloseTo(47.8, 1);
  });

  it('Austria: the BEV Kataster viewer centred on the centroid of the Katasterservice outline (longitude first, 6 decimals)', () => {
    // Umbach .3 (KG 14168), the outline the fake's record takes from hale's real DKM sample.
    const record = AT_KATASTER_RECORDS['14168-.3'];
    const answer = { type: 'Feature', geometry: { type: 'Polygon', coordinates: [record.ring] }, properties: { gnr: record.gnr, nutzungen: record.nutzungen } };
    const parcel = parseKatasterParcel(answer, '14168-.3', [9.53, 46.37, 17.17, 49.02]);
    const [lon, lat] = parcel.centroid;
    const url = officialViewerLink({ pais: 'AT', refCatastral: parcel.ref, longitud: lon, latitud: lat })!.url;
    expect(url).toBe(`https://kataster.bev.gv.at/#/center/${lon.toFixed(6)},${lat.toFixed(6)}/zoom/18.1/vermv/0.6`);
    // Umbach, Lower Austria: the centre read back from the route lies on the parcel, longitude first.
    const [cLon, cLat] = /#\/center\/([^/]+)\//.exec(url)![1].split(',').map(Number);
    expect(cLon).toBeCloseTo(15.4407, 3);
    expect(cLat).toBeCloseTo(48.2396, 3);
  });

  it('Czechia: Nahlížení do KN identified at the centroid in S-JTSK as EPSG:5514 writes it (x = −Y, y = −X)', () => {
    const url = new URL(officialViewerLink({ pais: 'CZ', refCatastral: CZ_REF, longitud: CZ_ADDRESS_POINT[0], latitud: CZ_ADDRESS_POINT[1] })!.url);
    expect(url.origin + url.pathname).toBe('https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx');
    expect(url.searchParams.get('l')).toBe('KN');
    const [x, y] = fromWgs84(5514, CZ_ADDRESS_POINT[0], CZ_ADDRESS_POINT[1]);
    expect(url.searchParams.get('x')).toBe(String(Math.round(x)));
    expect(url.searchParams.get('y')).toBe(String(Math.round(y)));
    // Prague's Old Town Square lies near S-JTSK Y 742 800, X 1 043 000: the link carries their negatives.
    const prague = new URL(officialViewerLink({ pais: 'CZ', refCatastral: CZ_REF, longitud: 14.4213, latitud: 50.0875 })!.url);
    expect(Math.abs(Number(prague.searchParams.get('x')) + 742_800)).toBeLessThan(1_500);
    expect(Math.abs(Number(prague.searchParams.get('y')) + 1_043_000)).toBeLessThan(1_500);
  });

  it("Norway: SeEiendom by the matrikkelnummer's numbers, festenummer 0 when absent, seksjonsnummer 0", () => {
    expect(officialViewerLink({ pais: 'NO', refCatastral: NO_REF, longitud: NO_POINT[0], latitud: NO_POINT[1] })?.url).toBe(
      'https://seeiendom.kartverket.no/eiendom/0301/208/646/0/0',
    );
    expect(officialViewerLink({ pais: 'NO', refCatastral: '0301-208/646/3', longitud: NO_POINT[0], latitud: NO_POINT[1] })?.url).toBe(
      'https://seeiendom.kartverket.no/eiendom/0301/208/646/3/0',
    );
    // Not a matrikkelnummer: no link rather than a guessed one.
    expect(officialViewerLink({ pais: 'NO', refCatastral: 'not-a-matrikkel', longitud: NO_POINT[0], latitud: NO_POINT[1] })).toBeUndefined();
  });

  it('countries without a documented deep link get no link, and every listed viewer names its documentation', () => {
    for (const pais of ['NL', 'DK', 'LU', 'PV', 'NA'] as const) {
      expect(officialViewerLink({ pais, refCatastral: 'X', longitud: 2, latitud: 48 })).toBeUndefined();
    }
    for (const viewer of Object.values(OFFICIAL_VIEWERS)) expect(viewer!.documentation).toMatch(/^https:\/\//);
  });
});
