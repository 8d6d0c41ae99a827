import wkx from 'wkx';

/** Envelope size in bytes by the header's envelope indicator (GeoPackage 1.x, clause 2.1.3.1.1). */
const ENVELOPE_BYTES = [0, 32, 48, 48, 64];

/**
 * A GeoPackage geometry blob as a GeoJSON-shaped geometry; null for an empty geometry.
 *
 * The blob is a small GeoPackage header followed by standard WKB. wkx reads the WKB; the header
 * is skipped here by hand because no maintained npm library reads GeoPackage blobs row by row
 * from better-sqlite3 (the GeoPackage readers load the whole file into sql.js, and the EEA
 * Natura 2000 GeoPackage is over 1 GB). Header: "GP" magic, version byte, flags byte (bit 0
 * byte order of the header, bits 1-3 envelope indicator, bit 4 empty geometry, bit 5 extended
 * type), int32 srs_id, then the envelope. Its srs_id repeats gpkg_geometry_columns, which the
 * reader uses instead; its byte order only concerns the header: the WKB carries its own.
 */
export function geometryOfGpkgBlob(blob: Buffer): { type: string; coordinates: unknown } | null {
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) throw new Error('not a GeoPackage geometry (no "GP" header)');
  const flags = blob[3];
  if (flags & 0b10_0000) throw new Error('extended (non-standard) GeoPackage geometry type');
  if (flags & 0b1_0000) return null;
  const envelope = ENVELOPE_BYTES[(flags >> 1) & 0b111];
  if (envelope === undefined) throw new Error(`invalid envelope indicator ${(flags >> 1) & 0b111}`);
  const geometry = wkx.Geometry.parse(blob.subarray(8 + envelope)).toGeoJSON() as { type: string; coordinates: unknown };
  return geometry;
}
