import { readFileSync } from 'node:fs';
import { fromWgs84, isGeographic, toWgs84 } from '../../../core/geo/crs.js';
import { centroid, containsPoint } from '../../../core/geo/polygon.js';
import type { LonLat, ParcelGeometry } from '../../../core/model/index.js';
import { fixture } from '../../helpers/paths.js';

/**
 * The REAL Spanish INSPIRE GetParcel answer for 8429105VK1882N, re-labelled for a country of
 * which NO RECORDING EXISTS (the CZ precedent of issue 13, followed for DE, FI, SK, LI, IS, UK):
 * its references become the country's (gml:ids, localId, namespace, nationalCadastralReference),
 * its outline is moved by `shift` degrees and written in the country's CRS with that CRS's URN
 * axis order (latitude first when geographic) instead of EPSG:25830; everything else (structure,
 * areaValue 572, dates) stays the Spanish answer's. One place, so every fake moves it alike.
 */
const SPANISH = readFileSync(fixture('es_catastro_wfs_getparcel_8429105VK1882N.gml'), 'utf8');
const SPANISH_REF = '8429105VK1882N';

const SPANISH_RING: LonLat[] = (() => {
  const numbers = /<gml:posList[^>]*>([^<]+)</.exec(SPANISH)![1].trim().split(/\s+/).map(Number);
  const ring: LonLat[] = [];
  for (let i = 0; i < numbers.length; i += 2) ring.push(toWgs84(25830, numbers[i], numbers[i + 1]));
  return ring;
})();
const SPANISH_OUTLINE: ParcelGeometry = { type: 'Polygon', coordinates: [SPANISH_RING] };

/** The Spanish outline's centroid (outside it: the parcel is concave). */
export const SPANISH_CENTROID: LonLat = centroid(SPANISH_OUTLINE);

/** A point well inside the Spanish outline (3e-5° from its edges every way). */
export const SPANISH_INTERIOR: LonLat = (() => {
  const [cx, cy] = SPANISH_CENTROID;
  for (let r = 0; r < 40; r++) {
    for (let a = 0; a < 16; a++) {
      const p: LonLat = [cx + r * 0.000005 * Math.cos((a * Math.PI) / 8), cy + r * 0.000005 * Math.sin((a * Math.PI) / 8)];
      if (containsPoint(SPANISH_OUTLINE, p) && [[3e-5, 0], [-3e-5, 0], [0, 3e-5], [0, -3e-5]].every(([dx, dy]) => containsPoint(SPANISH_OUTLINE, [p[0] + dx, p[1] + dy]))) return p;
    }
  }
  throw new Error('no interior point');
})();

export interface RelabelledSpanishAnswer {
  answer: string;
  /** The moved outline in WGS84. */
  outline: ParcelGeometry;
  /** The moved referencePoint of the Spanish answer, inside the outline: the fakes' address point. */
  inside: LonLat;
}

export function relabelSpanishInspire(options: { ref: string; namespace: string; epsg: number; shift: LonLat }): RelabelledSpanishAnswer {
  const [dx, dy] = options.shift;
  const write = (x: number, y: number) => {
    const [lon, lat] = toWgs84(25830, x, y);
    if (isGeographic(options.epsg)) return `${(lat + dy).toFixed(9)} ${(lon + dx).toFixed(9)}`;
    return fromWgs84(options.epsg, lon + dx, lat + dy).map((v) => v.toFixed(2)).join(' ');
  };
  const safeId = options.ref.replace(/[^A-Za-z0-9_.-]/g, '_');
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
    .replace(/http:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/25830/g, `urn:ogc:def:crs:EPSG::${options.epsg}`)
    .replace(new RegExp(`ES\\.SDGC\\.CP\\.${SPANISH_REF}`, 'g'), `${options.namespace}.${safeId}`)
    .replace(/ES\.SDGC\.CP/g, options.namespace)
    .replace(new RegExp(SPANISH_REF, 'g'), options.ref);
  const outline: ParcelGeometry = { type: 'Polygon', coordinates: [SPANISH_RING.map(([lon, lat]) => [lon + dx, lat + dy] as LonLat)] };
  const [refX, refY] = /<gml:pos>([^<]+)</.exec(SPANISH)![1].trim().split(/\s+/).map(Number);
  const [refLon, refLat] = toWgs84(25830, refX, refY);
  return { answer, outline, inside: [refLon + dx, refLat + dy] };
}
