import { DOMParser } from '@xmldom/xmldom';
import { gpx as gpxToGeoJson, kml as kmlToGeoJson } from '@tmcw/togeojson';
import { describe, expect, it } from 'vitest';
import { parcelToGpx } from '../../../core/export/gpx.js';
import { parcelToKml } from '../../../core/export/kml.js';
import type { Parcel } from '../../../core/model/index.js';

const parcel: Parcel = {
  refCatastral: '000700100UL74F',
  pais: 'ES',
  direccion: 'Calle Ñandú & <Olmo> 3',
  latitud: 41.0614034,
  longitud: -4.4683774,
  mapsUrl: 'https://www.google.com/maps?q=41.0614034,-4.4683774',
  superficieParcela: 108,
  poligono: [[-4.46834, 41.06133], [-4.46841, 41.06136], [-4.46847, 41.06142], [-4.46834, 41.06133]],
  availableFields: { uso: false, clase: false, anioConstruccion: false, superficieConstruida: false, coefParticipacion: false, direccion: true, busquedaDireccion: false },
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

  it('reads back (as Google Earth would) to the same outline, with special characters intact', () => {
    const features = kmlToGeoJson(parse(kml) as any).features;
    expect(features).toHaveLength(1);
    expect(features[0].geometry).toEqual({ type: 'Polygon', coordinates: [parcel.poligono] });
    expect(String(features[0].properties?.description)).toContain('Ñandú & <Olmo>');
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
