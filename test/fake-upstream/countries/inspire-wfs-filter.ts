import { isGeographic, toWgs84 } from '../../../core/geo/crs.js';
import { containsPoint } from '../../../core/geo/polygon.js';
import type { ParcelGeometry } from '../../../core/model/index.js';

/**
 * What the hand-written INSPIRE CP WFS fakes of Germany's Länder and Finland (core/countries/{de,fi}/
 * test/fake.ts) read of a GetFeature request, and the empty answer they give: WRITTEN BY HAND in
 * the WFS 2.0 schema (no answer of these services was recorded).
 */
export const EMPTY_WFS = `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" numberMatched="0" numberReturned="0" timeStamp="2026-11-24T09:00:00Z"/>
`;

/** True when a box written in `epsg`'s URN axis order meets the outline (tested at the box's centre and the outline's extent). */
export function urnBoxMeets(bbox: string | undefined, epsg: number, outline: ParcelGeometry): boolean {
  const [a, b, c, d, urn] = (bbox ?? '').split(',');
  if (urn !== `urn:ogc:def:crs:EPSG::${epsg}`) return false;
  const [minX, minY, maxX, maxY] = isGeographic(epsg) ? [b, a, d, c].map(Number) : [a, b, c, d].map(Number);
  const centre = toWgs84(epsg, (minX + maxX) / 2, (minY + maxY) / 2);
  return containsPoint(outline, centre);
}

/** True when a FES filter names the reference, written `_`-filled or stripped of its trailing `_`. */
export const literalIn = (filter: string | undefined, ref: string) =>
  filter !== undefined && [ref, ref.replace(/_+$/, '')].some((v) => filter.includes(`<fes:Literal>${v}</fes:Literal>`));
