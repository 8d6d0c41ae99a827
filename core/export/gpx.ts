import { BaseBuilder, buildGPX } from 'gpx-builder';
import type { Parcel } from '../model/index.js';

const { Point, Track, Segment, Metadata } = BaseBuilder.MODELS;

/**
 * GPX 1.1: a `wpt` at the parcel's point (lat/lon attributes, `name` = reference), and the
 * outline as a closed track so GPS units and Google Earth can show the boundary.
 */
export function parcelToGpx(parcel: Parcel): string {
  const name = parcel.refCatastral;
  const waypoint = new Point(parcel.latitud, parcel.longitud, { name, desc: parcel.direccion });
  const outline = parcel.poligono.map(([lon, lat]) => new Point(lat, lon));
  const builder = new BaseBuilder()
    .setMetadata(new Metadata({ name, desc: parcel.attribution ? `© ${parcel.attribution}` : undefined }))
    .setWayPoints([waypoint])
    .setTracks([new Track([new Segment(outline)], { name: `${name} outline` })]);
  return buildGPX(builder.toObject());
}
