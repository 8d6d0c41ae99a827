import type { LonLat, ParcelGeometry, Ring } from '../../model/index.js';

/**
 * Outlines to and from PostGIS: EWKB with SRID 4326 on the way in (hex, as COPY's text format
 * and a text parameter take it), plain WKB (`ST_AsBinary`) on the way out. Polygon and
 * MultiPolygon only, little-endian, 2D: what parcels are.
 */
const WKB_POLYGON = 3;
const WKB_MULTIPOLYGON = 6;
const EWKB_SRID_FLAG = 0x20000000;
export const WGS84_SRID = 4326;

function polygonsOf(geometry: ParcelGeometry): Ring[][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

function ringsSize(rings: Ring[]): number {
  let size = 4;
  for (const ring of rings) size += 4 + ring.length * 16;
  return size;
}

/** EWKB (SRID 4326) of an outline as a hex string. */
export function ewkbHex(geometry: ParcelGeometry): string {
  const polygons = polygonsOf(geometry);
  const multi = geometry.type === 'MultiPolygon';
  let size = 1 + 4 + 4;
  if (multi) size += 4 + polygons.reduce((sum, rings) => sum + 1 + 4 + ringsSize(rings), 0);
  else size += ringsSize(polygons[0]);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  out.writeUInt8(1, at);
  at += 1;
  out.writeUInt32LE((multi ? WKB_MULTIPOLYGON : WKB_POLYGON) | EWKB_SRID_FLAG, at);
  at += 4;
  out.writeUInt32LE(WGS84_SRID, at);
  at += 4;
  const writeRings = (rings: Ring[]) => {
    out.writeUInt32LE(rings.length, at);
    at += 4;
    for (const ring of rings) {
      out.writeUInt32LE(ring.length, at);
      at += 4;
      for (const [lon, lat] of ring) {
        out.writeDoubleLE(lon, at);
        at += 8;
        out.writeDoubleLE(lat, at);
        at += 8;
      }
    }
  };
  if (multi) {
    out.writeUInt32LE(polygons.length, at);
    at += 4;
    for (const rings of polygons) {
      out.writeUInt8(1, at);
      at += 1;
      out.writeUInt32LE(WKB_POLYGON, at);
      at += 4;
      writeRings(rings);
    }
  } else {
    writeRings(polygons[0]);
  }
  return out.toString('hex');
}

/** An outline from WKB (either byte order, with or without an SRID). */
export function fromWkb(wkb: Buffer): ParcelGeometry {
  let at = 0;
  const header = () => {
    const little = wkb.readUInt8(at) === 1;
    at += 1;
    const raw = little ? wkb.readUInt32LE(at) : wkb.readUInt32BE(at);
    at += 4;
    if (raw & EWKB_SRID_FLAG) at += 4;
    return { little, type: raw & 0xffff };
  };
  const readRings = (little: boolean): Ring[] => {
    const u32 = () => {
      const v = little ? wkb.readUInt32LE(at) : wkb.readUInt32BE(at);
      at += 4;
      return v;
    };
    const f64 = () => {
      const v = little ? wkb.readDoubleLE(at) : wkb.readDoubleBE(at);
      at += 8;
      return v;
    };
    const rings: Ring[] = new Array(u32());
    for (let r = 0; r < rings.length; r++) {
      const ring: LonLat[] = new Array(u32());
      for (let k = 0; k < ring.length; k++) ring[k] = [f64(), f64()];
      rings[r] = ring;
    }
    return rings;
  };
  const { little, type } = header();
  if (type === WKB_POLYGON) return { type: 'Polygon', coordinates: readRings(little) };
  if (type !== WKB_MULTIPOLYGON) throw new Error(`Not a parcel outline: WKB type ${type}`);
  const count = little ? wkb.readUInt32LE(at) : wkb.readUInt32BE(at);
  at += 4;
  const polygons: Ring[][] = [];
  for (let p = 0; p < count; p++) polygons.push(readRings(header().little));
  return { type: 'MultiPolygon', coordinates: polygons };
}
