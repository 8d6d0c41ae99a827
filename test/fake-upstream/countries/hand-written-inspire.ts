import { fromWgs84, isGeographic } from '../../../core/geo/crs.js';
import { areaM2 } from '../../../core/geo/polygon.js';
import type { LonLat, ParcelGeometry } from '../../../core/model/index.js';
import { handParcel } from './hand-parcels.js';

/**
 * INSPIRE answers WRITTEN BY HAND for the services of which NO ANSWER WAS RECORDED (CZ, DE
 * Niedersachsen, FI, SK, LI, IS, UK; the foral buildings services), to the published schemas:
 * the INSPIRE Data Specification on Cadastral Parcels (application schema cp 4.0:
 * `cp:CadastralParcel` with areaValue, beginLifespanVersion, geometry, inspireId, label,
 * nationalCadastralReference, referencePoint) and on Buildings (bu-core2d 4.0: `Building` with
 * geometry2D and currentUse), in a WFS 2.0 `wfs:FeatureCollection`. No country's recorded answer
 * is copied or re-labelled (issue #37): the outline is a hand-made square (hand-parcels.ts), written
 * in the country's CRS with its URN axis order (latitude first when geographic).
 */
export interface HandWrittenInspireParcel {
  ref: string;
  /** The inspireId namespace (e.g. `CZ.ISKN.CP`). */
  namespace: string;
  epsg: number;
  /** Where the square parcel stands. */
  centre: LonLat;
}

export interface HandWrittenInspireAnswer {
  answer: string;
  outline: ParcelGeometry;
  /** A point inside the outline (its centre): the parcel's referencePoint and the fakes' address point. */
  inside: LonLat;
  /** The areaValue written (the square's area, whole m²). */
  area: number;
}

/** One `cp:CadastralParcel` in a WFS 2.0 FeatureCollection, written by hand (see the header). */
export function handWrittenInspireParcel(parcel: HandWrittenInspireParcel): HandWrittenInspireAnswer {
  const { ring, centre } = handParcel(parcel.ref, parcel.centre);
  const outline: ParcelGeometry = { type: 'Polygon', coordinates: [ring] };
  const area = Math.round(areaM2(outline));
  const crs = `urn:ogc:def:crs:EPSG::${parcel.epsg}`;
  const pos = ([lon, lat]: LonLat) =>
    isGeographic(parcel.epsg)
      ? `${lat.toFixed(9)} ${lon.toFixed(9)}`
      : fromWgs84(parcel.epsg, lon, lat)
          .map((v) => v.toFixed(2))
          .join(' ');
  const id = `${parcel.namespace}.${parcel.ref.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
  const answer = `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:cp="http://inspire.ec.europa.eu/schemas/cp/4.0" xmlns:base="http://inspire.ec.europa.eu/schemas/base/3.3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" timeStamp="2026-11-29T08:00:00Z" numberMatched="1" numberReturned="1">
  <wfs:member>
    <cp:CadastralParcel gml:id="${id}">
      <cp:areaValue uom="m2">${area}</cp:areaValue>
      <cp:beginLifespanVersion>2020-01-01T00:00:00Z</cp:beginLifespanVersion>
      <cp:endLifespanVersion xsi:nil="true" nilReason="http://inspire.ec.europa.eu/codelist/VoidReasonValue/Unpopulated"/>
      <cp:geometry>
        <gml:MultiSurface gml:id="MultiSurface_${id}" srsName="${crs}">
          <gml:surfaceMember>
            <gml:Polygon gml:id="Polygon_${id}" srsName="${crs}">
              <gml:exterior><gml:LinearRing><gml:posList srsDimension="2" count="${ring.length}">${ring.map(pos).join(' ')}</gml:posList></gml:LinearRing></gml:exterior>
            </gml:Polygon>
          </gml:surfaceMember>
        </gml:MultiSurface>
      </cp:geometry>
      <cp:inspireId><base:Identifier><base:localId>${parcel.ref}</base:localId><base:namespace>${parcel.namespace}</base:namespace></base:Identifier></cp:inspireId>
      <cp:label>${parcel.ref}</cp:label>
      <cp:nationalCadastralReference>${parcel.ref}</cp:nationalCadastralReference>
      <cp:referencePoint><gml:Point gml:id="ReferencePoint_${id}" srsName="${crs}"><gml:pos>${pos(centre)}</gml:pos></gml:Point></cp:referencePoint>
    </cp:CadastralParcel>
  </wfs:member>
</wfs:FeatureCollection>
`;
  return { answer, outline, inside: centre, area };
}

/**
 * One `Building` (bu-core2d 4.0) standing on `at`, a square footprint `half` degrees each way,
 * written in EPSG:25830 (the CRS the foral buildings services are asked in), with its INSPIRE
 * currentUse code.
 */
export function handWrittenInspireBuilding(options: { featureType: string; at: LonLat; half: number; currentUse: string }): string {
  const { ring } = handParcel('building', options.at, options.half);
  const crs = 'urn:ogc:def:crs:EPSG::25830';
  const posList = ring
    .map(([lon, lat]) =>
      fromWgs84(25830, lon, lat)
        .map((v) => v.toFixed(3))
        .join(' '),
    )
    .join(' ');
  const [prefix] = options.featureType.split(':');
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:${prefix}="http://inspire.ec.europa.eu/schemas/bu-core2d/4.0" xmlns:base="http://inspire.ec.europa.eu/schemas/base/3.3" timeStamp="2026-11-29T08:00:00Z" numberMatched="1" numberReturned="1">
  <wfs:member>
    <${options.featureType} gml:id="BU.hand-written.1">
      <${prefix}:inspireId><base:Identifier><base:localId>hand-written.1</base:localId><base:namespace>BU</base:namespace></base:Identifier></${prefix}:inspireId>
      <${prefix}:geometry2D>
        <base:BuildingGeometry2D>
          <base:geometry><gml:Polygon gml:id="BU.hand-written.1.geom" srsName="${crs}"><gml:exterior><gml:LinearRing><gml:posList srsDimension="2">${posList}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></base:geometry>
          <base:referenceGeometry>true</base:referenceGeometry>
        </base:BuildingGeometry2D>
      </${prefix}:geometry2D>
      <${prefix}:currentUse>${options.currentUse}</${prefix}:currentUse>
    </${options.featureType}>
  </wfs:member>
</wfs:FeatureCollection>
`;
}
