import { bboxOf } from '../../geo/polygon.js';
import { encodeGeometry } from '../geometry-codec.js';
import type { StoredParcel } from '../types.js';

/**
 * Parcels packed for the trip from the parse worker to the writer: a few transferable arrays
 * instead of thousands of small objects (structured clone of objects costs as much as the parse).
 * Per parcel: its strings, seven numbers (centroid lon/lat, area, bbox W/S/E/N) and its outline
 * already in the stored blob layout (geometry-codec.ts), so the writer only binds values.
 */
export interface ParcelBatch {
  count: number;
  countries: string[];
  refs: string[];
  classes: (string | null)[];
  sources: string[];
  dataDates: string[];
  numbers: Float64Array;
  geometry: Uint8Array;
  /** geometry.subarray(offsets[i], offsets[i + 1]) is parcel i's blob. */
  offsets: Uint32Array;
}

export const NUMBERS_PER_PARCEL = 7;

export function packParcels(parcels: StoredParcel[]): ParcelBatch {
  const blobs = parcels.map((p) => encodeGeometry(p.geometry));
  const offsets = new Uint32Array(parcels.length + 1);
  blobs.forEach((blob, i) => { offsets[i + 1] = offsets[i] + blob.length; });
  const geometry = new Uint8Array(offsets[parcels.length]);
  blobs.forEach((blob, i) => geometry.set(blob, offsets[i]));
  const numbers = new Float64Array(parcels.length * NUMBERS_PER_PARCEL);
  parcels.forEach((p, i) => {
    const [w, s, e, n] = bboxOf(p.geometry);
    numbers.set([p.centroid[0], p.centroid[1], p.areaM2, w, s, e, n], i * NUMBERS_PER_PARCEL);
  });
  return {
    count: parcels.length,
    countries: parcels.map((p) => p.country),
    refs: parcels.map((p) => p.ref),
    classes: parcels.map((p) => p.clase ?? null),
    sources: parcels.map((p) => p.source),
    dataDates: parcels.map((p) => p.dataDate),
    numbers, geometry, offsets,
  };
}

/** The arrays a batch can hand over without copying. */
export const transferablesOf = (batch: ParcelBatch) => [batch.numbers.buffer, batch.geometry.buffer, batch.offsets.buffer] as ArrayBuffer[];
