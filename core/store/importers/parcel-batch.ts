import { bboxOf } from '../../geo/polygon.js';
import { encodedLength, encodeGeometryInto } from '../geometry-codec.js';
import type { StoredParcel } from '../../model/records.js';

/**
 * Parcels packed for the bulk writer: per parcel its strings, seven numbers (centroid lon/lat,
 * area, bbox W/S/E/N) and its outline already in the stored blob layout (geometry-codec.ts), so
 * the writer only binds values positionally. The import builds them in one pass from the parsed
 * parcels (parcel-batch-builder.ts); `packParcels` packs parcels already in the copy's shape.
 */
export interface ParcelBatch {
  count: number;
  /** Per parcel, or one value for the whole batch (a file's parcels share country and source). */
  countries: string[] | string;
  /** References, classes ('' for none) and dates, each joined by \n: one string to copy instead of hundreds. */
  refs: string;
  classes: string;
  sources: string[] | string;
  dataDates: string;
  numbers: Float64Array;
  geometry: Uint8Array;
  /** geometry.subarray(offsets[i], offsets[i + 1]) is parcel i's blob. */
  offsets: Uint32Array;
}

export const NUMBERS_PER_PARCEL = 7;

export function packParcels(parcels: StoredParcel[]): ParcelBatch {
  // All outlines encoded into one buffer: one allocation per batch, not one per parcel and a copy.
  const offsets = new Uint32Array(parcels.length + 1);
  parcels.forEach((p, i) => {
    offsets[i + 1] = offsets[i] + encodedLength(p.geometry) * 8;
  });
  const values = new Float64Array(offsets[parcels.length] / 8);
  parcels.forEach((p, i) => encodeGeometryInto(p.geometry, values, offsets[i] / 8));
  const geometry = new Uint8Array(values.buffer);
  const numbers = new Float64Array(parcels.length * NUMBERS_PER_PARCEL);
  parcels.forEach((p, i) => {
    const [w, s, e, n] = bboxOf(p.geometry);
    numbers.set([p.centroid[0], p.centroid[1], p.areaM2, w, s, e, n], i * NUMBERS_PER_PARCEL);
  });
  return {
    count: parcels.length,
    countries: sharedOrEach(parcels.map((p) => p.country)),
    refs: parcels.map((p) => p.ref).join('\n'),
    classes: parcels.map((p) => p.clase ?? '').join('\n'),
    sources: sharedOrEach(parcels.map((p) => p.source)),
    dataDates: parcels.map((p) => p.dataDate).join('\n'),
    numbers,
    geometry,
    offsets,
  };
}

/** One string when every parcel has the same value: less for structured clone to copy. */
const sharedOrEach = (values: string[]): string[] | string => (values.every((v) => v === values[0]) ? (values[0] ?? '') : values);
export const valueAt = (values: string[] | string, i: number) => (typeof values === 'string' ? values : values[i]);
