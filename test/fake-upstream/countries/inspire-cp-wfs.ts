import { isGeographic, toWgs84 } from '../../../core/geo/crs.js';
import { bboxOf } from '../../../core/geo/polygon.js';
import type { LonLat } from '../../../core/model/index.js';
import { xml, type FakeRoute } from './fake-server.js';
import { handWrittenInspireParcel, type HandWrittenInspireAnswer, type HandWrittenInspireParcel } from './hand-written-inspire.js';

/**
 * An INSPIRE Cadastral Parcels WFS of a country for which NO RECORDING EXISTS (Liechtenstein,
 * Iceland: core/countries/{li,is}/test/fake.ts), as the fake plays it: it answers ONE parcel
 * WRITTEN BY HAND to the INSPIRE cp 4.0 schema (hand-written-inspire.ts: a square at a real place
 * of the country, written in its CRS, EPSG:4258 latitude first) when a FES filter names its
 * reference (`<fes:Literal>`) or a BBOX (URN of its CRS) meets its outline; every other request
 * answers an empty wfs:FeatureCollection, also by hand.
 */
export interface InspireParcel extends HandWrittenInspireParcel {
  /** The fake's path of the service. */
  path: string;
}

export interface InspireParcelAnswer extends InspireParcel, HandWrittenInspireAnswer {}

export const inspireParcel = (p: InspireParcel): InspireParcelAnswer => ({ ...p, ...handWrittenInspireParcel(p) });

const EMPTY = `<?xml version="1.0" encoding="utf-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" numberMatched="0" numberReturned="0" timeStamp="2026-01-01T00:00:00Z"/>
`;

const parameter = (url: URL, name: string) => {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
};

/** The WFS route of one hand-written parcel, at its path. */
export const inspireCpWfsRoute =
  (parcel: InspireParcelAnswer): FakeRoute =>
  (url) => {
    if (url.pathname !== parcel.path) return undefined;
    const filter = parameter(url, 'FILTER');
    if (filter !== undefined) {
      const literal = /<fes:Literal>([^<]*)<\/fes:Literal>/.exec(filter)?.[1];
      return xml(literal === parcel.ref ? parcel.answer : EMPTY);
    }
    const [a, b, c, d, urn] = (parameter(url, 'BBOX') ?? '').split(',');
    if (urn !== `urn:ogc:def:crs:EPSG::${parcel.epsg}`) return xml(EMPTY);
    // A WFS answers the features whose envelope meets the box (the adapter then tests containment).
    const corners = [
      [a, b],
      [c, d],
      [a, d],
      [c, b],
    ].map(([x, y]) => (isGeographic(parcel.epsg) ? ([Number(y), Number(x)] as LonLat) : toWgs84(parcel.epsg, Number(x), Number(y))));
    const [minLon, minLat, maxLon, maxLat] = bboxOf(parcel.outline);
    const meets =
      Math.min(...corners.map((p) => p[0])) <= maxLon &&
      Math.max(...corners.map((p) => p[0])) >= minLon &&
      Math.min(...corners.map((p) => p[1])) <= maxLat &&
      Math.max(...corners.map((p) => p[1])) >= minLat;
    return xml(meets ? parcel.answer : EMPTY);
  };
