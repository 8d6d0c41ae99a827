import { isGeographic, toWgs84 } from '../../../core/geo/crs.js';
import { bboxOf } from '../../../core/geo/polygon.js';
import type { CountryCode, LonLat } from '../../../core/model/index.js';
import { xml, type FakeRoute } from './fake-server.js';
import { handWrittenInspireParcel, type HandWrittenInspireAnswer, type HandWrittenInspireParcel } from './hand-written-inspire.js';

/**
 * INSPIRE Cadastral Parcels WFS of the countries for which NO RECORDING EXISTS (Liechtenstein,
 * Iceland; Slovakia's GeoServer GeoJSON is sk.ts, Scotland's WMS uk-ros-wms.ts), as the fake plays them:
 * each answers ONE parcel WRITTEN BY HAND to the INSPIRE cp 4.0 schema (hand-written-inspire.ts: a
 * square at a real place of the country, written in EPSG:4258 latitude first) when a FES filter names its reference (`<fes:Literal>`) or a BBOX (URN of its CRS)
 * meets its outline; every other request answers an empty wfs:FeatureCollection, also by hand.
 */
export interface InspireParcel extends HandWrittenInspireParcel {
  country: CountryCode;
  path: string;
}

export interface InspireParcelAnswer extends InspireParcel, HandWrittenInspireAnswer {}

const inspireParcel = (p: InspireParcel): InspireParcelAnswer => ({ ...p, ...handWrittenInspireParcel(p) });

const EMPTY = `<?xml version="1.0" encoding="utf-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" numberMatched="0" numberReturned="0" timeStamp="2026-01-01T00:00:00Z"/>
`;

export const LI_PARCEL = inspireParcel({ country: 'LI', path: '/li-wfs', ref: '7011-1234', namespace: 'LI.LLV.CP', epsg: 4258, centre: [9.5209, 47.141] });
export const IS_PARCEL = inspireParcel({ country: 'IS', path: '/is-wfs', ref: '102345', namespace: 'IS.HMS.CP', epsg: 4258, centre: [-21.9426, 64.1466] });
const PARCELS: InspireParcelAnswer[] = [LI_PARCEL, IS_PARCEL];

const parameter = (url: URL, name: string) => {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
};

export const inspireSkLiIsUkRoutes: FakeRoute = (url) => {
  const parcel = PARCELS.find((p) => p.path === url.pathname);
  if (!parcel) return undefined;
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

export const inspireSkLiIsUkSources = (base: string) => ({
  li: { cpWfsUrl: `${base}/li-wfs` },
  is: { cpWfsUrl: `${base}/is-wfs` },
});
