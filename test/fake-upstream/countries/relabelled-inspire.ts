import { readFileSync } from 'node:fs';
import { fromWgs84, isGeographic, toWgs84 } from '../../../core/geo/crs.js';
import { bboxOf, centroid } from '../../../core/geo/polygon.js';
import type { CountryCode, LonLat, ParcelGeometry } from '../../../core/model/index.js';
import { fixture } from '../../helpers/paths.js';
import { xml, type FakeRoute } from './fake-server.js';

/**
 * INSPIRE Cadastral Parcels WFS of the countries for which NO RECORDING EXISTS (Slovakia,
 * Liechtenstein, Iceland, United Kingdom/Scotland), as the fake plays them. As for Czechia
 * (inspire.ts), each answer is the REAL Spanish INSPIRE GetParcel answer for 8429105VK1882N
 * RE-LABELLED FOR THE COUNTRY by this fake: its references become the country's (gml:ids,
 * localId, namespace, nationalCadastralReference), its outline is moved (in degrees) from near
 * Madrid into the country and written in the country's CRS with that CRS's axis order (EPSG:5514
 * for Slovakia; EPSG:4258 latitude first elsewhere) instead of EPSG:25830; everything else
 * (structure, areaValue 572, dates) is the Spanish answer's. Each service answers the reference
 * when a FES filter names it (`<fes:Literal>`), and any BBOX (URN of its CRS) whose centre lies
 * in the moved outline; every other request answers an empty wfs:FeatureCollection WRITTEN BY HAND.
 */
const SPANISH = readFileSync(fixture('es_catastro_wfs_getparcel_8429105VK1882N.gml'), 'utf8');
const SPANISH_REF = '8429105VK1882N';

const spanishRing = (): LonLat[] => {
  const numbers = /<gml:posList[^>]*>([^<]+)</.exec(SPANISH)![1].trim().split(/\s+/).map(Number);
  const ring: LonLat[] = [];
  for (let i = 0; i < numbers.length; i += 2) ring.push(toWgs84(25830, numbers[i], numbers[i + 1]));
  return ring;
};

export interface RelabelledParcel {
  country: CountryCode;
  path: string;
  ref: string;
  namespace: string;
  epsg: number;
  /** Where the moved parcel's centroid lands. */
  at: LonLat;
}

export interface RelabelledAnswer extends RelabelledParcel {
  answer: string;
  outline: ParcelGeometry;
  /** The moved referencePoint of the Spanish answer, well inside the (concave) outline: the fakes' address point. */
  inside: LonLat;
}

export function relabel(parcel: RelabelledParcel): RelabelledAnswer {
  const [cLon, cLat] = centroid({ type: 'Polygon', coordinates: [spanishRing()] });
  const shift: LonLat = [parcel.at[0] - cLon, parcel.at[1] - cLat];
  const write = (x: number, y: number) => {
    const [lon, lat] = toWgs84(25830, x, y);
    const [tLon, tLat] = [lon + shift[0], lat + shift[1]];
    if (isGeographic(parcel.epsg)) return `${tLat.toFixed(9)} ${tLon.toFixed(9)}`;
    return fromWgs84(parcel.epsg, tLon, tLat).map((v) => v.toFixed(2)).join(' ');
  };
  const safeId = parcel.ref.replace(/[^A-Za-z0-9_.-]/g, '_');
  const answer = SPANISH
    .replace(/(<gml:posList[^>]*>)([^<]+)(<)/g, (_, open: string, numbers: string, close: string) => {
      const values = numbers.trim().split(/\s+/).map(Number);
      const pairs: string[] = [];
      for (let i = 0; i < values.length; i += 2) pairs.push(write(values[i], values[i + 1]));
      return `${open}${pairs.join(' ')}${close}`;
    })
    .replace(/(<gml:pos>)([^<]+)(<)/g, (_, open: string, pair: string, close: string) => {
      const [x, y] = pair.trim().split(/\s+/).map(Number);
      return `${open}${write(x, y)}${close}`;
    })
    .replace(/http:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/25830/g, `urn:ogc:def:crs:EPSG::${parcel.epsg}`)
    .replace(new RegExp(`ES\\.SDGC\\.CP\\.${SPANISH_REF}`, 'g'), `${parcel.namespace}.${safeId}`)
    .replace(/ES\.SDGC\.CP/g, parcel.namespace)
    .replace(new RegExp(SPANISH_REF, 'g'), parcel.ref);
  const ring = spanishRing().map(([lon, lat]) => [lon + shift[0], lat + shift[1]] as LonLat);
  const outline: ParcelGeometry = { type: 'Polygon', coordinates: [ring] };
  const [refX, refY] = /<gml:pos>([^<]+)</.exec(SPANISH)![1].trim().split(/\s+/).map(Number);
  const [refLon, refLat] = toWgs84(25830, refX, refY);
  return { ...parcel, answer, outline, inside: [refLon + shift[0], refLat + shift[1]] };
}

const EMPTY = `<?xml version="1.0" encoding="utf-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" numberMatched="0" numberReturned="0" timeStamp="2026-01-01T00:00:00Z"/>
`;

export const SK_PARCEL = relabel({ country: 'SK', path: '/sk-wfs', ref: '804959_2158/2.C', namespace: 'SK.UGKK.CP', epsg: 5514, at: [17.1077, 48.1486] });
export const LI_PARCEL = relabel({ country: 'LI', path: '/li-wfs', ref: '7011-1234', namespace: 'LI.LLV.CP', epsg: 4258, at: [9.5209, 47.141] });
export const IS_PARCEL = relabel({ country: 'IS', path: '/is-wfs', ref: '102345', namespace: 'IS.HMS.CP', epsg: 4258, at: [-21.9426, 64.1466] });
export const UK_PARCEL = relabel({ country: 'UK', path: '/uk-wfs', ref: '5503317', namespace: 'UK.ROS.CP', epsg: 4258, at: [-3.1883, 55.9533] });
const PARCELS: RelabelledAnswer[] = [SK_PARCEL, LI_PARCEL, IS_PARCEL, UK_PARCEL];

const parameter = (url: URL, name: string) => {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
};

export const relabelledInspireRoutes: FakeRoute = (url) => {
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
  const corners = [[a, b], [c, d], [a, d], [c, b]].map(([x, y]) => (isGeographic(parcel.epsg) ? [Number(y), Number(x)] as LonLat : toWgs84(parcel.epsg, Number(x), Number(y))));
  const [minLon, minLat, maxLon, maxLat] = bboxOf(parcel.outline);
  const meets = Math.min(...corners.map((p) => p[0])) <= maxLon && Math.max(...corners.map((p) => p[0])) >= minLon
    && Math.min(...corners.map((p) => p[1])) <= maxLat && Math.max(...corners.map((p) => p[1])) >= minLat;
  return xml(meets ? parcel.answer : EMPTY);
};

export const relabelledInspireSources = (base: string) => ({
  sk: { cpWfsUrl: `${base}/sk-wfs` },
  li: { cpWfsUrl: `${base}/li-wfs` },
  is: { cpWfsUrl: `${base}/is-wfs` },
  uk: { cpWfsUrl: `${base}/uk-wfs` },
});
