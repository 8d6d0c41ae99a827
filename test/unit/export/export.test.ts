import { DOMParser } from '@xmldom/xmldom';
import { gpx as gpxToGeoJson, kml as kmlToGeoJson } from '@tmcw/togeojson';
import { booleanClockwise } from '@turf/turf';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parcelToGpx } from '../../../core/export/gpx.js';
import { parcelTable } from '../../../core/export/feature-table.js';
import { parcelToKml } from '../../../core/export/kml.js';
import { tableToKml } from '../../../core/export/kml-table.js';
import type { Parcel } from '../../../core/model/index.js';

const parcel: Parcel = {
  refCatastral: '000700100UL74F',
  pais: 'ES',
  direccion: 'Calle Ñandú & <Olmo> 3',
  latitud: 41.0614034,
  longitud: -4.4683774,
  mapsUrl: 'https://www.google.com/maps?q=41.0614034,-4.4683774',
  superficieParcela: 108,
  poligono: [
    [-4.46834, 41.06133],
    [-4.46841, 41.06136],
    [-4.46847, 41.06142],
    [-4.46834, 41.06133],
  ],
  availableFields: {
    uso: false,
    clase: false,
    anioConstruccion: false,
    superficieConstruida: false,
    coefParticipacion: false,
    direccion: true,
    busquedaDireccion: false,
  },
  attribution: 'Dirección General del Catastro',
};

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');

describe('KML export', () => {
  const kml = parcelToKml(parcel);

  it('is a KML 2.2 Document holding one Placemark named by the reference', () => {
    const doc = parse(kml);
    expect(doc.documentElement!.namespaceURI).toBe('http://www.opengis.net/kml/2.2');
    const placemarks = doc.getElementsByTagName('Placemark');
    expect(doc.getElementsByTagName('Document').length).toBe(1);
    expect(placemarks.length).toBe(1);
    expect(placemarks[0].getElementsByTagName('name')[0].textContent).toBe(parcel.refCatastral);
  });

  it('reads back (as Google Earth would) to the same outline, counter-clockwise, with special characters intact', () => {
    const features = kmlToGeoJson(parse(kml) as any).features;
    expect(features).toHaveLength(1);
    const ring = (features[0].geometry as GeoJSON.Polygon).coordinates[0];
    expect(booleanClockwise(ring)).toBe(false);
    // The same vertices (the recorded ring is clockwise, so it is written reversed).
    expect(booleanClockwise(parcel.poligono)).toBe(true);
    expect(ring).toEqual([...parcel.poligono].reverse());
    expect(String(features[0].properties?.description)).toContain('Ñandú & <Olmo>');
  });

  it("styles the outline with a line and a semi-transparent fill, tessellates it, and carries the parcel's fields as ExtendedData", () => {
    const doc = parse(kml);
    const style = doc.getElementsByTagName('Style')[0];
    expect(style.getAttribute('id')).toBe('parcel');
    expect(style.getElementsByTagName('LineStyle')[0].getElementsByTagName('color')[0].textContent).toMatch(/^ff[0-9a-f]{6}$/);
    const fill = style.getElementsByTagName('PolyStyle')[0].getElementsByTagName('color')[0].textContent!;
    const alpha = parseInt(fill.slice(0, 2), 16);
    expect(alpha).toBeGreaterThan(0);
    expect(alpha).toBeLessThan(255);
    expect(doc.getElementsByTagName('styleUrl')[0].textContent).toBe('#parcel');
    expect(doc.getElementsByTagName('tessellate')[0].textContent).toBe('1');
    const data = Object.fromEntries(
      [...Array.from(doc.getElementsByTagName('Data'))].map((d) => [d.getAttribute('name'), d.getElementsByTagName('value')[0].textContent]),
    );
    // Every fact of the answer is there under its spec name; the outline is the geometry, and the
    // API's availableFields flags are no field of a file handed on.
    for (const [name, value] of Object.entries(parcel)) {
      if (name === 'poligono' || name === 'availableFields') continue;
      expect(data[name], name).toBe(String(value));
    }
    expect(Object.keys(data).filter((name) => name.startsWith('availableFields'))).toEqual([]);
    // togeojson (what Google Earth-like readers do) sees the same style and fields.
    const feature = kmlToGeoJson(doc as any).features[0];
    expect(feature.properties).toMatchObject({ refCatastral: parcel.refCatastral, superficieParcela: '108', 'fill-opacity': expect.any(Number) });
  });
});

describe('KML export judged by GDAL (LIBKML driver, as independent reader)', () => {
  it('opens as one valid, tessellated, styled polygon with the fields as attributes', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kml-'));
    const file = path.join(dir, 'parcel.kml');
    writeFileSync(file, parcelToKml(parcel));
    const sql = `SELECT ST_IsValid(geometry) AS valid, tessellate, OGR_STYLE AS style, refCatastral, superficieParcela FROM "${parcel.refCatastral}"`;
    const out = execFileSync('ogrinfo', ['-q', '-al', file, '-dialect', 'sqlite', '-sql', sql], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(out).toMatch(/valid \(Integer\) = 1/);
    expect(out).toMatch(/tessellate \(Integer\) = 1/);
    expect(out).toMatch(/style \(String\) = @parcel/);
    expect(out).toMatch(/refCatastral \(String\) = 000700100UL74F/);
    expect(out).toMatch(/superficieParcela \(String\) = 108/);
  });
});

describe('GPX export', () => {
  const gpx = parcelToGpx(parcel);

  it('is GPX 1.1 with a wpt carrying lat, lon and the reference as name', () => {
    const doc = parse(gpx);
    expect(doc.documentElement!.getAttribute('version')).toBe('1.1');
    const wpt = doc.getElementsByTagName('wpt')[0];
    expect(Number(wpt.getAttribute('lat'))).toBe(parcel.latitud);
    expect(Number(wpt.getAttribute('lon'))).toBe(parcel.longitud);
    expect(wpt.getElementsByTagName('name')[0].textContent).toBe(parcel.refCatastral);
  });

  it('carries the outline as a track that reads back to the same ring', () => {
    const features = gpxToGeoJson(parse(gpx) as any).features;
    const track = features.find((f) => f.geometry?.type === 'LineString');
    expect(track?.geometry).toMatchObject({ type: 'LineString', coordinates: parcel.poligono });
  });
});

describe('texts XML 1.0 forbids, given to each XML writer directly', () => {
  // The copy and a batch's journal (SQLite) turn a lone surrogate into U+FFFD before any writer sees
  // it (test/integration/export/hostile-texts.test.ts); a writer given one must still write XML.
  const text = 'a\ud800b\udc00c\u0000d\u0007e\ufffef\uffffg &#0; ]]> 🏠';
  const allowed = 'abcdefg &#0; ]]> 🏠';
  const hostile: Parcel = { ...parcel, direccion: text, municipio: undefined, attribution: undefined };
  const written = {
    kml: parcelToKml(hostile),
    gpx: parcelToGpx(hostile),
    'batch.kml': tableToKml(parcelTable([hostile])),
  };

  it.each(Object.entries(written))('%s parses in GDAL with the text minus those characters', (name, xml) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'xml-text-'));
    try {
      const file = path.join(dir, `parcel.${name}`);
      writeFileSync(file, xml);
      const out = execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file, ...(name === 'gpx' ? ['waypoints'] : [])], { encoding: 'utf8' });
      const [properties] = (JSON.parse(out) as { features: { properties: Record<string, unknown> }[] }).features.map((f) => f.properties);
      expect(properties[name === 'gpx' ? 'desc' : 'description']).toBe(allowed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
